import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, hasActiveFilters, useListFilters } from './filter-store';

describe('the shared filter state', () => {
  it('sets the search, sets one filter by key and resets all', () => {
    const { result } = renderHook(() => useListFilters('tenders'));
    act(() => result.current.setSearch('paxta'));
    act(() => result.current.setFilter('location', 'Samarqand'));
    expect(result.current).toMatchObject({ search: 'paxta', location: 'Samarqand', priceRange: '' });
    expect(hasActiveFilters(result.current)).toBe(true);
    act(() => result.current.resetFilters());
    expect(result.current).toMatchObject(EMPTY_FILTERS);
    expect(hasActiveFilters(result.current)).toBe(false);
  });

  it('is shared by the readers of one list, and starts clean on another list', () => {
    const first = renderHook(() => useListFilters('orders'));
    const second = renderHook(() => useListFilters('orders'));
    act(() => first.result.current.setFilter('priceRange', 'Arzon'));
    expect(second.result.current.priceRange).toBe('Arzon');
    const other = renderHook(() => useListFilters('vehicles'));
    expect(other.result.current.priceRange).toBe('');
  });
});
