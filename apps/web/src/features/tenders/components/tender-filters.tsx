import { useTranslation } from 'react-i18next';
import { TENDER_LIST_LOCATIONS, TENDER_LIST_STATUSES } from '@yuk/shared';
import { TenderFilterBar, type TenderFilterBarProps } from '../../../components/tender-filter-bar';

export type TenderFiltersProps = Omit<TenderFilterBarProps, 'locations' | 'more'>;

/**
 * The tender list's search box and its four dropdowns with exactly the product's options: delivery time
 * (Tez, Odatdagi, Sekin), price (Arzon, O'rtacha, Qimmat), location (Tashkent … Boshqa), status
 * (opened, closed, awarded). The values are the uz words the API takes; the labels follow the language.
 */
export function TenderFilters(props: TenderFiltersProps) {
  const { t } = useTranslation();
  const { filters } = props;
  return (
    <TenderFilterBar
      {...props}
      locations={{
        options: TENDER_LIST_LOCATIONS.map((value) => ({ value, label: t(`terms.city.${value}`) })),
      }}
      more={(anyLabel) => [
        {
          key: 'status',
          label: t('terms.tenderStatusLabel'),
          anyLabel,
          value: filters.status,
          options: TENDER_LIST_STATUSES.map((value) => ({ value, label: t(`terms.tenderStatus.${value}`) })),
        },
      ]}
    />
  );
}
