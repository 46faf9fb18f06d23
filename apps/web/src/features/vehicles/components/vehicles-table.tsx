import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { webRoutes, pathTo, type Vehicle } from '@yuk/shared';
import { DataTable, type Column } from '../../../components/ui/table';
import { cn } from '../../../lib/cn';
import { useMediaQuery, WIDE_SCREEN } from '../../../lib/use-media-query';
import { formatEquipment, formatLoadCapacity, useVehicleTexts } from '../vehicle-format';
import { VehicleStatusBadge } from './vehicle-status-badge';

export interface VehiclesTableProps {
  vehicles: readonly Vehicle[];
  onDetails: (vehicle: Vehicle) => void;
  onDelete: (vehicle: Vehicle) => void;
}

const boxed = 'h-8 rounded-lg bg-navy-800 px-3 ring-1 ring-navy-600 ring-inset hover:bg-navy-700';
const plain = 'rounded px-0.5 underline-offset-4 hover:underline';

/**
 * Edit (to the form, the vehicle passed along), Delete and View Details; each names its vehicle for screen
 * readers. In the table they are compact text buttons; on the phone cards, full-size buttons.
 */
function RowActions({
  vehicle,
  onDetails,
  onDelete,
  compact,
}: { vehicle: Vehicle; compact: boolean } & Omit<VehiclesTableProps, 'vehicles'>) {
  const { t } = useTranslation();
  // the visible word first, then the vehicle, so that every row's buttons have their own names
  const named = (action: string) => `${action} – ${vehicle.vehicle_name}`;
  const look = (colour: string) =>
    cn('inline-flex items-center text-sm font-medium transition-colors', compact ? plain : boxed, colour);
  return (
    <div className={cn('flex flex-wrap', compact ? 'gap-x-3 gap-y-1' : 'gap-2')}>
      <Link
        to={pathTo(webRoutes.editVehicle, { id: vehicle.id })}
        state={{ vehicle }}
        className={look(compact ? 'text-sky-300 hover:text-sky-200' : 'text-slate-100')}
        aria-label={named(t('vehicles.actions.edit'))}
      >
        {t('vehicles.actions.edit')}
      </Link>
      <button
        type="button"
        onClick={() => onDelete(vehicle)}
        className={look(compact ? 'text-red-300 hover:text-red-200' : 'text-red-200')}
        aria-label={named(t('terms.delete'))}
      >
        {t('terms.delete')}
      </button>
      <button
        type="button"
        onClick={() => onDetails(vehicle)}
        className={look(compact ? 'text-sky-300 hover:text-sky-200' : 'text-slate-100')}
        aria-label={named(t('vehicles.actions.details'))}
      >
        {t('vehicles.actions.details')}
      </button>
    </div>
  );
}

function NameCell({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col">
      <span className="font-medium text-white">{vehicle.vehicle_name}</span>
      <span className="text-xs text-slate-400">{t('vehicles.list.idLine', { id: vehicle.id })}</span>
    </div>
  );
}

/**
 * My vehicles: a table on wide screens (Vehicle Name/ID, Type, License Plate, Load Capacity, Equipment,
 * Status, Actions); on phones the same facts as one card per vehicle.
 */
export function VehiclesTable({ vehicles, onDetails, onDelete }: VehiclesTableProps) {
  const { t } = useTranslation();
  const texts = useVehicleTexts();
  const wide = useMediaQuery(WIDE_SCREEN);

  if (!wide) {
    return (
      <ul aria-label={t('vehicles.list.caption')} className="flex flex-col gap-3">
        {vehicles.map((vehicle) => (
          <li key={vehicle.id} className="rounded-xl border border-navy-700 bg-navy-900 p-4">
            <div className="mb-3 flex items-start justify-between gap-3">
              <NameCell vehicle={vehicle} />
              <VehicleStatusBadge status={vehicle.current_status} />
            </div>
            <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {(
                [
                  [t('terms.type'), t(`terms.vehicleTypes.${vehicle.vehicle_type}`)],
                  [t('vehicles.columns.plate'), vehicle.license_plate],
                  [t('vehicles.columns.capacity'), formatLoadCapacity(vehicle, texts)],
                  [t('vehicles.columns.equipment'), formatEquipment(vehicle.equipment_features, texts)],
                ] as const
              ).map(([label, value]) => (
                <div key={label} className="contents">
                  <dt className="text-slate-400">{label}</dt>
                  <dd className="min-w-0 wrap-break-word text-slate-100">{value}</dd>
                </div>
              ))}
            </dl>
            <RowActions vehicle={vehicle} onDetails={onDetails} onDelete={onDelete} compact={false} />
          </li>
        ))}
      </ul>
    );
  }

  // narrow cells that wrap, so that all seven columns fit beside the open navigation on a laptop screen
  const cell = 'px-3! whitespace-normal!';
  const columns: Column<Vehicle>[] = [
    {
      key: 'name',
      header: t('vehicles.columns.name'),
      cell: (vehicle) => <NameCell vehicle={vehicle} />,
      className: `${cell} min-w-32 max-w-40`,
    },
    {
      key: 'type',
      header: t('terms.type'),
      cell: (vehicle) => t(`terms.vehicleTypes.${vehicle.vehicle_type}`),
      className: `${cell} min-w-20 max-w-28`,
    },
    {
      key: 'plate',
      header: t('vehicles.columns.plate'),
      cell: (vehicle) => <span className="font-medium tracking-wide whitespace-nowrap">{vehicle.license_plate}</span>,
      className: `${cell} min-w-24`,
    },
    {
      key: 'capacity',
      header: t('vehicles.columns.capacity'),
      cell: (vehicle) => formatLoadCapacity(vehicle, texts),
      className: `${cell} min-w-20 max-w-28`,
    },
    {
      key: 'equipment',
      header: t('vehicles.columns.equipment'),
      cell: (vehicle) => formatEquipment(vehicle.equipment_features, texts),
      className: `${cell} min-w-28 max-w-40`,
    },
    {
      key: 'status',
      header: t('terms.status'),
      cell: (vehicle) => <VehicleStatusBadge status={vehicle.current_status} />,
      className: 'px-3!',
    },
    {
      key: 'actions',
      header: t('vehicles.columns.actions'),
      cell: (vehicle) => <RowActions vehicle={vehicle} onDetails={onDetails} onDelete={onDelete} compact />,
      className: `${cell} min-w-28 max-w-44`,
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={vehicles}
      rowKey={(vehicle) => vehicle.id}
      caption={t('vehicles.list.caption')}
    />
  );
}
