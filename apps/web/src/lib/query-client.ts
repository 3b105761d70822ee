import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';

// A 4xx will not change on retry; network hiccups and 5xx get one more try.
const shouldRetry = (failureCount: number, error: unknown) =>
  failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500);

export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, staleTime: 15_000, refetchOnWindowFocus: true },
      mutations: { retry: false },
    },
  });
