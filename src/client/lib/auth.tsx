// The session (spec §4): token in localStorage 'token', profile fetched on load, a bad token dropped silently;
// signing out also ends this device's push notifications for the account.

import type { AuthResponse, RegisterBody, Role, User, VerifyCodeBody } from '@shared/api/auth';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiRequest, getToken, readResponse, TOKEN_KEY } from './api';
import { takeEarlySession } from './early-data';

interface AuthContextValue {
  user: User | null;
  isLoading: boolean;
  login(email: string, password: string): Promise<User>;
  emailLogin(email: string, password: string): Promise<User>;
  register(body: RegisterBody): Promise<User>;
  sendCode(email: string): Promise<string>;
  verifyCode(body: VerifyCodeBody): Promise<User>;
  logout(): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function homeFor(role: Role): string {
  return role === 'shop_owner' ? '/dashboard' : '/discover';
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [isLoading, setIsLoading] = useState(() => Boolean(getToken()));

  useEffect(() => {
    if (!getToken()) return;
    let cancelled = false;
    // The request early-data.js started while the scripts downloaded, when it did (same token, same request).
    const early = takeEarlySession();
    (early ? early.then((response) => readResponse<User>(response)) : apiRequest<User>('GET', '/api/auth/me'))
      .then((me) => {
        if (!cancelled) setUser(me);
      })
      .catch(() => {
        // An invalid stored token is dropped silently (spec §8).
        localStorage.removeItem(TOKEN_KEY);
        if (!cancelled) setUser(null);
      })
      .finally(() => {
        if (!cancelled) setIsLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

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
      logout: () => {
        // This device stops getting the account's notifications (issue 27); loaded only when signing out.
        const token = getToken();
        if (token && 'serviceWorker' in navigator)
          void import('../features/notifications/push').then((push) => push.forgetThisDevice(token));
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
