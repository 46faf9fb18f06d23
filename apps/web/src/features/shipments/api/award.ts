import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, awardP7sFileName, pathTo, type AwardSide, type AwardState } from '@yuk/shared';
import i18n from '../../../i18n';
import { saveBlob } from '../../../components/csv-download';
import { api } from '../../../lib/api-client';
import { shipmentKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/shipments/{number}/award: the document both parties sign, and who has signed it. */
export function useAward(number: string) {
  return useQuery({
    queryKey: shipmentKeys.award(number),
    queryFn: ({ signal }) => api.get<AwardState>(pathTo(apiPaths.shipments.award, { number }), { signal }),
    enabled: hasAccessToken(),
  });
}

/**
 * POST /api/shipments/{number}/award/signatures: my side's signature (the PKCS#7 E-IMZO made over the
 * document). Refusals carry the server's text: a refused signature, another version of the document, a key
 * not linked to me, signed already, E-IMZO-SERVER unavailable.
 */
export function useSignAward(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pkcs7: string) =>
      api.post<AwardState>(
        pathTo(apiPaths.shipments.awardSignatures, { number }),
        { pkcs7 },
        { errorMessage: i18n.t('shipments.award.failed') },
      ),
    onSuccess: (award) => queryClient.setQueryData(shipmentKeys.award(number), award),
    // a 409 means the screen is behind (the other side signed, or this side from another tab)
    onError: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.award(number) }),
  });
}

/**
 * GET /api/shipments/{number}/award.p7s with the bearer token: without a side, the award with both signatures
 * in one PKCS#7, saved as award-<number>.p7s; with one, that side's, saved as award-<number>-<side>.p7s.
 */
export async function downloadAwardP7s(number: string, side?: AwardSide): Promise<void> {
  const file = await api.get<Blob>(pathTo(apiPaths.shipments.awardP7s, { number }), {
    ...(side ? { query: { side } } : {}),
    readAs: 'blob',
    headers: { Accept: 'application/pkcs7-signature' },
    errorMessage: i18n.t('shipments.award.downloadFailed'),
  });
  saveBlob(file, awardP7sFileName(number, side));
}
