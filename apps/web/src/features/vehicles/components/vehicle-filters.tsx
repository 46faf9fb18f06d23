import { useTranslation } from 'react-i18next';
import { VEHICLE_NAME_MAX, VEHICLE_STATUSES, VEHICLE_TYPES } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
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
    <div
      role="search"
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end"
    >
      <TextField
        type="search"
        label={t('vehicles.list.search')}
        labelHidden
        placeholder={t('vehicles.list.search')}
        value={search}
        maxLength={VEHICLE_NAME_MAX}
        onChange={(event) => onSearch(event.target.value)}
        autoComplete="off"
        containerClassName="sm:col-span-2 lg:col-span-1"
      />
      <SelectField
        label={t('vehicles.list.type')}
        placeholder={t('vehicles.list.allTypes')}
        options={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`vehicles.types.${type}`) }))}
        value={vehicleType}
        onChange={(event) => onFilter('vehicleType', event.target.value)}
      />
      <SelectField
        label={t('vehicles.list.status')}
        placeholder={t('vehicles.list.allStatuses')}
        options={VEHICLE_STATUSES.map((status) => ({ value: status, label: t(`vehicles.statuses.${status}`) }))}
        value={vehicleStatus}
        onChange={(event) => onFilter('vehicleStatus', event.target.value)}
      />
      {active && (
        <Button variant="ghost" onClick={onReset} className="justify-self-start">
          {t('vehicles.list.resetFilters')}
        </Button>
      )}
    </div>
  );
}
