// Settings › Where you're signed in (issue 28): every live session, this device first; Sign out for each other one
// and 'Sign out everywhere else'. A browser signed out here is sent to the sign-in page on its next call.
import type { Session } from '@shared/api/account';
import { LaptopMinimal } from 'lucide-react';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { Skeleton } from '../../ui/Skeleton';
import { useEndOtherSessions, useEndSession, useSessions } from './queries';
import { SessionItem } from './SessionItem';
import { SettingsSection } from './SettingsSection';
import { browserName } from './session-text';

/** This device first, then the most recently used. */
function ordered(sessions: Session[]): Session[] {
  return [...sessions].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt),
  );
}

export function SessionsCard() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const [done, setDone] = useState('');
  const list = sessions.data ? ordered(sessions.data) : [];
  const others = list.filter((session) => !session.current);
  const now = new Date(sessions.dataUpdatedAt || Date.now());
  const failure = endOne.error ?? endOthers.error;

  const signOut = (session: Session) => {
    endOthers.reset();
    setDone('');
    endOne.mutate(session.id, {
      onSuccess: () => setDone(`Signed out of ${browserName(session.userAgent)}.`),
    });
  };

  const signOutOthers = () => {
    endOne.reset();
    setDone('');
    endOthers.mutate(undefined, {
      onSuccess: () => setDone('Signed out everywhere else.'),
    });
  };

  return (
    <SettingsSection
      id="sessions-settings"
      title="Where you're signed in"
      description="Sign out of any browser you no longer use or do not recognise."
      icon={<LaptopMinimal className="h-5 w-5" aria-hidden />}
    >
      <div aria-busy={sessions.isLoading} className="space-y-4">
        {sessions.isLoading ? (
          <div className="space-y-2" data-testid="sessions-loading">
            <Skeleton className="h-16 w-full" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : sessions.isError || !sessions.data ? (
          <LoadFailed text="Could not load where you're signed in." onRetry={() => void sessions.refetch()} />
        ) : (
          <>
            <ul className="divide-y divide-espresso-100 rounded-xl border border-espresso-100">
              {list.map((session) => (
                <SessionItem
                  key={session.id}
                  session={session}
                  now={now}
                  onSignOut={() => signOut(session)}
                  isSigningOut={endOne.isPending && endOne.variables === session.id}
                />
              ))}
            </ul>
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {others.length > 0 ? (
                <Button variant="outline" onClick={signOutOthers} disabled={endOthers.isPending}>
                  {endOthers.isPending ? 'Signing out...' : 'Sign out everywhere else'}
                </Button>
              ) : (
                <p className="text-sm text-espresso-600">You are not signed in anywhere else.</p>
              )}
              <p role="status" className="text-sm text-leaf">
                {done}
              </p>
            </div>
          </>
        )}
        {failure && <FormAlert>{errorMessage(failure)}</FormAlert>}
      </div>
    </SettingsSection>
  );
}
