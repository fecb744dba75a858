// Combined auth page (/auth): Login and Register tabs; after either, a full page load home (spec §2).
import { type FormEvent, useState } from 'react';
import { SignUpWizard } from '../features/auth/SignUpWizard';
import { errorMessage } from '../lib/api';
import { homeFor, useAuth } from '../lib/auth';
import { Button } from '../ui/Button';
import { Field } from '../ui/Field';
import { Input } from '../ui/Input';
import { PasswordInput } from '../ui/PasswordInput';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../ui/Tabs';
import { toast } from '../ui/toast-store';
import { AuthFrame } from './LoginPage';

function LoginTab() {
  const { emailLogin } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email || !password) {
      toast({
        title: 'Missing Information',
        description: 'Please enter both email and password',
        variant: 'destructive',
      });
      return;
    }
    setPending(true);
    try {
      const user = await emailLogin(email, password);
      window.location.href = homeFor(user.role);
    } catch (error) {
      toast({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' });
      setPending(false);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate>
      <Field id="auth-email" label="Email">
        <Input
          id="auth-email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </Field>
      <Field id="auth-password" label="Password">
        <PasswordInput
          id="auth-password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  );
}

export function AuthPage() {
  return (
    <AuthFrame title="Welcome to Brew Connect" subtitle="Sign in, or create an account with your email">
      <Tabs defaultValue="login">
        <TabsList className="mb-6 w-full!">
          <TabsTrigger value="login" className="flex-1">
            Login
          </TabsTrigger>
          <TabsTrigger value="register" className="flex-1">
            Register
          </TabsTrigger>
        </TabsList>
        <TabsContent value="login">
          <LoginTab />
        </TabsContent>
        <TabsContent value="register">
          <SignUpWizard />
        </TabsContent>
      </Tabs>
    </AuthFrame>
  );
}
