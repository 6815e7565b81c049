import { QueryClient } from '@tanstack/react-query';

import { retryUnlessRefused } from './page-reads';

/** The app's one QueryClient, created once per page load. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: retryUnlessRefused, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
