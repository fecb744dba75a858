// One place the user is signed in: the browser and device, where from, when last used; Sign out for any but this.
// On a phone the button goes under the words, which then keep the row's whole width.
import type { Session } from '@shared/api/account';
import { formatLocal } from '@shared/domain/local-date';
import { Monitor, Smartphone, Tablet } from 'lucide-react';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { browserName, deviceKind, lastSeenText, readableAddress } from './session-text';

const icons = { phone: Smartphone, tablet: Tablet, computer: Monitor } as const;

export function SessionItem({
  session,
  now,
  onSignOut,
  isSigningOut,
}: {
  session: Session;
  now: Date;
  onSignOut: () => void;
  isSigningOut: boolean;
}) {
  const Icon = icons[deviceKind(session.userAgent)];
  const nameId = `session-${session.id}`;
  const address = readableAddress(session.address);
  const signedIn = new Date(session.createdAt);
  return (
    <li
      className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-2 px-4 py-3 sm:grid-cols-[auto_minmax(0,1fr)_auto]"
      data-testid="session"
    >
      <Icon className="mt-0.5 h-5 w-5 text-espresso-600" aria-hidden />
      <div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-espresso-950">
          <span id={nameId}>{browserName(session.userAgent)}</span>
          {session.current && <Badge tone="success">This device</Badge>}
        </p>
        <p className="mt-0.5 text-sm text-espresso-700">
          {[address, session.current ? 'Active now' : lastSeenText(session.lastSeenAt, now)]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="text-xs text-espresso-600">
          Signed in on {formatLocal(signedIn, 'd MMM yyyy')} at {formatLocal(signedIn, 'HH:mm')}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          className="col-start-2 justify-self-start sm:col-start-3 sm:row-start-1 sm:self-center"
          aria-describedby={nameId}
          onClick={onSignOut}
          disabled={isSigningOut}
        >
          {isSigningOut ? 'Signing out...' : 'Sign out'}
        </Button>
      )}
    </li>
  );
}
