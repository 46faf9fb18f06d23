import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@yuk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export interface DeleteVehicleDialogProps {
  vehicle: Vehicle | null;
  pending: boolean;
  onConfirm: (vehicle: Vehicle) => void;
  onCancel: () => void;
}

/** Asks for a confirmation naming the vehicle before anything is deleted. */
export function DeleteVehicleDialog({ vehicle, pending, onConfirm, onCancel }: DeleteVehicleDialogProps) {
  const { t } = useTranslation();
  if (!vehicle) return null;
  return (
    <ConfirmDialog
      open
      title={t('vehicles.delete.title')}
      variant="danger"
      cancelLabel={t('terms.cancel')}
      confirmLabel={t('terms.delete')}
      pendingLabel={t('vehicles.delete.pending')}
      pending={pending}
      onConfirm={() => onConfirm(vehicle)}
      onClose={onCancel}
    >
      <p className="font-medium text-white">{t('vehicles.delete.confirm', { vehicle_name: vehicle.vehicle_name })}</p>
      <p className="mt-2 text-sm text-slate-300">{t('vehicles.delete.note')}</p>
    </ConfirmDialog>
  );
}
