import { useMutation } from '@tanstack/react-query';
import { apiPaths, type PasswordResetConfirmInput, type PasswordResetInput } from '@yuk/shared';
import { api } from '../../../lib/api-client';

/** POST /api/auth/password-reset: always accepted; a link is mailed when the e-mail has an account. */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetInput) => api.post<void>(apiPaths.auth.passwordReset, input, { auth: false }),
  });
}

/** POST /api/auth/password-reset/confirm: the new password; every session of the account ends. */
export function useConfirmPasswordReset() {
  return useMutation({
    mutationFn: (input: PasswordResetConfirmInput) =>
      api.post<void>(apiPaths.auth.passwordResetConfirm, input, { auth: false }),
  });
}
