import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STALE_TIMES, type Vehicle, apiPaths, pathTo } from '@yuk/shared';
import i18n from '../../../i18n';
import { api } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { vehicleKeys } from '../../../lib/query-keys';

/** GET /api/vehicles/{id}: one of my vehicles (404 when it does not exist or is someone else's). */
export function getVehicle(id: number, signal?: AbortSignal): Promise<Vehicle> {
  return api.get<Vehicle>(pathTo(apiPaths.vehicles.one, { id }), {
    signal,
    errorMessage: i18n.t('vehicles.toasts.fetchFailed'),
  });
}

export function vehicleQueryOptions(id: number) {
  return queryOptions({
    queryKey: vehicleKeys.detail(id),
    queryFn: ({ signal }) => getVehicle(id, signal),
    staleTime: STALE_TIMES.lists,
  });
}

/** The vehicle as a list already fetched holds it, with the time that list was fetched. */
function fromCachedLists(queryClient: QueryClient, id: number): { vehicle: Vehicle; updatedAt: number } | undefined {
  let found: { vehicle: Vehicle; updatedAt: number } | undefined;
  for (const query of queryClient.getQueryCache().findAll({ queryKey: vehicleKeys.lists() })) {
    const rows = query.state.data;
    if (!Array.isArray(rows)) continue;
    const vehicle = (rows as Vehicle[]).find((row) => row.id === id);
    if (vehicle && (!found || query.state.dataUpdatedAt > found.updatedAt)) {
      found = { vehicle, updatedAt: query.state.dataUpdatedAt };
    }
  }
  return found;
}

/**
 * One vehicle for the edit form: the one passed along from the list (navigation state) when there is one,
 * else the one a fetched list holds, else asked from the server. Fresh data is not asked for again.
 */
export function useVehicle(id: number | undefined, passed?: Vehicle) {
  const queryClient = useQueryClient();
  const known =
    id === undefined ? undefined : passed?.id === id ? { vehicle: passed, updatedAt: Date.now() } : undefined;
  const initial = known ?? (id === undefined ? undefined : fromCachedLists(queryClient, id));
  return useQuery({
    ...vehicleQueryOptions(id ?? 0),
    enabled: id !== undefined && hasAccessToken(),
    initialData: initial?.vehicle,
    initialDataUpdatedAt: initial?.updatedAt,
  });
}
