/** The list's filters as the screen holds them: the search box and the Type and Status choices. */
export interface VehicleListFilters {
  search: string;
  type: string;
  status: string;
}

/** Query keys of the vehicle calls; mutations invalidate `lists()`, so every filtered list refreshes. */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (filters: VehicleListFilters) => [...vehicleKeys.lists(), filters] as const,
  details: () => [...vehicleKeys.all, 'detail'] as const,
  detail: (id: number) => [...vehicleKeys.details(), id] as const,
};
