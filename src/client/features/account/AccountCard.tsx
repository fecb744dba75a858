// Settings › Account (issue 28): username, email and password, one under the other.
import type { User } from '@shared/api/auth';
import { UserRound } from 'lucide-react';
import { EmailChangeForm } from './EmailChangeForm';
import { PasswordChangeForm } from './PasswordChangeForm';
import { SettingsSection } from './SettingsSection';
import { UsernameForm } from './UsernameForm';

export function AccountCard({ user }: { user: User }) {
  return (
    <SettingsSection
      id="account-settings"
      title="Account"
      description="Your name, the email you sign in with, and your password."
      icon={<UserRound className="h-5 w-5" aria-hidden />}
    >
      <div className="divide-y divide-espresso-100 rounded-xl border border-espresso-100">
        <div className="p-4">
          <UsernameForm current={user.username} role={user.role} />
        </div>
        <div className="p-4">
          <EmailChangeForm current={user.email} />
        </div>
        <div className="p-4">
          <PasswordChangeForm />
        </div>
      </div>
    </SettingsSection>
  );
}
