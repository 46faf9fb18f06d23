import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type AuthTokens, type EriChallenge, type EriSignatureInput } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { userKeys } from '../../../lib/query-keys';
import { startSession } from '../../../lib/session';

/** GET /api/auth/eri/challenge: what E-IMZO signs (503 ERI_UNAVAILABLE when the server is not set up). */
export function fetchEriChallenge(): Promise<EriChallenge> {
  return api.get<EriChallenge>(apiPaths.auth.eriChallenge, { auth: false });
}

/** POST /api/auth/eri: the tokens of the account linked to the signer (the refresh cookie too). */
export function signInWithEri(input: EriSignatureInput): Promise<AuthTokens> {
  return api.post<AuthTokens>(apiPaths.auth.eri, input, { auth: false, credentials: 'include' });
}

/** Signs in with a signed challenge and starts the session, as a password login does. */
export function useEriSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInWithEri,
    onSuccess: (tokens) => {
      queryClient.setQueryData(userKeys.me(), tokens.user);
      startSession(tokens);
    },
  });
}
