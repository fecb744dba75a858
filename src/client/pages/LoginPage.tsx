// Sign-in page (/login): email and password; 'Welcome back!' and a role-based redirect on success (spec §2, §5, §8),
// or back to the page that sent the visitor here (?next=, lib/return-to.ts).
import { Link, useLocation } from 'wouter';
import { AuthFrame } from '../components/AuthFrame';
import { SignInForm } from '../features/auth/SignInForm';
import { errorMessage } from '../lib/api';
import { homeFor, useAuth } from '../lib/auth';
import { returnPath } from '../lib/return-to';
import { useLeaveIfSignedIn } from '../lib/use-leave-if-signed-in';
import { toast } from '../ui/toast-store';

export function LoginPage() {
  useLeaveIfSignedIn();
  const { login } = useAuth();
  const [, navigate] = useLocation();

  const signIn = async (email: string, password: string) => {
    try {
      const user = await login(email, password);
      toast({ title: 'Welcome back!', description: 'You have successfully signed in.' });
      navigate(returnPath(window.location.search) ?? homeFor(user.role));
      return true;
    } catch (error) {
      toast({
        title: 'Sign in failed',
        description: errorMessage(error, 'Invalid credentials. Please try again.'),
        variant: 'destructive',
      });
      return false;
    }
  };

  return (
    <AuthFrame title="Welcome back" subtitle="Sign in to your Brew Connect account">
      <SignInForm idPrefix="login" onSignIn={signIn} />
      <p className="mt-6 text-center text-sm text-espresso-700">
        New here?{' '}
        <Link href="/register" className="font-semibold text-espresso-900 underline">
          Create an account
        </Link>
      </p>
    </AuthFrame>
  );
}
