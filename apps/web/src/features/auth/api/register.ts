import { useMutation } from '@tanstack/react-query';
import { apiPaths, type RegisterInput, type User } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';

/** POST /api/users/register: 201 with the new user; 400 with field texts; 409 when the e-mail is taken. */
export function register(input: RegisterInput): Promise<User> {
  return api.post<User>(apiPaths.users.register, input, {
    auth: false,
    errorMessage: i18n.t('auth.register.failed'),
  });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
