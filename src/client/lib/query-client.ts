// The data cache with spec §7's defaults: no interval, no refetch on focus, never stale, no retries.
import { QueryClient } from '@tanstack/react-query';
import { defaultQueryFn } from './api';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: defaultQueryFn,
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
