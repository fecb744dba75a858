// The one-time offer of notifications (issue 27): on /orders after a customer's first order, and on an owner's
// dashboard. Shown only when this device could turn them on now (not on, not blocked, supported), and never again
// once answered either way (remembered on this device).
import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import { toast } from '../../ui/toast-store';
import { BLOCKED_TEXT } from './push-status-text';
import { usePushNotifications } from './use-push-notifications';

/** Which offer: each is answered once, separately. */
export type PushOfferPlace = 'orders' | 'dashboard';

const storageKey = (place: PushOfferPlace) => `pushOffer:${place}`;

function wasAnswered(place: PushOfferPlace): boolean {
  try {
    return localStorage.getItem(storageKey(place)) !== null;
  } catch {
    return false;
  }
}

function rememberAnswer(place: PushOfferPlace, answer: 'on' | 'not-now') {
  try {
    localStorage.setItem(storageKey(place), answer);
  } catch {
    // Storage refused (private mode): the offer is hidden for this visit.
  }
}

export function PushOffer({
  place,
  title,
  text,
  onTurnedOn,
  className,
}: {
  place: PushOfferPlace;
  title: string;
  text: string;
  /** The toast's words once on. */
  onTurnedOn: string;
  className?: string;
}) {
  const push = usePushNotifications();
  const [answered, setAnswered] = useState(() => wasAnswered(place));
  // While turning on, the offer stays (busy) until the status says on.
  if (answered || (push.status !== 'off' && !push.busy)) return null;

  const answer = (value: 'on' | 'not-now') => {
    rememberAnswer(place, value);
    setAnswered(true);
  };
  const turnOn = () =>
    push.turnOn({
      onSuccess: () => {
        answer('on');
        toast({ title: 'Notifications are on', description: onTurnedOn });
      },
      onError: () => {
        // Blocked from the browser's question: say where it can be undone; the offer has had its answer.
        if (Notification.permission === 'denied') {
          answer('not-now');
          toast({ title: 'Notifications are blocked', description: BLOCKED_TEXT });
        }
      },
    });

  const headingId = `push-offer-${place}`;
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      className={cn('flex flex-col gap-4 border-espresso-200 p-5 sm:flex-row sm:items-center', className)}
    >
      <div className="flex flex-1 items-start gap-3">
        <div className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-espresso-100 text-espresso-700">
          <BellRing className="h-5 w-5" aria-hidden />
        </div>
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-espresso-950">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-espresso-700">{text}</p>
          {push.errorText && (
            <p role="alert" className="mt-2 text-sm text-red-800">
              {push.errorText}
            </p>
          )}
        </div>
      </div>
      <div className="flex shrink-0 gap-2 sm:pl-2">
        <Button onClick={turnOn} disabled={push.busy}>
          {push.busy ? 'Turning on...' : 'Turn on'}
        </Button>
        <Button variant="ghost" onClick={() => answer('not-now')} disabled={push.busy}>
          Not now
        </Button>
      </div>
    </Card>
  );
}
