import { useTranslation } from 'react-i18next';
import { DELIVERY_SPEEDS, ORDERS_LOCATIONS, PRICE_RANGES, type PriceRange } from '@yuk/shared';
import { FilterBar } from '../../../components/ui/filter-bar';
import { hasActiveFilters, type FilterKey, type FilterState } from '../../../lib/filter-store';

const PRICE_KEYS: Record<PriceRange, 'cheap' | 'medium' | 'expensive'> = {
  Arzon: 'cheap',
  "O'rtacha": 'medium',
  Qimmat: 'expensive',
};
const LOCATION_KEYS: Record<
  (typeof ORDERS_LOCATIONS)[number],
  'Toshkent' | 'Samarqand' | 'Buxoro' | 'Andijon' | 'Fargona'
> = {
  Toshkent: 'Toshkent',
  Samarqand: 'Samarqand',
  Buxoro: 'Buxoro',
  Andijon: 'Andijon',
  "Farg'ona": 'Fargona',
};

export interface OrdersFiltersProps {
  filters: FilterState;
  setSearch: (search: string) => void;
  setFilter: (key: FilterKey, value: string) => void;
  resetFilters: () => void;
}

/** My Orders' search box and its three dropdowns: delivery time, price, location (Toshkent … Farg'ona). */
export function OrdersFilters({ filters, setSearch, setFilter, resetFilters }: OrdersFiltersProps) {
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
          options: PRICE_RANGES.map((value) => ({ value, label: t(`terms.priceBand.${PRICE_KEYS[value]}`) })),
        },
        {
          key: 'location',
          label: t('terms.location'),
          anyLabel,
          value: filters.location,
          containerClassName: 'col-span-2 lg:col-span-1',
          options: ORDERS_LOCATIONS.map((value) => ({
            value,
            label: t(`terms.city.${LOCATION_KEYS[value]}`),
          })),
        },
      ]}
      onSelect={setFilter}
      reset={hasActiveFilters(filters) ? { label: t('terms.clearFilters'), onReset: resetFilters } : undefined}
    />
  );
}
