// Settings › Account: a new email address, with the password, confirmed by the code mailed to the new address (the
// old one is told); until then the old address stays the account's.
import { CODE_LENGTH } from '@shared/api/auth';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Field } from '../../ui/Field';
import { FormAlert } from '../../ui/FormAlert';
import { Input } from '../../ui/Input';
import { PasswordInput } from '../../ui/PasswordInput';
import { toast } from '../../ui/toast-store';
import { CodeField } from '../auth/CodeField';
import { useConfirmEmailChange, useStartEmailChange } from './queries';

type Step = 'shown' | 'details' | 'code';

export function EmailChangeForm({ current }: { current: string }) {
  const [step, setStep] = useState<Step>('shown');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const start = useStartEmailChange();
  const confirm = useConfirmEmailChange();

  const close = () => {
    setStep('shown');
    setEmail('');
    setPassword('');
    setCode('');
    setProblem(null);
  };

  const sendCode = async () => {
    setProblem(null);
    try {
      setSent(await start.mutateAsync({ email: email.trim(), password }));
      setCode('');
      setStep('code');
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      setProblem('Please enter the new email and your password');
      return;
    }
    void sendCode();
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (code.length !== CODE_LENGTH) {
      setProblem(`Please enter the ${CODE_LENGTH}-digit code from the email`);
      return;
    }
    setProblem(null);
    try {
      const user = await confirm.mutateAsync(code);
      toast({ title: 'Your email was changed', description: `You now sign in with ${user.email}.` });
      close();
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  if (step === 'shown')
    return (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h3 className="text-sm font-medium text-espresso-900">Email</h3>
          <p className="text-sm [overflow-wrap:anywhere] text-espresso-700" data-testid="account-email">
            {current}
          </p>
        </div>
        <Button variant="outline" onClick={() => setStep('details')}>
          Change email
        </Button>
      </div>
    );

  return (
    <div className="space-y-3">
      <h3 className="text-sm font-medium text-espresso-900">
        Email <span className="font-normal [overflow-wrap:anywhere] text-espresso-700">— now {current}</span>
      </h3>
      {step === 'details' ? (
        <form onSubmit={submitDetails} className="space-y-3" noValidate>
          <Field id="email-new" label="New email" hint="We will email a 6-digit code to it.">
            <Input
              id="email-new"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </Field>
          <Field id="email-password" label="Password" hint="Your current password, to show it is you.">
            <PasswordInput
              id="email-password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </Field>
          {problem && <FormAlert>{problem}</FormAlert>}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={start.isPending}>
              {start.isPending ? 'Sending...' : 'Send code'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitCode} className="space-y-3" noValidate>
          <p className="rounded-lg bg-espresso-50 p-3 text-sm break-words text-espresso-800" role="status">
            {sent}
          </p>
          <CodeField id="email-code" value={code} onChange={setCode} />
          {problem && <FormAlert>{problem}</FormAlert>}
          <div className="flex flex-wrap items-center gap-2">
            <Button type="submit" disabled={confirm.isPending}>
              {confirm.isPending ? 'Confirming...' : 'Confirm new email'}
            </Button>
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <button
              type="button"
              className="ml-auto rounded text-sm font-semibold text-espresso-900 underline underline-offset-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-espresso-500 disabled:opacity-50"
              onClick={() => void sendCode()}
              disabled={start.isPending}
            >
              Ask for a new code
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
