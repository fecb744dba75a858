// Settings › Delete my account (POPIA s24, issue 28): the danger zone, kept last; the dialog asks for DELETE and
// the password.
import type { Role } from '@shared/api/auth';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import { SettingsSection } from './SettingsSection';

export function DeleteAccountCard({ role }: { role: Role }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsSection
      id="delete-settings"
      title="Delete my account"
      tone="danger"
      description={
        role === 'shop_owner'
          ? 'Erases your profile and sign-ins for good and takes your shops off Discover. Customers’ past orders keep your shop’s name.'
          : 'Erases your profile and sign-ins for good. What the shops must keep stays with them, without your name.'
      }
      icon={<TriangleAlert className="h-5 w-5" aria-hidden />}
    >
      <Button variant="destructive" onClick={() => setOpen(true)} aria-haspopup="dialog">
        Delete my account
      </Button>
      {open && <DeleteAccountDialog role={role} onClose={() => setOpen(false)} />}
    </SettingsSection>
  );
}
