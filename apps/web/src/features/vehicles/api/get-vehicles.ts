import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  LICENSE_PLATE_MAX,
  STALE_TIMES,
  VEHICLE_NAME_MAX,
  type Vehicle,
  type VehicleListQuery,
  apiPaths,
  vehicleIdInSearch,
} from '@yuk/shared';
import i18n from '../../../i18n';
import { api, isApiError } from '../../../lib/api-client';
import { hasAccessToken } from '../../../lib/session';
import { vehicleKeys } from '../../../lib/query-keys';
import { getVehicle } from './get-vehicle';
import type { VehicleScreenFilters } from './vehicle-keys';

/** GET /api/vehicles/user: my vehicles, newest first; name and licensePlate match a part, type and status exactly. */
export function getVehicles(query: VehicleListQuery, signal?: AbortSignal): Promise<Vehicle[]> {
  return api.get<Vehicle[]>(apiPaths.vehicles.mine, {
    query,
    signal,
    errorMessage: i18n.t('vehicles.toasts.fetchFailed'),
  });
}

async function findById(id: number, signal?: AbortSignal): Promise<Vehicle[]> {
  try {
    return [await getVehicle(id, signal)];
  } catch (error) {
    if (isApiError(error) && error.status === 404) return [];
    throw error;
  }
}

const newestFirst = (a: Vehicle, b: Vehicle) =>
  a.created_at === b.created_at ? b.id - a.id : a.created_at < b.created_at ? 1 : -1;

/**
 * The list screen's search: the Type and Status choices go to the server as they are; the search text
 * matches a license plate or a name (the server compares plates whatever their spacing, names in any
 * case) or, when it is a number, the vehicle's id. The server combines its filters with AND, so each
 * way of matching is one call, made side by side, and the answers are merged.
 */
export async function searchVehicles(filters: VehicleScreenFilters, signal?: AbortSignal): Promise<Vehicle[]> {
  const base: VehicleListQuery = { type: filters.type || undefined, status: filters.status || undefined };
  const search = filters.search.trim();
  if (!search) return getVehicles(base, signal);

  const calls: Promise<Vehicle[]>[] = [];
  if (search.length <= LICENSE_PLATE_MAX) calls.push(getVehicles({ ...base, licensePlate: search }, signal));
  if (search.length <= VEHICLE_NAME_MAX) calls.push(getVehicles({ ...base, name: search }, signal));
  const id = vehicleIdInSearch(search);
  if (id !== undefined) {
    calls.push(
      findById(id, signal).then((found) =>
        found.filter(
          (vehicle) =>
            (!base.type || vehicle.vehicle_type === base.type) &&
            (!base.status || vehicle.current_status === base.status),
        ),
      ),
    );
  }
  const byId = new Map<number, Vehicle>();
  for (const rows of await Promise.all(calls)) for (const vehicle of rows) byId.set(vehicle.id, vehicle);
  return [...byId.values()].sort(newestFirst);
}

/** Fresh for 2 minutes; the filters are part of the key. */
export function vehiclesQueryOptions(filters: VehicleScreenFilters) {
  return queryOptions({
    queryKey: vehicleKeys.list(filters),
    queryFn: ({ signal }) => searchVehicles(filters, signal),
    staleTime: STALE_TIMES.lists,
  });
}

/** My vehicles for the list screen; while new filters load, the previous rows stay on screen. */
export function useVehicles(filters: VehicleScreenFilters) {
  return useQuery({
    ...vehiclesQueryOptions(filters),
    enabled: hasAccessToken(),
    placeholderData: keepPreviousData,
  });
}
