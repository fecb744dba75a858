// Settings › Your data (POPIA s23, issue 28): everything held about the user, downloaded as one JSON file.
import type { Role } from '@shared/api/auth';
import { Download, FileJson } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { useDownloadMyData } from './queries';
import { SettingsSection } from './SettingsSection';

export function DataCard({ role }: { role: Role }) {
  const download = useDownloadMyData();
  const what =
    role === 'shop_owner'
      ? 'your profile, your shops with their menus, hours and promotions, their orders and your messages'
      : 'your profile, orders, reviews, messages and favourites';
  return (
    <SettingsSection
      id="data-settings"
      title="Your data"
      description={`A copy of everything Brew Connect holds about you: ${what}, and where you are signed in. One JSON file.`}
      icon={<FileJson className="h-5 w-5" aria-hidden />}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" onClick={() => download.mutate()} disabled={download.isPending}>
          <Download className="h-4 w-4" aria-hidden />
          {download.isPending ? 'Preparing your file...' : 'Download my data'}
        </Button>
        <p role="status" className="min-w-0 text-sm break-all text-leaf">
          {download.isSuccess ? `Downloaded ${download.data}` : ''}
        </p>
      </div>
      {download.isError && <FormAlert>{errorMessage(download.error)}</FormAlert>}
    </SettingsSection>
  );
}
