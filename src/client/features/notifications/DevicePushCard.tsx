// 'Notifications on this device' (issue 27): what this browser allows and does now, and Turn on / Turn off.
import type { Role } from '@shared/api/auth';
import { BellOff, BellRing, Loader2, ShieldBan, Smartphone } from 'lucide-react';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { cn } from '../../ui/cn';
import type { PushStatus } from './push';
import { pushStatusText } from './push-status-text';
import { usePushNotifications } from './use-push-notifications';

function StatusIcon({ status }: { status: PushStatus }) {
  const className = 'h-5 w-5';
  if (status === 'loading') return <Loader2 className={cn(className, 'animate-spin')} aria-hidden />;
  if (status === 'on') return <BellRing className={className} aria-hidden />;
  if (status === 'blocked') return <ShieldBan className={className} aria-hidden />;
  if (status === 'install-first') return <Smartphone className={className} aria-hidden />;
  return <BellOff className={className} aria-hidden />;
}

export function DevicePushCard({ role }: { role: Role }) {
  const push = usePushNotifications();
  const { label, text } = pushStatusText(push.status, role);
  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="device-notifications" className="space-y-4">
        <div className="flex items-start gap-4">
          <div
            className={cn(
              'flex h-10 w-10 shrink-0 items-center justify-center rounded-full',
              push.status === 'on' ? 'bg-emerald-100 text-leaf' : 'bg-espresso-100 text-espresso-700',
            )}
          >
            <StatusIcon status={push.status} />
          </div>
          <div className="min-w-0 flex-1">
            <h2 id="device-notifications" className="font-display text-xl font-semibold text-espresso-950">
              Notifications on this device
            </h2>
            <p className="mt-1 text-espresso-700" aria-live="polite" data-testid="push-status">
              <span
                className={cn(
                  'mr-2 inline-block rounded-full px-2 py-0.5 text-xs font-semibold uppercase tracking-wide',
                  push.status === 'on'
                    ? 'bg-emerald-100 text-emerald-900'
                    : push.status === 'blocked'
                      ? 'bg-red-100 text-red-900'
                      : 'bg-espresso-100 text-espresso-800',
                )}
              >
                {label}
              </span>
              {text}
            </p>
          </div>
        </div>
        {(push.status === 'off' || push.status === 'on') && (
          <div className="flex flex-wrap items-center gap-3 sm:pl-14">
            {push.status === 'off' ? (
              <Button onClick={() => push.turnOn()} disabled={push.busy}>
                <BellRing className="h-4 w-4" aria-hidden /> {push.busy ? 'Turning on...' : 'Turn on'}
              </Button>
            ) : (
              <Button variant="outline" onClick={() => push.turnOff()} disabled={push.busy}>
                <BellOff className="h-4 w-4" aria-hidden /> {push.busy ? 'Turning off...' : 'Turn off'}
              </Button>
            )}
          </div>
        )}
        {push.errorText && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 sm:ml-14">
            {push.errorText}
          </p>
        )}
      </section>
    </Card>
  );
}
