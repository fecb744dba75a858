// What to be notified about (issue 27): one switch per kind of news, saved to the account at once (PUT), so every
// device with notifications on follows it. Customers see order updates and messages; owners new orders and
// messages.
import type { Role } from '@shared/api/auth';
import type { NotificationPreferences } from '@shared/api/push';
import { LoadFailed } from '../../components/LoadFailed';
import { errorMessage } from '../../lib/api';
import { Card } from '../../ui/Card';
import { Label } from '../../ui/Label';
import { Skeleton } from '../../ui/Skeleton';
import { Switch } from '../../ui/Switch';
import { useNotificationPreferences, useSaveNotificationPreferences } from './queries';

type Kind = keyof NotificationPreferences;

/** The switches a role sees, in order, with their words. */
export function preferenceKinds(role: Role): { kind: Kind; label: string; hint: string }[] {
  const messages = {
    kind: 'messages' as const,
    label: 'Messages',
    hint:
      role === 'shop_owner'
        ? 'when a customer writes to one of your shops'
        : 'when a coffee shop replies to you',
  };
  return role === 'shop_owner'
    ? [{ kind: 'newOrders', label: 'New orders', hint: 'as soon as a customer places one' }, messages]
    : [{ kind: 'orderUpdates', label: 'Order updates', hint: 'confirmed, ready, cancelled' }, messages];
}

export function PreferencesCard({ role }: { role: Role }) {
  const preferences = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  const kinds = preferenceKinds(role);

  return (
    <Card className="p-5 sm:p-6">
      <section aria-labelledby="notification-kinds" aria-busy={preferences.isLoading} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div>
            <h2 id="notification-kinds" className="font-display text-xl font-semibold text-espresso-950">
              What to notify you about
            </h2>
            <p className="mt-1 text-sm text-espresso-600">On every device where notifications are on.</p>
          </div>
          <p role="status" className="text-sm text-espresso-600">
            {save.isPending ? 'Saving...' : save.isSuccess ? 'Saved' : ''}
          </p>
        </div>
        {preferences.isLoading ? (
          <div className="space-y-3" data-testid="preferences-loading">
            {kinds.map(({ kind }) => (
              <Skeleton key={kind} className="h-12 w-full" />
            ))}
          </div>
        ) : preferences.isError || !preferences.data ? (
          <LoadFailed
            text="Could not load your notification settings."
            onRetry={() => void preferences.refetch()}
          />
        ) : (
          <ul className="divide-y divide-espresso-100 rounded-xl border border-espresso-100">
            {kinds.map(({ kind, label, hint }) => {
              const id = `notify-${kind}`;
              const current = preferences.data;
              return (
                <li key={kind} className="flex items-center justify-between gap-4 px-4 py-3">
                  <Label htmlFor={id} className="cursor-pointer">
                    <span className="block text-base font-medium text-espresso-950">
                      {label} <span className="font-normal text-espresso-700">— {hint}</span>
                    </span>
                  </Label>
                  <Switch
                    id={id}
                    checked={current[kind]}
                    disabled={save.isPending}
                    onCheckedChange={(checked) => save.mutate({ ...current, [kind]: checked })}
                  />
                </li>
              );
            })}
          </ul>
        )}
        {save.isError && (
          <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
            {errorMessage(save.error, 'Could not save your notification settings. Please try again.')}
          </p>
        )}
      </section>
    </Card>
  );
}
