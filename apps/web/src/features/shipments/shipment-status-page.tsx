import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiPaths, type Shipment } from '@yuk/shared';
import { CsvDownloadButton } from '../../components/csv-download';
import { PageHeader } from '../../components/ui/page-header';
import { EmptyState } from '../../components/ui/states';
import { FeatureSlot } from '../../lib/feature-slots';
import { chooseShipment } from '../../lib/shipment-tracking';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useShipment } from './api/get-shipment';
import { useShipments } from './api/get-shipments';
import { readChosenShipment, useLiveShipments } from './chosen-shipment';
import { AwardPanel } from './components/award-panel';
import { ChosenShipmentState } from './components/chosen-shipment-state';
import { DeliveryProofPanel } from './components/delivery-proof-panel';
import { ShipmentRating } from './components/shipment-rating';
import { ShipmentActions } from './components/shipment-actions';
import { ShipmentDetails } from './components/shipment-details';
import { ShipmentPicker } from './components/shipment-picker';
import { ShipmentStatusBadge } from './components/shipment-status-badge';
import { ShipmentTimeline } from './components/shipment-timeline';
import { ShipmentTracking } from './components/shipment-tracking';
import { WaybillPanel } from './components/waybill-panel';

function ShipmentView({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const timelineId = useId();
  const detailsId = useId();
  const actionsId = useId();
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby={detailsId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <h2 id={detailsId} className="text-lg font-semibold text-white">
            {`#${shipment.number}`}
          </h2>
          <ShipmentStatusBadge status={shipment.status} />
        </div>
        <p className="mb-2 text-sm text-slate-400">
          {shipment.role === 'carrier' ? t('shipments.status.youAreCarrier') : t('shipments.status.youAreOwner')}
        </p>
        <ShipmentDetails shipment={shipment} />
      </section>
      <div className="flex flex-col gap-6">
        <section aria-labelledby={timelineId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
          <h2 id={timelineId} className="mb-4 text-lg font-semibold text-white">
            {t('terms.deliverySteps')}
          </h2>
          <ShipmentTimeline shipment={shipment} labelledBy={timelineId} />
        </section>
        <AwardPanel shipment={shipment} />
        <DeliveryProofPanel shipment={shipment} />
        <section aria-labelledby={actionsId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
          <h2 id={actionsId} className="mb-4 text-lg font-semibold text-white">
            {t('terms.actions')}
          </h2>
          <ShipmentActions shipment={shipment} />
        </section>
        <ShipmentRating shipment={shipment} />
      </div>
      <WaybillPanel shipment={shipment} className="lg:col-span-2" />
      <FeatureSlot name="shipmentConversation" props={{ shipment }} />
      <ShipmentTracking shipment={shipment} className="lg:col-span-2" />
    </div>
  );
}

/**
 * Shipment status: the shipment whose number is chosen in local storage (a
 * notification's link may choose one with ?number=), loaded from the server and kept live; a picker of my
 * shipments chooses one or switches. Without a usable number, it says that no shipment was found.
 */
export function ShipmentStatusPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('shipments.status.title'));
  useLiveShipments();

  const [params, setParams] = useSearchParams();
  const linked = params.get('number')?.trim() || null;
  const [stored, setStored] = useState(readChosenShipment);
  useEffect(() => {
    if (linked) chooseShipment(linked);
  }, [linked]);
  const number = linked ?? stored;

  const choose = (next: string) => {
    chooseShipment(next);
    setStored(next);
    if (linked) {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          updated.delete('number');
          return updated;
        },
        { replace: true },
      );
    }
  };

  const shipment = useShipment(number);
  const shipments = useShipments();
  const hasShipments = (shipments.data?.length ?? 0) > 0;

  const notFound = (
    <EmptyState
      title={t('shipments.status.notFound')}
      description={
        shipments.isSuccess
          ? hasShipments
            ? t('shipments.status.notFoundHint')
            : t('shipments.status.noShipments')
          : undefined
      }
    />
  );

  return (
    <div>
      <PageHeader
        title={t('shipments.status.title')}
        actions={
          <>
            <ShipmentPicker value={number} onChoose={choose} />
            <CsvDownloadButton
              path={apiPaths.shipments.list}
              label={t('shipments.status.download')}
              fallbackName="shipments.csv"
              className="self-end"
            />
          </>
        }
      />
      <ChosenShipmentState
        number={number}
        shipment={shipment}
        notFound={notFound}
        errorText={(message) => t('shipments.status.error', { message })}
      >
        {(chosen) => <ShipmentView shipment={chosen} />}
      </ChosenShipmentState>
    </div>
  );
}
