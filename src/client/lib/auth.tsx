// The session (spec §4, issue 28): token in localStorage 'token', profile fetched on load, a bad token dropped
// silently; signing out ends the session on the server and this device's push notifications for the account; a
// session ended elsewhere (a 401, or another tab signing out) signs this tab out with a word and the sign-in page.

import type { PasswordResetConfirmBody } from '@shared/api/account';
import type { AuthResponse, RegisterBody, Role, User, VerifyCodeBody } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { navigate } from 'wouter/use-browser-location';
import { toast } from '../ui/toast-store';
import {
  apiRequest,
  endServerSession,
  errorStatus,
  getToken,
  onSessionEnded,
  readResponse,
  TOKEN_KEY,
} from './api';
import { takeEarlySession } from './early-data';
import { signInReturningTo } from './return-to';

interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  login(email: string, password: string): Promise<User>;
  emailLogin(email: string, password: string): Promise<User>;
  register(body: RegisterBody): Promise<User>;
  sendCode(email: string): Promise<string>;
  verifyCode(body: VerifyCodeBody): Promise<User>;
  /** Mails a reset code (the same answer whether or not an account uses the email); resolves with its words. */
  requestPasswordReset(email: string): Promise<string>;
  /** Sets the new password with the mailed code and signs in (every other session is ended). */
  resetPassword(body: PasswordResetConfirmBody): Promise<User>;
  /** The profile after the user changed it (username, email). */
  updateUser(user: User): void;
  /**
   * Signs out here. `alreadyEnded`: the server has ended the session itself (the account was deleted), so only
   * this browser forgets it.
   */
  logout(options?: { alreadyEnded?: boolean }): void;
}

/** Pages with nothing to return to after signing in again. */
const VISITOR_PAGES = ['/', '/login', '/auth', '/register', '/forgot-password'];

const AuthContext = createContext<AuthContextValue | null>(null);

export function homeFor(role: Role): string {
  return role === 'shop_owner' ? '/dashboard' : '/discover';
}

/** This device stops getting the account's notifications (issue 27); the module loads only when signing out. */
function forgetPushDevice(token: string): Promise<void> {
  if (!('serviceWorker' in navigator)) return Promise.resolve();
  return import('../features/notifications/push')
    .then((push) => push.forgetThisDevice(token))
    .catch(() => undefined);
}

/** How many times the check on arrival asks again after a failure that is not a 401. */
const SESSION_CHECK_RETRIES = 2;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(() => Boolean(getToken()));
  // The session listeners below run outside React's render: they read who is signed in from here.
  const userRef = useRef(user);
  userRef.current = user;

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    // The request early-data.js started while the scripts downloaded, when it did (same token, same request).
    const early = takeEarlySession();
    // Asked again after a failed network or a server error (SESSION_CHECK_RETRIES times, 1 s then 2 s apart): only
    // the server's 401 says the token is no good.
    const ask = (attempt: number): Promise<User> =>
      (attempt === 0 && early
        ? early.then((response) => readResponse<User>(response))
        : apiRequest<User>('GET', '/api/auth/me')
      ).catch(async (error: unknown) => {
        if (errorStatus(error) === 401 || attempt >= SESSION_CHECK_RETRIES || cancelled) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt));
        return ask(attempt + 1);
      });
    ask(0)
      .then((me) => {
        if (!cancelled) setUser(me);
      })
      .catch((error: unknown) => {
        // An invalid stored token is dropped silently (spec §8). A request that failed otherwise (a page left while
        // it was on its way, no network, a server error) keeps it: a flaky connection must not sign anyone out.
        if (errorStatus(error) === 401) localStorage.removeItem(TOKEN_KEY);
        if (!cancelled) setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    /** The session ended without this tab asking: forget it here and say so on the sign-in page. */
    const signedOutElsewhere = (token: string | null) => {
      // Not signed in as far as this tab knew (the check on arrival, spec §8): nothing to say.
      if (!userRef.current) return;
      if (token) void forgetPushDevice(token);
      setUser(null);
      queryClient.clear();
      toast({ title: 'You were signed out', description: 'Your session has ended. Please sign in again.' });
      const { pathname, search } = window.location;
      navigate(VISITOR_PAGES.includes(pathname) ? '/login' : signInReturningTo(pathname + search));
    };
    const stopListening = onSessionEnded(signedOutElsewhere);
    // Another tab signed out (or in as someone else): this one follows rather than acting on a token it lost.
    const onStorage = (event: StorageEvent) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (event.newValue === null) signedOutElsewhere(null);
      else if (userRef.current) window.location.reload();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      stopListening();
      window.removeEventListener('storage', onStorage);
    };
  }, [queryClient]);

  const accept = useCallback((response: AuthResponse) => {
    localStorage.setItem(TOKEN_KEY, response.accessToken);
    setUser(response.user);
    return response.user;
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      isLoading,
      login: async (email, password) =>
        accept(await apiRequest<AuthResponse>('POST', '/api/auth/login', { email, password })),
      emailLogin: async (email, password) =>
        accept(await apiRequest<AuthResponse>('POST', '/api/auth/email-login', { email, password })),
      register: async (body) => accept(await apiRequest<AuthResponse>('POST', '/api/auth/register', body)),
      sendCode: async (email) =>
        (await apiRequest<{ message: string }>('POST', '/api/auth/send-code', { email })).message,
      verifyCode: async (body) =>
        accept(await apiRequest<AuthResponse>('POST', '/api/auth/verify-code', body)),
      requestPasswordReset: async (email) =>
        (await apiRequest<{ message: string }>('POST', '/api/auth/password-reset/request', { email }))
          .message,
      resetPassword: async (body) =>
        accept(await apiRequest<AuthResponse>('POST', '/api/auth/password-reset/confirm', body)),
      updateUser: setUser,
      logout: ({ alreadyEnded = false } = {}) => {
        const token = getToken();
        if (token) {
          // The push subscription is removed first: once the session has ended its token can remove nothing.
          const forgotten = forgetPushDevice(token);
          if (!alreadyEnded) void forgotten.then(() => endServerSession(token));
        }
        localStorage.removeItem(TOKEN_KEY);
        setUser(null);
        queryClient.clear();
      },
    }),
    [user, isLoading, accept, queryClient],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside AuthProvider');
  return context;
}
