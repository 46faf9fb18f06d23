import { isApiError } from './api-client';

/**
 * One retry, but never for a 4xx: the server has answered and asking again gives the same
 * answer (a 401 has already been through the api client's refresh).
 */
export function retryOnce(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}
