import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SHIPMENT_STATUS_TEXT, type Shipment, type ShipmentStep, webRoutes } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { useLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { chooseShipment } from '../../../lib/shipment-tracking';
import { useDeliveryProof } from '../api/delivery-proof';
import { useMoveShipment } from '../api/move-shipment';
import { CheckIcon } from '../../../components/ui/icons';
import { ButtonLink } from '../../../components/ui/button-link';
import { ConfirmDeliveryDialog } from './confirm-delivery-dialog';

/** The carrier's next step: loaded after the award, on the way after loading; none after that. */
export function carrierNextStep(status: Shipment['status']): Extract<ShipmentStep, 'loaded' | 'on_the_way'> | null {
  if (status === 'awarded') return 'loaded';
  if (status === 'loaded') return 'on_the_way';
  return null;
}

function Delivered() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span className="inline-flex items-center gap-2 font-medium text-emerald-200">
        <CheckIcon className="size-5" />
        {t('shipments.delivered')}
      </span>
      <ButtonLink to={webRoutes.shipmentSuccess} variant="secondary">
        {t('shipments.viewConfirmation')}
      </ButtonLink>
    </div>
  );
}

/**
 * What the viewer can do next. The carrier marks loaded, then on the way (only the next step is offered).
 * The owner has the orange delivery button: enabled once the shipment is on the way, it confirms the
 * delivery and opens /shipment/success.
 */
export function ShipmentActions({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const hintId = useId();
  const move = useMoveShipment(shipment.number);
  const [reviewing, setReviewing] = useState(false);
  const proof = useDeliveryProof(shipment.number, shipment.role === 'owner' && shipment.status === 'on_the_way');

  if (shipment.status === 'delivered') return <Delivered />;

  if (shipment.role === 'carrier') {
    const next = carrierNextStep(shipment.status);
    if (!next) return <p className="text-sm text-slate-300">{t('shipments.carrier.waitingOwner')}</p>;
    const mark = () =>
      move.mutate(next, {
        onSuccess: () => toast.success(t('shipments.carrier.moved', { status: SHIPMENT_STATUS_TEXT[next][language] })),
        onError: (error) => toast.error(errorMessage(error, t('shipments.carrier.failed'))),
      });
    return (
      <Button onClick={mark} pending={move.isPending} size="lg">
        {move.isPending
          ? t('shipments.carrier.saving')
          : next === 'loaded'
            ? t('shipments.carrier.markLoaded')
            : t('shipments.carrier.markOnTheWay')}
      </Button>
    );
  }

  const ready = shipment.status === 'on_the_way';
  const confirm = () =>
    move.mutate('delivered', {
      onSuccess: (moved) => {
        chooseShipment(moved.number);
        toast.success(t('shipments.owner.confirmed'));
        void navigate(webRoutes.shipmentSuccess);
      },
      onError: (error) => toast.error(errorMessage(error, t('shipments.owner.failed'))),
    });
  // with a recorded proof, the owner sees it before confirming; without one the button confirms as before
  const recorded = proof.data;
  return (
    <div className="flex flex-col items-start gap-2">
      {recorded && (
        <ConfirmDeliveryDialog
          open={reviewing}
          proof={recorded}
          pending={move.isPending}
          onConfirm={confirm}
          onClose={() => setReviewing(false)}
        />
      )}
      <Button
        variant="warning"
        size="lg"
        onClick={recorded ? () => setReviewing(true) : confirm}
        disabled={!ready}
        pending={move.isPending}
        aria-describedby={hintId}
      >
        {move.isPending ? t('shipments.owner.confirming') : t('shipments.owner.deliveryInProcess')}
      </Button>
      <p id={hintId} className="text-sm text-slate-300">
        {ready ? t('shipments.owner.hintReady') : t('shipments.owner.hintWaiting')}
      </p>
    </div>
  );
}
