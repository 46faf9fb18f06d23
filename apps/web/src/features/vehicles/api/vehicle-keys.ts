/** The list's filters as the screen holds them: the search box and the Type and Status choices. */
export interface VehicleListFilters {
  search: string;
  type: string;
  status: string;
}
