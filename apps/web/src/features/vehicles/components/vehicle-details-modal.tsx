import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VEHICLE_DOCUMENTS, type Vehicle } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { formatDate } from '../../../lib/format';
import {
  documentHref,
  formatDimensions,
  formatEquipment,
  formatMaxLoad,
  formatMaxVolume,
  formatOptionalCount,
  formatOptionalText,
  useVehicleTexts,
} from '../vehicle-format';
import { VehicleStatusBadge } from './vehicle-status-badge';

export interface VehicleDetailsModalProps {
  vehicle: Vehicle | null;
  onClose: () => void;
}

/**
 * A vehicle's details: every fact of the vehicle, N/A for what was not given, and its documents as links that
 * open in a new tab (relative links are prefixed with the API's base address).
 */
export function VehicleDetailsModal({ vehicle, onClose }: VehicleDetailsModalProps) {
  const { t } = useTranslation();
  const texts = useVehicleTexts();
  if (!vehicle) return null;

  const rows: [string, ReactNode][] = [
    [t('terms.name'), vehicle.vehicle_name],
    [t('terms.itemType'), t(`terms.vehicleTypes.${vehicle.vehicle_type}`)],
    [t('terms.licensePlate'), <span className="font-mono tracking-wide">{vehicle.license_plate}</span>],
    [t('vehicles.details.vin'), formatOptionalText(vehicle.vin, texts)],
    [t('terms.yearOfManufacture'), String(vehicle.year_of_manufacture)],
    [t('terms.itemStatus'), <VehicleStatusBadge status={vehicle.current_status} />],
    [t('terms.maxLoadWeight'), formatMaxLoad(vehicle, texts)],
    [t('terms.maxVolume'), formatMaxVolume(vehicle, texts)],
    [t('terms.axleCount'), formatOptionalCount(vehicle.axle_count, texts)],
    [t('vehicles.details.dimensions'), formatDimensions(vehicle, texts)],
    [t('terms.equipment'), formatEquipment(vehicle.equipment_features, texts)],
    [t('vehicles.details.created'), formatDate(vehicle.created_at, texts.notAvailable)],
  ];

  return (
    <Modal
      open
      onClose={onClose}
      title={t('vehicles.details.title')}
      closeLabel={t('common.close')}
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common.close')}
        </Button>
      }
    >
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {rows.map(([label, value]) => (
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="text-xs font-medium tracking-wide text-slate-400 uppercase">{label}</dt>
            <dd className="wrap-break-word text-slate-100">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-6 mb-2 text-sm font-semibold text-white">{t('vehicles.details.documents')}</h3>
      <ul className="flex flex-col gap-2">
        {VEHICLE_DOCUMENTS.map((kind) => {
          const href = documentHref(vehicle.documents[kind]);
          const name = vehicle.document_names[kind];
          return (
            <li
              key={kind}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg bg-navy-850 px-3 py-2"
            >
              {href ? (
                <a
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-sky-300 underline-offset-4 hover:text-sky-200 hover:underline"
                >
                  {t(`vehicles.documents.${kind}`)} <span className="sr-only">{t('vehicles.details.newTab')}</span>
                </a>
              ) : (
                <span className="text-slate-300">{t(`vehicles.documents.${kind}`)}</span>
              )}
              <span className="min-w-0 truncate text-sm text-slate-400">
                {href ? (name ?? '') : t('vehicles.details.noDocument')}
              </span>
            </li>
          );
        })}
      </ul>
    </Modal>
  );
}
