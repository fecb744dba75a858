// A forgotten password (issue 28): the email, then the mailed 6-digit code with a new password; done, the person is
// signed in (every other session ended) and goes home with 'Your password was changed'.
import { PASSWORD_RESET_CODE_MINUTES } from '@shared/api/account';
import { CODE_LENGTH } from '@shared/api/auth';
import { type FormEvent, useState } from 'react';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/api';
import { homeFor, useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { toast } from '../../ui/toast-store';
import { CodeField } from './CodeField';
import { NewPasswordFields } from './NewPasswordFields';
import { newPasswordProblem } from './new-password';

export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const { requestPasswordReset, resetPassword } = useAuth();
  const [, navigate] = useLocation();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState(initialEmail);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [resent, setResent] = useState(false);

  const sendCode = async () => {
    setPending(true);
    setProblem(null);
    try {
      await requestPasswordReset(email.trim());
      return true;
    } catch (error) {
      setProblem(errorMessage(error));
      return false;
    } finally {
      setPending(false);
    }
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setProblem('Please enter your email address');
      return;
    }
    if (await sendCode()) {
      setResent(false);
      setStep('code');
    }
  };

  const askAgain = async () => {
    setCode('');
    if (await sendCode()) setResent(true);
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    const wrong =
      code.length !== CODE_LENGTH
        ? `Please enter the ${CODE_LENGTH}-digit code from the email`
        : newPasswordProblem(password, confirm);
    if (wrong) {
      setProblem(wrong);
      return;
    }
    setPending(true);
    setProblem(null);
    try {
      const user = await resetPassword({ email: email.trim(), code, password });
      toast({ title: 'Your password was changed', description: 'Every other device was signed out.' });
      navigate(homeFor(user.role));
    } catch (error) {
      setProblem(errorMessage(error));
      setPending(false);
    }
  };

  if (step === 'email')
    return (
      <form onSubmit={submitEmail} className="space-y-4" noValidate>
        <Field
          id="reset-email"
          label="Email"
          hint="The address you sign in with. We will email you a 6-digit code."
        >
          <Input
            id="reset-email"
            type="email"
            autoComplete="email"
            placeholder="you@example.co.za"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </Field>
        {problem && <FormAlert>{problem}</FormAlert>}
        <Button type="submit" className="w-full" disabled={pending}>
          {pending ? 'Sending...' : 'Send Code'}
        </Button>
      </form>
    );

  return (
    <form onSubmit={submitCode} className="space-y-4" noValidate>
      <p className="rounded-lg bg-espresso-50 p-3 text-sm text-espresso-800" role="status">
        {resent ? 'We sent a new 6-digit code to ' : 'We sent a 6-digit code to '}
        <span className="font-semibold break-all">{email.trim()}</span> if an account uses it. It expires in{' '}
        {PASSWORD_RESET_CODE_MINUTES} minutes{resent ? '; the earlier code no longer works.' : '.'}
      </p>
      <CodeField id="reset-code" value={code} onChange={setCode} />
      <NewPasswordFields
        idPrefix="reset"
        password={password}
        confirm={confirm}
        onPasswordChange={setPassword}
        onConfirmChange={setConfirm}
        labels={{ password: 'New password', confirm: 'Confirm new password' }}
      />
      {problem && <FormAlert>{problem}</FormAlert>}
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Saving...' : 'Set new password'}
      </Button>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <button
          type="button"
          className="rounded font-semibold text-espresso-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500 disabled:opacity-50"
          onClick={() => void askAgain()}
          disabled={pending}
        >
          Ask for a new code
        </button>
        <button
          type="button"
          className="rounded text-espresso-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500"
          onClick={() => {
            setProblem(null);
            setStep('email');
          }}
        >
          Use another email
        </button>
      </div>
    </form>
  );
}
