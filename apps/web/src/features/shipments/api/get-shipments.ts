import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Shipment, apiPaths } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { shipmentKeys } from '../../../lib/query-keys';

/** GET /api/shipments: the shipments where I am the owner or the carrier, newest first. */
export function getShipments(signal?: AbortSignal): Promise<Shipment[]> {
  return api.get<Shipment[]>(apiPaths.shipments.list, { signal, errorMessage: i18n.t('shipments.status.pickFailed') });
}

export function shipmentsQueryOptions() {
  return queryOptions({
    queryKey: shipmentKeys.list(),
    queryFn: ({ signal }) => getShipments(signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useShipments() {
  return useQuery({ ...shipmentsQueryOptions(), enabled: hasAccessToken() });
}
