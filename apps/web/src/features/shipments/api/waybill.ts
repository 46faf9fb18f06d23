import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPaths,
  pathTo,
  WAYBILL_FINAL_STATUSES,
  waybillPdfFileName,
  type WaybillInput,
  type WaybillState,
  type WaybillToSign,
} from '@yuk/shared';
import i18n from '../../../i18n';
import { saveBlob } from '../../../components/csv-download';
import { api } from '../../../lib/api-client';
import { loadKey, signDataDetailed, type EimzoKey } from '../../../lib/eimzo';
import { shipmentKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** While the operator may still move it, the waybill is read again now and then (the other side signs there). */
const REFRESH_MS = 20_000;

/** GET /api/shipments/{number}/waybill: the waybill as it stands for me. */
export function useWaybill(number: string) {
  return useQuery({
    queryKey: shipmentKeys.waybill(number),
    queryFn: ({ signal }) => api.get<WaybillState>(pathTo(apiPaths.shipments.waybill, { number }), { signal }),
    enabled: hasAccessToken(),
    refetchInterval: (query) => {
      const state = query.state.data;
      return state?.enabled && state.didox_id && !WAYBILL_FINAL_STATUSES.includes(state.status) ? REFRESH_MS : false;
    },
  });
}

function useStoreWaybill(number: string) {
  const queryClient = useQueryClient();
  return (state: WaybillState) => queryClient.setQueryData(shipmentKeys.waybill(number), state);
}

/** PUT /api/shipments/{number}/waybill: my side's fields (400s name the field, 403 a field of the other side). */
export function useUpdateWaybill(number: string) {
  const store = useStoreWaybill(number);
  return useMutation({
    mutationFn: (input: WaybillInput) =>
      api.put<WaybillState>(pathTo(apiPaths.shipments.waybill, { number }), input, {
        errorMessage: i18n.t('shipments.waybill.saveFailed'),
      }),
    onSuccess: store,
  });
}

/** POST /api/shipments/{number}/waybill: forms the draft at the operator. */
export function useCreateWaybill(number: string) {
  const store = useStoreWaybill(number);
  return useMutation({
    mutationFn: () =>
      api.post<WaybillState>(pathTo(apiPaths.shipments.waybill, { number }), undefined, {
        errorMessage: i18n.t('shipments.waybill.createFailed'),
      }),
    onSuccess: store,
  });
}

/**
 * Signs with a key what the waybill asks of me now: the company's STIR first when its session at the operator
 * must be opened, then the step (the shipper's signature, the carrier's acceptance or handover), unless only
 * the session was wanted. The key is loaded once. Gives the waybill as it stands after.
 */
export async function signWaybillSteps(
  number: string,
  key: EimzoKey,
  { sessionOnly = false }: { sessionOnly?: boolean } = {},
): Promise<WaybillState | undefined> {
  const keyId = await loadKey(key);
  let state: WaybillState | undefined;
  for (let round = 0; round < 2; round += 1) {
    const asked = await api.get<WaybillToSign>(pathTo(apiPaths.shipments.waybillToSign, { number }), {
      errorMessage: i18n.t('shipments.waybill.signFailed'),
    });
    const signed = await signDataDetailed(keyId, asked.data_base64);
    state = await api.post<WaybillState>(
      pathTo(apiPaths.shipments.waybillSignatures, { number }),
      { pkcs7: signed.pkcs7, signature_hex: signed.signatureHex },
      { errorMessage: i18n.t('shipments.waybill.signFailed') },
    );
    if (asked.purpose !== 'session' || sessionOnly) break;
  }
  return state;
}

/** GET /api/shipments/{number}/waybill.pdf with the bearer token, saved as waybill-<number>.pdf. */
export async function downloadWaybillPdf(number: string): Promise<void> {
  const file = await api.get<Blob>(pathTo(apiPaths.shipments.waybillPdf, { number }), {
    readAs: 'blob',
    headers: { Accept: 'application/pdf' },
    errorMessage: i18n.t('shipments.waybill.pdfFailed'),
  });
  saveBlob(file, waybillPdfFileName(number));
}
