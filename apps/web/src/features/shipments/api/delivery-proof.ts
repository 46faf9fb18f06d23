import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, deliveryNoteFileName, pathTo, type DeliveryProof } from '@yuk/shared';
import i18n from '../../../i18n';
import { saveBlob } from '../../../components/csv-download';
import { api } from '../../../lib/api-client';
import { shipmentKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/shipments/{number}/proof: the proof of delivery, or null while none is recorded. */
export function useDeliveryProof(number: string, enabled: boolean) {
  return useQuery({
    queryKey: shipmentKeys.proof(number),
    queryFn: ({ signal }) => api.get<DeliveryProof | null>(pathTo(apiPaths.shipments.proof, { number }), { signal }),
    enabled: enabled && hasAccessToken(),
  });
}

/**
 * POST /api/shipments/{number}/proof (multipart): the carrier's proof. Refusals: 400 with the field named,
 * 403 (not the carrier), 409 (not on the way, or recorded already), 413 (a file too large).
 */
export function useRecordDeliveryProof(number: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (form: FormData) =>
      api.post<DeliveryProof>(pathTo(apiPaths.shipments.proof, { number }), form, {
        errorMessage: i18n.t('shipments.proof.failed'),
      }),
    onSuccess: (proof) => queryClient.setQueryData(shipmentKeys.proof(number), proof),
    // a 409 means the screen is behind (recorded from another phone, or the owner confirmed): show it as it is
    onError: () => queryClient.invalidateQueries({ queryKey: shipmentKeys.detail(number) }),
  });
}

/**
 * GET /api/shipments/{number}/delivery-note.pdf with the bearer token, saved as delivery-note-<number>.pdf:
 * a plain link could not carry the token.
 */
export async function downloadDeliveryNote(number: string): Promise<void> {
  const pdf = await api.get<Blob>(pathTo(apiPaths.shipments.deliveryNote, { number }), {
    readAs: 'blob',
    headers: { Accept: 'application/pdf' },
    errorMessage: i18n.t('shipments.proof.noteFailed'),
  });
  saveBlob(pdf, deliveryNoteFileName(number));
}
