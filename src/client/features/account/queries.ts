// One's own account (issue 28): the sessions list and its sign-outs, username, email and password changes, the data
// export and deletion, and the privacy page's information officer. Each mutation updates exactly what it changed.
import type { Session } from '@shared/api/account';
import type { User } from '@shared/api/auth';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, downloadFile } from '../../lib/api';
import { useAuth } from '../../lib/auth';

export const SESSIONS_KEY = ['/api/auth/sessions'] as const;
export const PRIVACY_CONTACT_KEY = ['/api/privacy-contact'] as const;

/** Where the user is signed in: asked afresh on every visit to Settings, since other devices come and go. */
export function useSessions() {
  return useQuery<Session[]>({ queryKey: SESSIONS_KEY, staleTime: 0, refetchOnMount: 'always' });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/auth/sessions/${encodeURIComponent(id)}`),
    // Also after a 404 (ended meanwhile elsewhere): the list shows what is true now.
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', '/api/auth/logout-others'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useChangeUsername() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (username: string) => apiRequest<User>('PUT', '/api/account', { username }),
    onSuccess: updateUser,
  });
}

/** Mails a code to the new address; resolves with the server's words ('We sent a 6-digit code to …'). */
export function useStartEmailChange() {
  return useMutation({
    mutationFn: async (body: { email: string; password: string }) =>
      (await apiRequest<{ message: string }>('POST', '/api/account/email', body)).message,
  });
}

export function useConfirmEmailChange() {
  const { updateUser } = useAuth();
  return useMutation({
    mutationFn: (code: string) => apiRequest<User>('POST', '/api/account/email/confirm', { code }),
    onSuccess: updateUser,
  });
}

/** A new password: every other session ends (the list changes), this one stays. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { currentPassword: string; password: string }) =>
      apiRequest('PUT', '/api/account/password', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** 'Download my data': the export as the file the server names; resolves with that name. */
export function useDownloadMyData() {
  return useMutation({
    mutationFn: () => downloadFile('/api/account/export', 'brew-connect-my-data.json'),
  });
}

/** DELETE /api/account with the password; the caller signs out here once it is done (the server has already). */
export function useDeleteAccount() {
  return useMutation({
    mutationFn: (password: string) => apiRequest('DELETE', '/api/account', { password }),
  });
}

/** The information officer the privacy page names (PRIVACY_CONTACT on the server), or null until it is known. */
export function usePrivacyContact(): string | null {
  const { data } = useQuery<{ email: string }>({ queryKey: PRIVACY_CONTACT_KEY });
  return data?.email ?? null;
}
