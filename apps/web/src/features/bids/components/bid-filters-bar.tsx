import { useTranslation } from 'react-i18next';
import { BIDS_LOCATIONS, DELIVERY_SPEEDS, PRICE_RANGES } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import type { FilterKey } from '../../../lib/filter-store';
import type { BidFilters } from '../bid-filters';

type OptionKey = 'fast' | 'normal' | 'slow' | 'cheap' | 'medium' | 'expensive' | 'tashkent' | 'samarqand' | 'other';

/** The spec's filter values (sent and compared as they are) and the key of each one's label. */
const OPTION_KEYS: Record<string, OptionKey> = {
  Tez: 'fast',
  Odatdagi: 'normal',
  Sekin: 'slow',
  Arzon: 'cheap',
  "O'rtacha": 'medium',
  Qimmat: 'expensive',
  Toshkent: 'tashkent',
  Samarqand: 'samarqand',
  Boshqa: 'other',
};

export interface BidFiltersBarProps {
  filters: BidFilters;
  onSearch: (search: string) => void;
  onFilter: (key: Extract<FilterKey, 'deliverySpeed' | 'priceRange' | 'location'>, value: string) => void;
  onReset?: () => void;
}

/** Search box and the three dropdowns of the bids screen: delivery time, price, location (Toshkent, Samarqand, Boshqa). */
export function BidFiltersBar({ filters, onSearch, onFilter, onReset }: BidFiltersBarProps) {
  const { t } = useTranslation();
  const options = (values: readonly string[]) =>
    values.map((value) => {
      const key = OPTION_KEYS[value];
      return { value, label: key ? t(`bids.options.${key}`) : value };
    });

  return (
    <div
      role="search"
      aria-label={t('bids.filters.label')}
      className="mb-4 grid gap-3 rounded-xl border border-navy-700 bg-navy-900 p-4 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto] lg:items-end"
    >
      <TextField
        type="search"
        label={t('bids.filters.search')}
        placeholder={t('bids.searchTender')}
        value={filters.search}
        onChange={(event) => onSearch(event.target.value)}
        containerClassName="sm:col-span-2 lg:col-span-1"
        autoComplete="off"
      />
      <SelectField
        label={t('bids.filters.deliverySpeed')}
        placeholder={t('bids.filters.any')}
        options={options(DELIVERY_SPEEDS)}
        value={filters.deliverySpeed}
        onChange={(event) => onFilter('deliverySpeed', event.target.value)}
      />
      <SelectField
        label={t('bids.filters.priceRange')}
        placeholder={t('bids.filters.any')}
        options={options(PRICE_RANGES)}
        value={filters.priceRange}
        onChange={(event) => onFilter('priceRange', event.target.value)}
      />
      <SelectField
        label={t('bids.filters.location')}
        placeholder={t('bids.filters.any')}
        options={options(BIDS_LOCATIONS)}
        value={filters.location}
        onChange={(event) => onFilter('location', event.target.value)}
      />
      {onReset && (
        <Button variant="ghost" onClick={onReset} className="sm:col-span-2 lg:col-span-1">
          {t('bids.filters.clear')}
        </Button>
      )}
    </div>
  );
}
