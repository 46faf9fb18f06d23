import { queryOptions, useQuery } from '@tanstack/react-query';
import { STALE_TIMES, apiPaths, type Vehicle } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { vehicleKeys } from '../../../lib/query-keys';
import { hasAccessToken } from '../../../lib/session';

/** GET /api/vehicles/user without filters: all my vehicles, for naming one in a bid. */
export function getMyVehicles(signal?: AbortSignal): Promise<Vehicle[]> {
  return api.get<Vehicle[]>(apiPaths.vehicles.mine, { signal, errorMessage: i18n.t('tenders.bid.vehiclesFailed') });
}

/** Under the vehicle lists' key, so saving or deleting a vehicle refreshes the bid form's choice too. */
export function myVehiclesQueryOptions() {
  return queryOptions({
    queryKey: vehicleKeys.list({ purpose: 'bid' }),
    queryFn: ({ signal }) => getMyVehicles(signal),
    staleTime: STALE_TIMES.lists,
  });
}

export function useMyVehicles() {
  return useQuery({ ...myVehiclesQueryOptions(), enabled: hasAccessToken() });
}
