// /forgot-password (issue 28): a new password with a code mailed to the account's email; linked from the sign-in
// forms as 'Forgot password?', which hand over the email already typed (?email=).
import { Link } from 'wouter';
import { AuthFrame } from '../components/AuthFrame';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { useLeaveIfSignedIn } from '../lib/use-leave-if-signed-in';

export function ForgotPasswordPage() {
  useLeaveIfSignedIn();
  const email = new URLSearchParams(window.location.search).get('email') ?? '';
  return (
    <AuthFrame title="Forgot your password?" subtitle="We will email you a code to choose a new one">
      <ForgotPasswordForm initialEmail={email} />
      <p className="mt-6 text-center text-sm text-espresso-700">
        Remembered it?{' '}
        <Link href="/login" className="font-semibold text-espresso-900 underline">
          Sign in
        </Link>
      </p>
    </AuthFrame>
  );
}
