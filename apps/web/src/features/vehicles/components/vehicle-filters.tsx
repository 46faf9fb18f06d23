import { useTranslation } from 'react-i18next';
import { VEHICLE_NAME_MAX, VEHICLE_STATUSES, VEHICLE_TYPES } from '@yuk/shared';
import { FilterBar } from '../../../components/ui/filter-bar';
import type { FilterKey } from '../../../lib/filter-store';

export interface VehicleFiltersProps {
  search: string;
  vehicleType: string;
  vehicleStatus: string;
  active: boolean;
  onSearch: (value: string) => void;
  onFilter: (key: Extract<FilterKey, 'vehicleType' | 'vehicleStatus'>, value: string) => void;
  onReset: () => void;
}

/** The search box and the Type and Status filters of My Vehicles. */
export function VehicleFilters({
  search,
  vehicleType,
  vehicleStatus,
  active,
  onSearch,
  onFilter,
  onReset,
}: VehicleFiltersProps) {
  const { t } = useTranslation();
  return (
    <FilterBar<Extract<FilterKey, 'vehicleType' | 'vehicleStatus'>>
      layout="row"
      sheet={{ open: t('terms.filters'), close: t('common.close') }}
      search={{
        label: t('vehicles.list.search'),
        labelHidden: true,
        placeholder: t('vehicles.list.search'),
        value: search,
        maxLength: VEHICLE_NAME_MAX,
      }}
      onSearch={onSearch}
      selects={[
        {
          key: 'vehicleType',
          label: t('terms.type'),
          anyLabel: t('vehicles.list.allTypes'),
          value: vehicleType,
          options: VEHICLE_TYPES.map((type) => ({ value: type, label: t(`terms.vehicleTypes.${type}`) })),
        },
        {
          key: 'vehicleStatus',
          label: t('terms.status'),
          anyLabel: t('vehicles.list.allStatuses'),
          value: vehicleStatus,
          options: VEHICLE_STATUSES.map((status) => ({ value: status, label: t(`vehicles.statuses.${status}`) })),
        },
      ]}
      onSelect={onFilter}
      reset={active ? { label: t('terms.clearFilters'), onReset } : undefined}
    />
  );
}
