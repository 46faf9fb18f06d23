import { useTranslation } from 'react-i18next';
import { BIDS_LOCATIONS, DELIVERY_SPEEDS, PRICE_RANGES } from '@yuk/shared';
import { FilterBar } from '../../../components/ui/filter-bar';
import type { FilterKey } from '../../../lib/filter-store';
import type { BidFilters } from '../bid-filters';

type OptionKey = 'fast' | 'normal' | 'slow' | 'cheap' | 'medium' | 'expensive' | 'other';

/** The spec's filter values (sent and compared as they are) and the key of each one's label. */
const OPTION_KEYS: Record<string, OptionKey> = {
  Tez: 'fast',
  Odatdagi: 'normal',
  Sekin: 'slow',
  Arzon: 'cheap',
  "O'rtacha": 'medium',
  Qimmat: 'expensive',
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
      // the named cities read as in the other lists
      if (!key)
        return { value, label: value === 'Toshkent' || value === 'Samarqand' ? t(`terms.city.${value}`) : value };
      return { value, label: t(`bids.options.${key}`) };
    });
  const anyLabel = t('terms.all');

  return (
    <FilterBar<Extract<FilterKey, 'deliverySpeed' | 'priceRange' | 'location'>>
      layout="row"
      sheet={{ open: t('terms.filters'), close: t('common.close') }}
      label={t('bids.filters.label')}
      className="rounded-xl border border-navy-700 bg-navy-900 p-4"
      search={{ label: t('terms.search'), placeholder: t('bids.searchTender'), value: filters.search }}
      onSearch={onSearch}
      selects={[
        {
          key: 'deliverySpeed',
          label: t('bids.filters.deliverySpeed'),
          anyLabel,
          value: filters.deliverySpeed,
          options: options(DELIVERY_SPEEDS),
        },
        {
          key: 'priceRange',
          label: t('terms.price'),
          anyLabel,
          value: filters.priceRange,
          options: options(PRICE_RANGES),
        },
        {
          key: 'location',
          label: t('terms.location'),
          anyLabel,
          value: filters.location,
          options: options(BIDS_LOCATIONS),
        },
      ]}
      onSelect={onFilter}
      reset={onReset ? { label: t('terms.clearFilters'), onReset } : undefined}
    />
  );
}
