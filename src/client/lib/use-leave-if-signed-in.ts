// The sign-in and sign-up pages are for visitors: someone already signed in who opens /login, /auth or
// /register is sent on (shop owners to /dashboard, others to /discover) rather than shown the form again.
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { homeFor, useAuth } from './auth';

export function useLeaveIfSignedIn() {
  const { user, isLoading } = useAuth();
  const [, navigate] = useLocation();
  // Decided once, when the session is known on arrival: signing in on the page itself navigates on its own
  // (the /auth page with a full page load, spec §2), and must not be raced by this.
  const decided = useRef(false);
  useEffect(() => {
    if (isLoading || decided.current) return;
    decided.current = true;
    if (user) navigate(homeFor(user.role), { replace: true });
  }, [isLoading, user, navigate]);
}
