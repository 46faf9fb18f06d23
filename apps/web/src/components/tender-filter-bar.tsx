import { useTranslation } from 'react-i18next';
import { DELIVERY_SPEEDS, PRICE_RANGES, type PriceRange } from '@yuk/shared';
import { hasActiveFilters, type FilterKey, type FilterState } from '../lib/filter-store';
import { FilterBar, type FilterSelect } from './ui/filter-bar';

/** The text key of each price band (the values sent stay the uz words the API takes). */
const PRICE_BAND_KEYS: Record<PriceRange, 'cheap' | 'medium' | 'expensive'> = {
  Arzon: 'cheap',
  "O'rtacha": 'medium',
  Qimmat: 'expensive',
};

export interface TenderFilterBarProps {
  filters: FilterState;
  setSearch: (search: string) => void;
  setFilter: (key: FilterKey, value: string) => void;
  resetFilters: () => void;
  /** The list's places for the location dropdown, which follows delivery time and price. */
  locations: { options: FilterSelect<FilterKey>['options']; containerClassName?: string };
  /** The dropdowns after location (status, where the list has one). */
  more?: (anyLabel: string) => FilterSelect<FilterKey>[];
}

/**
 * The filter bar of a list of tenders (all tenders, My Orders): the search box, delivery time (Tez, Odatdagi,
 * Sekin), price (Arzon, O'rtacha, Qimmat) and location (the list's places), then the list's own dropdowns, and
 * a link that clears them.
 */
export function TenderFilterBar({
  filters,
  setSearch,
  setFilter,
  resetFilters,
  locations,
  more = () => [],
}: TenderFilterBarProps) {
  const { t } = useTranslation();
  const anyLabel = t('terms.all');
  return (
    <FilterBar<FilterKey>
      layout="stacked"
      sheet={{ open: t('terms.filters'), close: t('common.close') }}
      label={t('terms.filters')}
      search={{
        label: t('terms.search'),
        labelHidden: true,
        placeholder: t('terms.searchByNameCargoTypeOrPlace'),
        value: filters.search,
      }}
      onSearch={setSearch}
      selects={[
        {
          key: 'deliverySpeed',
          label: t('terms.deliveryTime'),
          anyLabel,
          value: filters.deliverySpeed,
          options: DELIVERY_SPEEDS.map((value) => ({ value, label: t(`terms.delivery.${value}`) })),
        },
        {
          key: 'priceRange',
          label: t('terms.price'),
          anyLabel,
          value: filters.priceRange,
          options: PRICE_RANGES.map((value) => ({ value, label: t(`terms.priceBand.${PRICE_BAND_KEYS[value]}`) })),
        },
        {
          key: 'location',
          label: t('terms.location'),
          anyLabel,
          value: filters.location,
          ...locations,
        },
        ...more(anyLabel),
      ]}
      onSelect={setFilter}
      reset={hasActiveFilters(filters) ? { label: t('terms.clearFilters'), onReset: resetFilters } : undefined}
    />
  );
}
