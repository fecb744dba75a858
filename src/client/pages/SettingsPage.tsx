// Settings (/settings): the account (issue 28: username, email, password, where one is signed in, one's data),
// notifications on this device and which news to be notified about (issue 27), and, last, deleting the account.
import { PageShell } from '../components/PageShell';
import { SignInRequired } from '../components/SignInRequired';
import { AccountCard } from '../features/account/AccountCard';
import { DataCard } from '../features/account/DataCard';
import { DeleteAccountCard } from '../features/account/DeleteAccountCard';
import { SessionsCard } from '../features/account/SessionsCard';
import { DevicePushCard } from '../features/notifications/DevicePushCard';
import { PreferencesCard } from '../features/notifications/PreferencesCard';
import { useAuth } from '../lib/auth';
import { PageLoading } from '../ui/PageLoading';

export function SettingsPage() {
  const { user, isLoading } = useAuth();
  return (
    <PageShell>
      {isLoading ? (
        <PageLoading />
      ) : !user ? (
        <SignInRequired text="Please sign in to change your settings." />
      ) : (
        <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:py-10">
          <header>
            <h1 className="font-display text-3xl font-bold sm:text-4xl">Settings</h1>
            <p className="mt-1 text-espresso-700">
              Signed in as <span className="font-semibold text-espresso-900">{user.username}</span>
            </p>
          </header>
          <AccountCard user={user} />
          <SessionsCard />
          <DataCard role={user.role} />
          <DevicePushCard role={user.role} />
          <PreferencesCard role={user.role} />
          {/* The danger zone goes last, away from everyday settings, where nobody reaches it by accident. */}
          <DeleteAccountCard role={user.role} />
        </div>
      )}
    </PageShell>
  );
}
