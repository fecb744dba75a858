// The last step of deleting an account: what is erased and what the shops keep, then DELETE typed and the password.
// Refused while an order is open or a promotion runs (409, said as the server says it). Done, this browser signs
// out (the server has ended every session) and the landing page says so.
import { DELETED_CUSTOMER_NAME } from '@shared/api/account';
import type { Role } from '@shared/api/auth';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Dialog, DialogClose, DialogContent } from '../../ui/Dialog';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import { toast } from '../../ui/toast-store';
import { useDeleteAccount } from './queries';

const CONFIRM_WORD = 'DELETE';

function erased(role: Role): string[] {
  const always = [
    'Your username, email address and password',
    'Every sign-in, on every device',
    'Your favourites, notification devices and settings',
  ];
  return role === 'shop_owner'
    ? [...always, 'Your shops leave Discover, with their menus, opening hours and payout details']
    : always;
}

function kept(role: Role): string[] {
  return role === 'shop_owner'
    ? [
        'Your customers’ past orders, which keep your shop’s name (kept for 5 years)',
        'The messages your customers exchanged with your shops, for their records',
      ]
    : [
        `Your past orders, which the shops must keep for 5 years, under the name '${DELETED_CUSTOMER_NAME}'`,
        `Your reviews and chat messages, under the name '${DELETED_CUSTOMER_NAME}'`,
      ];
}

export function DeleteAccountDialog({ role, onClose }: { role: Role; onClose: () => void }) {
  const { logout } = useAuth();
  const [, navigate] = useLocation();
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const remove = useDeleteAccount();
  const ready = typed.trim() === CONFIRM_WORD && password.length > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    try {
      await remove.mutateAsync(password);
    } catch {
      return; // shown below, as the server said it
    }
    logout({ alreadyEnded: true });
    navigate('/');
    toast({ title: 'Your account was deleted', description: 'Everything that was only yours is erased.' });
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        title="Delete my account"
        description="This cannot be undone."
        placement="sheet"
        className="max-w-lg"
      >
        <form onSubmit={submit} className="space-y-4" noValidate>
          <div className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="rounded-xl bg-red-50 p-3">
              <h3 className="font-semibold text-red-900">Erased now</h3>
              <ul className="mt-1 list-disc space-y-1 pl-4 text-red-900">
                {erased(role).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
            <div className="rounded-xl bg-espresso-50 p-3">
              <h3 className="font-semibold text-espresso-900">
                {role === 'shop_owner' ? 'Kept for your customers' : 'Kept for the shops'}
              </h3>
              <ul className="mt-1 list-disc space-y-1 pl-4 text-espresso-800">
                {kept(role).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          </div>
          <p className="text-sm text-espresso-700">
            {role === 'shop_owner'
              ? 'Finish or cancel your shops’ open orders, and let any promotion end, first.'
              : 'An order still open must be collected or cancelled first.'}{' '}
            Want a copy? Use Download my data before you go.
          </p>
          <Field id="delete-confirm" label={`Type ${CONFIRM_WORD} to confirm`}>
            <Input
              id="delete-confirm"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
            />
          </Field>
          <Field id="delete-password" label="Password">
            <PasswordInput
              id="delete-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {remove.isError && <FormAlert>{errorMessage(remove.error)}</FormAlert>}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="outline">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={!ready || remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete my account'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
