import { useTranslation } from 'react-i18next';
import type { DeliveryProof } from '@yuk/shared';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DeliveryProofView } from './delivery-proof-view';

export interface ConfirmDeliveryDialogProps {
  open: boolean;
  proof: DeliveryProof;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Before the owner confirms a delivery with a recorded proof, the proof is shown: the decision is made on it. */
export function ConfirmDeliveryDialog({ open, proof, pending, onConfirm, onClose }: ConfirmDeliveryDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('shipments.proof.confirmTitle')}
      confirmLabel={t('shipments.proof.confirm')}
      pendingLabel={t('shipments.owner.confirming')}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
      variant="warning"
    >
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-300">{t('shipments.proof.confirmHint')}</p>
        <DeliveryProofView proof={proof} />
      </div>
    </ConfirmDialog>
  );
}
