import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api';

const MAX_RETRIES = 2;

/** Retrying a 4xx repeats the same refusal; only transport and server failures are worth it. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/** The app's one QueryClient, created once per page load. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
