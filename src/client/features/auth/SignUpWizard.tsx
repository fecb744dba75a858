// The three-step sign-up wizard of /auth (spec §2, §4, §5): email, the emailed 6-digit code, then details. The code
// is checked when Continue is pressed on step 2 (issue 32), so a wrong or expired one is said there, with Resend.

import { CODE_LENGTH, MIN_PASSWORD_LENGTH, type Role } from '@shared/api/auth';
import { type FormEvent, useRef, useState } from 'react';
import { Link } from 'wouter';
import { apiRequest, errorMessage } from '../../lib/api';
import { homeFor, useAuth } from '../../lib/auth';
import { Button } from '../../ui/Button';
import { cn } from '../../ui/cn';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { dismissToast, toast } from '../../ui/toast-store';
import { NewPasswordFields } from './NewPasswordFields';
import { RolePicker } from './RolePicker';
import { useCountdown } from './use-countdown';

type Step = 'email' | 'code' | 'details';
const stepNumber: Record<Step, number> = { email: 1, code: 2, details: 3 };
const stepTitle: Record<Step, string> = { email: 'Your email', code: 'Verify', details: 'Your details' };
/** Seconds before another code may be asked for: a mail takes a moment to arrive. */
const RESEND_WAIT_SECONDS = 30;
/** The server's words for a code that can no longer be used (expired, spent, or out of tries). */
const isSpentCode = (message: string) => /expired|already used|no longer be used/i.test(message);

export function SignUpWizard() {
  const { sendCode, verifyCode } = useAuth();
  const [step, setStep] = useState<Step>('email');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<Role>('customer');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [pending, setPending] = useState(false);
  const [sentMessage, setSentMessage] = useState('');
  const [codeError, setCodeError] = useState('');
  const resendWait = useCountdown();
  // A toast belongs to the step that showed it: moving on (or back) dismisses it, so step 1's error does not
  // cover step 3's Terms and Privacy links.
  const stepToast = useRef<number | null>(null);
  const say = (message: Parameters<typeof toast>[0]) => {
    stepToast.current = toast(message);
  };
  const goTo = (next: Step) => {
    if (stepToast.current !== null) dismissToast(stepToast.current);
    stepToast.current = null;
    setStep(next);
  };

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      say({ title: 'Error', description: 'Please enter your email address', variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      setSentMessage(await sendCode(email.trim()));
      resendWait.start(RESEND_WAIT_SECONDS);
      setCodeError('');
      goTo('code');
    } catch (error) {
      say({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!code) {
      say({ title: 'Error', description: 'Please enter the verification code', variant: 'destructive' });
      return;
    }
    if (code.length !== CODE_LENGTH) return;
    setPending(true);
    setCodeError('');
    try {
      // A check that does not spend the code: the account is made with it on step 3.
      await apiRequest('POST', '/api/auth/check-code', { email: email.trim(), code });
      goTo('details');
    } catch (error) {
      setCodeError(errorMessage(error));
    } finally {
      setPending(false);
    }
  };

  const resendCode = async () => {
    setCodeError('');
    resendWait.start(RESEND_WAIT_SECONDS);
    try {
      setSentMessage(await sendCode(email.trim()));
      setCode('');
    } catch (error) {
      setCodeError(errorMessage(error));
    }
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    if (!username || !password || !confirm) {
      say({ title: 'Error', description: 'Please fill in all fields', variant: 'destructive' });
      return;
    }
    if (password !== confirm) {
      say({ title: 'Password Mismatch', description: 'Passwords do not match', variant: 'destructive' });
      return;
    }
    if (password.length < MIN_PASSWORD_LENGTH) {
      say({
        title: 'Weak Password',
        description: 'Password must be at least 6 characters long',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const user = await verifyCode({ email: email.trim(), code, userData: { username, password, role } });
      // A full page load, as spec §2 says, so every screen starts from the new session.
      window.location.href = homeFor(user.role);
    } catch (error) {
      say({ title: 'Registration Failed', description: errorMessage(error), variant: 'destructive' });
      setPending(false);
    }
  };

  const back = () => goTo(step === 'details' ? 'code' : 'email');

  return (
    <div>
      <div className="mb-5">
        <p className="mb-2 text-xs font-semibold uppercase tracking-wide text-espresso-500">
          Step {stepNumber[step]} of 3 · {stepTitle[step]}
        </p>
        <div className="grid grid-cols-3 gap-1.5" aria-hidden>
          {[1, 2, 3].map((number) => (
            <span
              key={number}
              className={cn(
                'h-1.5 rounded-full',
                number <= stepNumber[step] ? 'bg-espresso-700' : 'bg-espresso-100',
              )}
            />
          ))}
        </div>
      </div>
      {step === 'email' && (
        <form onSubmit={submitEmail} className="space-y-4" noValidate>
          <Field
            id="wizard-email"
            label="Email"
            hint="We will email you a 6-digit code to confirm it is yours."
          >
            <Input
              id="wizard-email"
              type="email"
              autoComplete="email"
              placeholder="you@example.co.za"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Sending...' : 'Send Code'}
          </Button>
        </form>
      )}
      {step === 'code' && (
        <form onSubmit={submitCode} className="space-y-4" noValidate>
          <p className="rounded-lg bg-espresso-50 p-3 text-sm text-espresso-800" role="status">
            {sentMessage || `We sent a 6-digit code to ${email.trim()}.`}
          </p>
          <Field
            id="wizard-code"
            label="Verification Code"
            // Continue stays greyed out until the code is whole: say so in words.
            hint={code.length !== CODE_LENGTH ? `Enter all ${CODE_LENGTH} digits to continue.` : undefined}
          >
            <Input
              id="wizard-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={CODE_LENGTH}
              className="text-center font-mono text-2xl tracking-[0.5em]"
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, CODE_LENGTH))}
            />
          </Field>
          {codeError && <FormAlert>{codeError}</FormAlert>}
          <div className="flex gap-2">
            <Button variant="outline" onClick={back}>
              Back
            </Button>
            <Button type="submit" className="flex-1" disabled={code.length !== CODE_LENGTH || pending}>
              {pending ? 'Checking...' : 'Continue'}
            </Button>
          </div>
          <p className="text-center text-sm text-espresso-700">
            {isSpentCode(codeError) ? 'Ask for a new code: ' : 'No code? '}
            <button
              type="button"
              className="font-medium text-espresso-800 underline disabled:cursor-default disabled:text-espresso-500 disabled:no-underline"
              onClick={resendCode}
              disabled={resendWait.left > 0}
            >
              {resendWait.left > 0 ? `Resend code in ${resendWait.left}s` : 'Resend code'}
            </button>
          </p>
        </form>
      )}
      {step === 'details' && (
        <form onSubmit={submitDetails} className="space-y-4" noValidate>
          <Field id="wizard-username" label="Username">
            <Input
              id="wizard-username"
              autoComplete="username"
              value={username}
              onChange={(e) => setUsername(e.target.value)}
            />
          </Field>
          <RolePicker value={role} onChange={setRole} />
          <NewPasswordFields
            idPrefix="wizard"
            password={password}
            confirm={confirm}
            onPasswordChange={setPassword}
            onConfirmChange={setConfirm}
          />
          <div className="flex gap-2">
            <Button variant="outline" onClick={back}>
              Back
            </Button>
            <Button type="submit" className="flex-1" disabled={pending}>
              {pending ? 'Creating account...' : 'Create Account'}
            </Button>
          </div>
        </form>
      )}
      <p className="mt-6 text-center text-xs text-espresso-600">
        By creating an account you agree to our{' '}
        <Link href="/terms" className="underline">
          Terms of Service
        </Link>{' '}
        and{' '}
        <Link href="/privacy" className="underline">
          Privacy Policy
        </Link>
        .
      </p>
    </div>
  );
}
