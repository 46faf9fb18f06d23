import { useTranslation } from 'react-i18next';
import type { Vehicle } from '@yuk/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

export interface DeleteVehicleDialogProps {
  vehicle: Vehicle | null;
  pending: boolean;
  onConfirm: (vehicle: Vehicle) => void;
  onCancel: () => void;
}

/** Asks 'Are you sure you want to delete "{vehicle_name}"?' before anything is deleted. */
export function DeleteVehicleDialog({ vehicle, pending, onConfirm, onCancel }: DeleteVehicleDialogProps) {
  const { t } = useTranslation();
  if (!vehicle) return null;
  return (
    <Modal
      open
      onClose={pending ? () => {} : onCancel}
      title={t('vehicles.delete.title')}
      closeLabel={t('common.close')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={pending}>
            {t('terms.cancel')}
          </Button>
          <Button variant="danger" onClick={() => onConfirm(vehicle)} pending={pending}>
            {pending ? t('vehicles.delete.pending') : t('terms.delete')}
          </Button>
        </>
      }
    >
      <p className="font-medium text-white">{t('vehicles.delete.confirm', { vehicle_name: vehicle.vehicle_name })}</p>
      <p className="mt-2 text-sm text-slate-300">{t('vehicles.delete.note')}</p>
    </Modal>
  );
}
