// The Login tab of /auth: email sign-in, then a full page load to the user's home (spec §2, §7 email-login).
import { errorMessage } from '../../lib/api';
import { homeFor, useAuth } from '../../lib/auth';
import { toast } from '../../ui/toast-store';
import { SignInForm } from './SignInForm';

export function EmailLoginForm() {
  const { emailLogin } = useAuth();
  return (
    <SignInForm
      idPrefix="auth"
      onSignIn={async (email, password) => {
        try {
          const user = await emailLogin(email, password);
          // A full page load (spec §2), so every screen starts from the new session.
          window.location.href = homeFor(user.role);
          return true;
        } catch (error) {
          toast({ title: 'Login Failed', description: errorMessage(error), variant: 'destructive' });
          return false;
        }
      }}
    />
  );
}
