// A request the page started before the app ran (public/early-data.js, on shop pages): handed to the data cache
// under its query key, so the page's query finds it under way instead of asking again.
import type { QueryClient } from '@tanstack/react-query';
import { readResponse } from './api';

declare global {
  interface Window {
    /** The request under way; 'taken' once the app has looked, so a late early-data.js asks for nothing. */
    __earlyData?: { path: string; response: Promise<Response> } | 'taken';
  }
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
