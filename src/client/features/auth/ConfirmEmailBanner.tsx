// The banner of a /register account whose email is not confirmed yet (issue 32): the code mailed at sign-up goes
// here, with Resend. Loaded only for such an account (EmailConfirmation.tsx), so it costs everyone else nothing.
import { CODE_LENGTH, type User } from '@shared/api/auth';
import { MailCheck } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { apiRequest, errorMessage } from '../../lib/api';
import { useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { useCountdown } from './use-countdown';

/** Seconds before Resend can be pressed again: a mail takes a moment to arrive. */
const RESEND_WAIT_SECONDS = 30;

export function ConfirmEmailBanner({ user }: { user: User }) {
  const { updateUser } = useAuth();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const resendWait = useCountdown();

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setError(`Enter all ${CODE_LENGTH} digits of the code.`);
      return;
    }
    setPending(true);
    setError('');
    try {
      updateUser(await apiRequest<User>('POST', '/api/auth/confirm-email', { code }));
      toast({ title: 'Email confirmed', description: 'Thank you — your account is all set.' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setPending(false);
    }
  };

  const resend = async () => {
    setError('');
    resendWait.start(RESEND_WAIT_SECONDS);
    try {
      const sent = await apiRequest<{ message: string }>('POST', '/api/auth/confirm-email/resend');
      toast({ title: 'Code sent', description: sent.message });
      setCode('');
    } catch (failure) {
      setError(errorMessage(failure));
    }
  };

  return (
    <section
      aria-labelledby="confirm-email-title"
      className="border-b border-amber-200 bg-amber-50 text-amber-950"
    >
      <form
        onSubmit={confirm}
        className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3"
        noValidate
      >
        <MailCheck className="h-5 w-5 shrink-0" aria-hidden />
        <p className="min-w-0 flex-1 basis-64 text-sm">
          <span id="confirm-email-title" className="font-semibold">
            Confirm your email
          </span>{' '}
          — enter the code we sent to <span className="font-medium break-all">{user.email}</span>
        </p>
        <div className="flex items-center gap-2">
          <label htmlFor="confirm-email-code" className="sr-only">
            Confirmation code
          </label>
          <Input
            id="confirm-email-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="6 digits"
            className="h-9 w-28 bg-white text-center font-mono tracking-widest"
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
          />
          <Button type="submit" size="sm" disabled={pending}>
            {pending ? 'Confirming...' : 'Confirm'}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={resend} disabled={resendWait.left > 0}>
            {resendWait.left > 0 ? `Resend (${resendWait.left}s)` : 'Resend'}
          </Button>
        </div>
        {error && (
          <p role="alert" className="basis-full text-sm font-medium text-red-800">
            {error}
          </p>
        )}
      </form>
    </section>
  );
}
