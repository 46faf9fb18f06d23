import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Shipment, apiPaths, pathTo } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { shipmentKeys } from '../../../lib/query-keys';

/** GET /api/shipments/{number}: one of my shipments (404 when it does not exist or is not mine). */
export function getShipment(number: string, signal?: AbortSignal): Promise<Shipment> {
  return api.get<Shipment>(pathTo(apiPaths.shipments.one, { number }), {
    signal,
    errorMessage: i18n.t('shipments.status.fetchFailed'),
  });
}

export function shipmentQueryOptions(number: string) {
  return queryOptions({
    queryKey: shipmentKeys.detail(number),
    queryFn: ({ signal }) => getShipment(number, signal),
    staleTime: STALE_TIMES.lists,
  });
}

/** The chosen shipment; nothing is asked while no number is chosen. */
export function useShipment(number: string | null) {
  return useQuery({ ...shipmentQueryOptions(number ?? ''), enabled: number !== null && hasAccessToken() });
}
