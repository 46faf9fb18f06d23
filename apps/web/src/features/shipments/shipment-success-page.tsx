import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { webRoutes, type Shipment } from '@yuk/shared';
import { EmptyState } from '../../components/ui/states';
import { formatDateTime } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CheckIcon } from '../../components/ui/icons';
import { ButtonLink } from '../../components/ui/button-link';
import { useShipment } from './api/get-shipment';
import { readChosenShipment, useLiveShipments } from './chosen-shipment';
import { ChosenShipmentState } from './components/chosen-shipment-state';

/**
 * Shipment success: the confirmation of the chosen shipment's delivery, from the
 * server's data: the order's #number (or N/A) and the receiver's location (the destination). Without a
 * chosen shipment (or one that is not found) it says that no order was found; a shipment whose delivery is
 * not confirmed yet says so instead of claiming it.
 */
export function ShipmentSuccessPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('shipments.success.title'));
  useLiveShipments();
  const [number] = useState(readChosenShipment);
  const shipment = useShipment(number);
  const notAvailable = t('common.notAvailable');

  const notFound = (
    <EmptyState
      title={t('shipments.success.notFound')}
      action={
        <ButtonLink to={webRoutes.shipmentStatus} size="lg" variant="secondary">
          {t('shipments.success.viewOrderDetails')}
        </ButtonLink>
      }
    />
  );

  /** The confirmation, once the chosen shipment is delivered (until then it says it is not). */
  const confirmation = (delivered: Shipment) =>
    delivered.status !== 'delivered' ? (
      <EmptyState
        title={t('shipments.success.notDelivered')}
        description={t('shipments.success.notDeliveredHint')}
        action={
          <ButtonLink to={webRoutes.shipmentStatus} size="lg">
            {t('shipments.success.viewOrderDetails')}
          </ButtonLink>
        }
      />
    ) : (
      <section className="flex flex-col items-center gap-6 rounded-2xl border border-navy-700 bg-navy-900 px-6 py-10 text-center sm:px-10">
        <span className="grid size-16 place-items-center rounded-full bg-emerald-500/15 text-emerald-300 ring-2 ring-emerald-400/40">
          <CheckIcon className="size-9" />
        </span>
        <div className="flex flex-col gap-2">
          <h1 className="text-2xl font-semibold tracking-tight text-white sm:text-3xl">
            {t('shipments.success.title')}
          </h1>
          <p className="text-slate-300">{t('shipments.success.message')}</p>
        </div>
        <dl className="grid w-full max-w-md gap-3 rounded-xl bg-navy-950/60 p-4 text-left ring-1 ring-navy-700 ring-inset">
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <dt className="text-sm text-slate-400">{t('shipments.success.orderId')}</dt>
            <dd className="font-semibold text-white">{delivered.number ? `#${delivered.number}` : notAvailable}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <dt className="text-sm text-slate-400">{t('shipments.success.receiverLocation')}</dt>
            <dd className="font-semibold text-white">{delivered.destination.trim() || notAvailable}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-x-4 gap-y-1">
            <dt className="text-sm text-slate-400">{t('shipments.success.deliveredAt')}</dt>
            <dd className="text-slate-100">{formatDateTime(delivered.delivered_at, notAvailable)}</dd>
          </div>
        </dl>
        <div className="flex w-full max-w-md flex-col gap-3 sm:flex-row">
          <ButtonLink to={webRoutes.shipmentStatus} size="lg" variant="secondary" className="sm:flex-1">
            {t('shipments.success.viewOrderDetails')}
          </ButtonLink>
          <ButtonLink to={webRoutes.orders} size="lg" className="sm:flex-1">
            {t('shipments.success.createAnotherOrder')}
          </ButtonLink>
        </div>
      </section>
    );

  const confirmed = shipment.data?.status === 'delivered' && number !== null;
  return (
    <div className="mx-auto max-w-2xl py-4">
      {!confirmed && <h1 className="sr-only">{t('shipments.success.heading')}</h1>}
      <ChosenShipmentState number={number} shipment={shipment} notFound={notFound}>
        {confirmation}
      </ChosenShipmentState>
    </div>
  );
}
