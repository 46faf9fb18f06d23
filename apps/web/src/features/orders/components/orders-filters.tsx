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

export type OrdersFiltersProps = Omit<TenderFilterBarProps, 'locations' | 'more'>;

/** My Orders' search box and its three dropdowns: delivery time, price, location (Toshkent … Farg'ona). */
export function OrdersFilters(props: OrdersFiltersProps) {
  const { t } = useTranslation();
  return (
    <TenderFilterBar
      {...props}
      locations={{
        containerClassName: 'col-span-2 lg:col-span-1',
        options: ORDERS_LOCATIONS.map((value) => ({ value, label: t(`terms.city.${LOCATION_KEYS[value]}`) })),
      }}
    />
  );
}
