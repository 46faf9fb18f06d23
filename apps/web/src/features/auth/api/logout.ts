import { useMutation } from '@tanstack/react-query';
import { apiPaths } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session';

/** POST /api/users/logout: the server ends the session of the refresh cookie and removes that cookie. */
export function logout(): Promise<void> {
  return api.post<void>(apiPaths.users.logout, undefined, { auth: false, credentials: 'include' });
}

/** Logs out; the session on this device is cleared even when the server cannot be reached. */
export function useLogout() {
  return useMutation({ mutationFn: logout, onSettled: () => clearSession() });
}
