import { useTranslation } from 'react-i18next';
import { DELIVERY_SPEEDS, ORDERS_LOCATIONS, PRICE_RANGES, type PriceRange } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
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
  const any = t('orders.list.any');
  return (
    <div role="search" aria-label={t('orders.list.filters')} className="mb-4 flex flex-col gap-3">
      <TextField
        type="search"
        label={t('orders.list.search')}
        labelHidden
        placeholder={t('orders.list.searchPlaceholder')}
        value={filters.search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <SelectField
          label={t('orders.list.delivery')}
          placeholder={any}
          value={filters.deliverySpeed}
          onChange={(event) => setFilter('deliverySpeed', event.target.value)}
          options={DELIVERY_SPEEDS.map((value) => ({ value, label: t(`orders.options.delivery.${value}`) }))}
        />
        <SelectField
          label={t('orders.list.price')}
          placeholder={any}
          value={filters.priceRange}
          onChange={(event) => setFilter('priceRange', event.target.value)}
          options={PRICE_RANGES.map((value) => ({ value, label: t(`orders.options.price.${PRICE_KEYS[value]}`) }))}
        />
        <SelectField
          label={t('orders.list.location')}
          placeholder={any}
          value={filters.location}
          onChange={(event) => setFilter('location', event.target.value)}
          containerClassName="col-span-2 lg:col-span-1"
          options={ORDERS_LOCATIONS.map((value) => ({
            value,
            label: t(`orders.options.location.${LOCATION_KEYS[value]}`),
          }))}
        />
      </div>
      {hasActiveFilters(filters) && (
        <div>
          <Button variant="link" onClick={resetFilters}>
            {t('orders.list.reset')}
          </Button>
        </div>
      )}
    </div>
  );
}
