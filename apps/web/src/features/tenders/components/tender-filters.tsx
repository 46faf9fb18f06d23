import { useTranslation } from 'react-i18next';
import {
  DELIVERY_SPEEDS,
  PRICE_RANGES,
  TENDER_LIST_LOCATIONS,
  TENDER_LIST_STATUSES,
  type PriceRange,
} from '@yuk/shared';
import { FilterBar } from '../../../components/ui/filter-bar';
import { hasActiveFilters, type FilterKey, type FilterState } from '../../../lib/filter-store';

/** The text key of each price band (the values sent stay the spec's uz words). */
export const PRICE_RANGE_KEYS: Record<PriceRange, 'cheap' | 'medium' | 'expensive'> = {
  Arzon: 'cheap',
  "O'rtacha": 'medium',
  Qimmat: 'expensive',
};

export interface TenderFiltersProps {
  filters: FilterState;
  setSearch: (search: string) => void;
  setFilter: (key: FilterKey, value: string) => void;
  resetFilters: () => void;
}

/**
 * The tender list's search box and its four dropdowns with exactly the spec's options: delivery time
 * (Tez, Odatdagi, Sekin), price (Arzon, O'rtacha, Qimmat), location (Tashkent … Boshqa), status
 * (opened, closed, awarded). The values are the spec's words; the labels follow the language.
 */
export function TenderFilters({ filters, setSearch, setFilter, resetFilters }: TenderFiltersProps) {
  const { t } = useTranslation();
  const anyLabel = t('terms.all');
  return (
    <FilterBar<FilterKey>
      layout="stacked"
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
          options: PRICE_RANGES.map((value) => ({
            value,
            label: t(`terms.priceBand.${PRICE_RANGE_KEYS[value]}`),
          })),
        },
        {
          key: 'location',
          label: t('terms.location'),
          anyLabel,
          value: filters.location,
          options: TENDER_LIST_LOCATIONS.map((value) => ({ value, label: t(`terms.city.${value}`) })),
        },
        {
          key: 'status',
          label: t('terms.statusHolat'),
          anyLabel,
          value: filters.status,
          options: TENDER_LIST_STATUSES.map((value) => ({ value, label: t(`terms.tenderStatus.${value}`) })),
        },
      ]}
      onSelect={setFilter}
      reset={hasActiveFilters(filters) ? { label: t('terms.clearFilters'), onReset: resetFilters } : undefined}
    />
  );
}
