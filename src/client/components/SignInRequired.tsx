// The prompt a signed-out visitor sees on a private page: 'Sign In Required', why, and where to sign in.
import { Lock } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { signInReturningTo } from '../lib/return-to';
import { Button } from '../ui/Button';
import { Prompt } from './Prompt';

export function SignInRequired({
  text,
  signInHref = '/login',
  showRegister = false,
}: {
  text: string;
  /** Where the Sign In button goes: /login on most pages, /auth on Discover (spec §2). */
  signInHref?: '/login' | '/auth';
  /** Also offer Create Account (to /register), as Messages and Favorites do. */
  showRegister?: boolean;
}) {
  const [here] = useLocation();
  // Back here after signing in on /login; /auth (Discover's) keeps its own full-page redirect (spec §2).
  const href = signInHref === '/login' ? signInReturningTo(here) : signInHref;
  return (
    <Prompt icon={<Lock className="h-6 w-6" />} title="Sign In Required" text={text}>
      <Button asChild>
        <Link href={href}>Sign In</Link>
      </Button>
      {showRegister && (
        <Button asChild variant="outline">
          <Link href="/register">Create Account</Link>
        </Button>
      )}
    </Prompt>
  );
}
