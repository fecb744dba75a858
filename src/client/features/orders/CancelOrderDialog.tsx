// Asked before an order is cancelled (issue 32), on both sides. The customer confirms; the shop also says why, from a
// short list (or in its own words), and the customer sees that reason on the order and in the chat.
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/Button';
import { Dialog, DialogContent } from '../../ui/Dialog';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';
import { CANCEL_REASONS } from './cancel-reasons';

export function CancelOrderDialog({
  open,
  orderId,
  asShop,
  pending,
  onKeep,
  onCancel,
}: {
  open: boolean;
  orderId: number;
  /** The shop cancels: a reason is asked for. */
  asShop: boolean;
  pending: boolean;
  onKeep: () => void;
  onCancel: (reason: string | undefined) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onKeep()}>
      {/* Its form is made anew each time it opens: the Orders tab mounts one dialog for all its orders, and the
          reason, text or error given for one order must not be waiting in the next one's. */}
      {open && (
        <CancelOrderForm
          orderId={orderId}
          asShop={asShop}
          pending={pending}
          onKeep={onKeep}
          onCancel={onCancel}
        />
      )}
    </Dialog>
  );
}

function CancelOrderForm({
  orderId,
  asShop,
  pending,
  onKeep,
  onCancel,
}: {
  orderId: number;
  asShop: boolean;
  pending: boolean;
  onKeep: () => void;
  onCancel: (reason: string | undefined) => void;
}) {
  const [choice, setChoice] = useState<string>('');
  const [other, setOther] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asShop) return onCancel(undefined);
    const reason = choice === 'Other' ? other.trim() : choice;
    if (!reason) {
      setError(choice === 'Other' ? 'Say why in a few words.' : 'Choose why the order is cancelled.');
      return;
    }
    onCancel(reason);
  };

  return (
    <DialogContent
      title={`Cancel order #${orderId}?`}
      description={
        asShop
          ? 'The customer is told at once, with the reason you choose.'
          : 'The shop is told at once. This cannot be undone.'
      }
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {asShop && (
          <fieldset className="space-y-2">
            <legend className="mb-1 text-sm font-medium text-espresso-900">Reason</legend>
            {CANCEL_REASONS.map((reason) => (
              <label key={reason} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="cancel-reason"
                  value={reason}
                  checked={choice === reason}
                  onChange={() => {
                    setChoice(reason);
                    setError('');
                  }}
                  className="h-4 w-4 accent-espresso-700"
                />
                {reason}
              </label>
            ))}
            {choice === 'Other' && (
              <div className="pl-6">
                <Label htmlFor="cancel-reason-other" className="sr-only">
                  Other reason
                </Label>
                <Input
                  id="cancel-reason-other"
                  maxLength={200}
                  placeholder="e.g. Our machine is being repaired"
                  value={other}
                  onChange={(e) => {
                    setOther(e.target.value);
                    setError('');
                  }}
                  autoFocus
                />
              </div>
            )}
          </fieldset>
        )}
        {error && <FormAlert>{error}</FormAlert>}
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" onClick={onKeep}>
            Keep Order
          </Button>
          <Button type="submit" variant="destructive" disabled={pending}>
            {pending ? 'Cancelling...' : 'Cancel Order'}
          </Button>
        </div>
      </form>
    </DialogContent>
  );
}
