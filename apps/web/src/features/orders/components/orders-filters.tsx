import { useTranslation } from 'react-i18next';
import { ORDERS_LOCATIONS } from '@yuk/shared';
import { TenderFilterBar, type TenderFilterBarProps } from '../../../components/tender-filter-bar';

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

export type OrdersFiltersProps = Omit<TenderFilterBarProps, 'more'>;

/** My Orders' search box and its three dropdowns: delivery time, price, location (Toshkent … Farg'ona). */
export function OrdersFilters(props: OrdersFiltersProps) {
  const { t } = useTranslation();
  const { filters } = props;
  return (
    <TenderFilterBar
      {...props}
      more={(anyLabel) => [
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
    />
  );
}
