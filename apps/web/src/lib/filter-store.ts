import { useSyncExternalStore } from 'react';

/**
 * The client filter state: a search text and five filters, all strings, empty by
 * default; set the search, set one filter by key, reset all. The bids list may also be narrowed to one
 * tender. One store for the whole app; a list screen claims it with `useListFilters(scope)`, which starts
 * from a clean state when the user comes from another list, so that one screen's choices (a city of the
 * tender list, say) never silently filter another screen.
 */
export interface FilterState {
  search: string;
  deliverySpeed: string;
  priceRange: string;
  location: string;
  vehicleType: string;
  vehicleStatus: string;
  tenderId: string;
  /** The tender list's status filter (opened, closed, awarded). */
  status: string;
}

export type FilterKey = Exclude<keyof FilterState, 'search'>;

export const EMPTY_FILTERS: FilterState = {
  search: '',
  deliverySpeed: '',
  priceRange: '',
  location: '',
  vehicleType: '',
  vehicleStatus: '',
  tenderId: '',
  status: '',
};

let state: FilterState = EMPTY_FILTERS;
let currentScope = '';
const listeners = new Set<() => void>();

function emit(next: FilterState) {
  state = next;
  for (const listener of listeners) listener();
}

// arrow functions: screens pass them on as handlers, detached from this object
export const filterActions = {
  setSearch: (search: string) => emit({ ...state, search }),
  setFilter: (key: FilterKey, value: string) => emit({ ...state, [key]: value }),
  resetFilters: () => emit(EMPTY_FILTERS),
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => state;

/** Whether anything narrows the list (for the spec's two empty texts). */
export function hasActiveFilters(filters: FilterState): boolean {
  return (Object.keys(EMPTY_FILTERS) as (keyof FilterState)[]).some((key) => filters[key].trim() !== '');
}

/** The filter state for the list screen named `scope`; entering a different list starts clean. */
export function useListFilters(scope: string): FilterState & typeof filterActions {
  if (currentScope !== scope) {
    currentScope = scope;
    state = EMPTY_FILTERS; // no emit during render: every reader of this render already sees the clean state
  }
  const filters = useSyncExternalStore(subscribe, snapshot, snapshot);
  return { ...filters, ...filterActions };
}
