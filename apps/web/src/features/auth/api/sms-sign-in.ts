import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AuthTokens, type SmsVerifyInput } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import { startSession } from '../../../lib/session';

/** POST /api/auth/sms/verify: the tokens of the account whose proven phone this is (the refresh cookie too). */
export function signInWithSmsCode(input: SmsVerifyInput): Promise<AuthTokens> {
  return api.post<AuthTokens>(apiPaths.auth.smsVerify, input, { auth: false, credentials: 'include' });
}

/** Signs in by SMS code and starts the session, as a password login does. */
export function useSmsSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithSmsCode,
    onSuccess: (tokens) => {
      queryClient.setQueryData(userKeys.me(), tokens.user);
      startSession(tokens);
    },
  });
}
