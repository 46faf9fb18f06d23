import { useTranslation } from 'react-i18next';
import {
  DELIVERY_SPEEDS,
  PRICE_RANGES,
  TENDER_LIST_LOCATIONS,
  TENDER_LIST_STATUSES,
  type PriceRange,
} from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
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
  const any = t('tenders.list.any');
  return (
    <div role="search" className="mb-4 flex flex-col gap-3" aria-label={t('tenders.list.filters')}>
      <TextField
        type="search"
        label={t('tenders.list.search')}
        labelHidden
        placeholder={t('tenders.list.searchPlaceholder')}
        value={filters.search}
        onChange={(event) => setSearch(event.target.value)}
        autoComplete="off"
        enterKeyHint="search"
      />
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <SelectField
          label={t('tenders.list.delivery')}
          placeholder={any}
          value={filters.deliverySpeed}
          onChange={(event) => setFilter('deliverySpeed', event.target.value)}
          options={DELIVERY_SPEEDS.map((value) => ({ value, label: t(`tenders.options.delivery.${value}`) }))}
        />
        <SelectField
          label={t('tenders.list.price')}
          placeholder={any}
          value={filters.priceRange}
          onChange={(event) => setFilter('priceRange', event.target.value)}
          options={PRICE_RANGES.map((value) => ({
            value,
            label: t(`tenders.options.price.${PRICE_RANGE_KEYS[value]}`),
          }))}
        />
        <SelectField
          label={t('tenders.list.location')}
          placeholder={any}
          value={filters.location}
          onChange={(event) => setFilter('location', event.target.value)}
          options={TENDER_LIST_LOCATIONS.map((value) => ({ value, label: t(`tenders.options.location.${value}`) }))}
        />
        <SelectField
          label={t('tenders.list.status')}
          placeholder={any}
          value={filters.status}
          onChange={(event) => setFilter('status', event.target.value)}
          options={TENDER_LIST_STATUSES.map((value) => ({ value, label: t(`tenders.status.${value}`) }))}
        />
      </div>
      {hasActiveFilters(filters) && (
        <div>
          <Button variant="link" onClick={resetFilters}>
            {t('tenders.list.reset')}
          </Button>
        </div>
      )}
    </div>
  );
}
