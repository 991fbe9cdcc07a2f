import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './http';

/**
 * Whether a failed query is tried again. An answer the server gave on purpose (4xx: not found,
 * forbidden, invalid, signed out) will be the same next time, so it is shown at once; only what may
 * pass (the network, a 5xx) is retried, three times as react-query does by default. Retrying a 404
 * kept a drawer on a missing record spinning for seconds before it said anything.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 3;
}

/** The console's query client (react-admin's default with the retry rule above). */
export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: retryQuery } } });
}
