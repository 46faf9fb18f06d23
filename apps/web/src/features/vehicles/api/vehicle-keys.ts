/**
 * The vehicle list screen's filters as it holds them: the search box and the type and status choices (the
 * server's own are the shared VehicleListFilters).
 */
export interface VehicleScreenFilters {
  search: string;
  type: string;
  status: string;
}
