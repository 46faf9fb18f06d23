import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, type Shipment } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { shipmentListKey } from './keys';

/** GET /api/shipments: the shipments where I am the owner or the carrier, newest first. */
export function getShipments(signal?: AbortSignal): Promise<Shipment[]> {
  return api.get<Shipment[]>('/api/shipments', { signal, errorMessage: i18n.t('shipments.status.pickFailed') });
}

export function shipmentsQueryOptions() {
  return queryOptions({
    queryKey: shipmentListKey,
    queryFn: ({ signal }) => getShipments(signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useShipments() {
  return useQuery({ ...shipmentsQueryOptions(), enabled: hasAccessToken() });
}
