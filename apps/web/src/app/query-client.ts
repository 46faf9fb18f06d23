import { QueryClient } from '@tanstack/react-query';
import { STALE_TIMES } from '@yuk/shared';
import { retryOnce } from '../lib/query';

/** Query defaults of the spec: one retry, no refetch on window focus, lists fresh for 2 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryOnce, refetchOnWindowFocus: false, staleTime: STALE_TIMES.lists },
      mutations: { retry: false },
    },
  });
}
