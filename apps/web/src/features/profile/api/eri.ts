import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type EriChallenge, type EriLink } from '@yuk/shared';
import { api } from '../../../lib/api-client';
import { companyKeys, userKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

const eriLinkKey = () => [...userKeys.me(), 'eri'] as const;

/** GET /api/users/me/eri: my ERI-Key link, or null. */
export function useMyEriLink() {
  return useQuery({
    queryKey: eriLinkKey(),
    // no link is a JSON null; an empty answer means the same
    queryFn: async ({ signal }) => (await api.get<EriLink | null>(apiPaths.users.eri, { signal })) ?? null,
    enabled: hasAccessToken(),
  });
}

/** GET /api/auth/eri/challenge: a fresh challenge for E-IMZO to sign. */
export function fetchEriChallenge(): Promise<EriChallenge> {
  return api.get<EriChallenge>(apiPaths.auth.eriChallenge);
}

/** POST /api/users/me/eri: links me to the signer (409 ERI_ALREADY_LINKED when another account holds it). */
export function useLinkEri() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pkcs7: string) => api.post<EriLink>(apiPaths.users.eri, { pkcs7 }),
    onSuccess: (link) => {
      queryClient.setQueryData(eriLinkKey(), link);
      // an organisation key of my company's STIR verifies the company at once
      void queryClient.invalidateQueries({ queryKey: companyKeys.all });
    },
  });
}

/** DELETE /api/users/me/eri. */
export function useUnlinkEri() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>(apiPaths.users.eri),
    onSuccess: () => queryClient.setQueryData(eriLinkKey(), null),
  });
}
