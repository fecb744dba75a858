// Requests the page started before the app ran (public/early-data.js): a shop page's shop, handed to the data
// cache under its query key, and the session's profile, taken by the session (lib/auth.tsx); each is asked for
// once instead of again by the app.
import type { QueryClient } from '@tanstack/react-query';
import { readResponse } from './api';

declare global {
  interface Window {
    /** The request under way; 'taken' once the app has looked, so a late early-data.js asks for nothing. */
    __earlyData?: { path: string; response: Promise<Response> } | 'taken';
    /** GET /api/auth/me under way with the stored token; 'taken' once the session has looked. */
    __earlySession?: Promise<Response> | 'taken';
  }
}

/** The profile request early-data.js started with the stored token, once; null when there is none. */
export function takeEarlySession(): Promise<Response> | null {
  const early = window.__earlySession;
  window.__earlySession = 'taken';
  return early && early !== 'taken' ? early : null;
}

export function adoptEarlyData(queryClient: QueryClient) {
  const early = window.__earlyData;
  window.__earlyData = 'taken'; // once: later visits to a shop page ask the server as usual
  if (!early || early === 'taken') return;
  const match = /^\/api\/coffee-shops\/(\d{1,10})$/.exec(early.path);
  if (!match) return;
  void queryClient.prefetchQuery({
    queryKey: ['/api/coffee-shops', Number(match[1])],
    queryFn: async () => readResponse(await early.response),
  });
}
