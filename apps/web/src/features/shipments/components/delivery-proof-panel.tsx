import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@yuk/shared';
import { ErrorState, LoadingState } from '../../../components/ui/states';
import { errorMessage } from '../../../lib/api-client';
import { useDeliveryProof } from '../api/delivery-proof';
import { DeliveryProofForm } from './delivery-proof-form';
import { DeliveryNoteButton, DeliveryProofView } from './delivery-proof-view';

/**
 * Proof of delivery on the shipment page, once the shipment is on the way: the carrier records it at the
 * door; both parties then see it and can download the delivery note (also after a delivery confirmed
 * without one).
 */
export function DeliveryProofPanel({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const headingId = useId();
  const shown = shipment.status === 'on_the_way' || shipment.status === 'delivered';
  const proof = useDeliveryProof(shipment.number, shown);
  if (!shown) return null;

  let body;
  if (proof.isPending) body = <LoadingState text={t('shipments.proof.loading')} />;
  else if (proof.isError) {
    body = (
      <ErrorState
        message={errorMessage(proof.error, t('shipments.proof.loadFailed'))}
        onRetry={() => void proof.refetch()}
        retryLabel={t('common.retry')}
        retrying={proof.isRefetching}
      />
    );
  } else if (proof.data) {
    body = (
      <div className="flex flex-col gap-4">
        <DeliveryProofView proof={proof.data} />
        <div>
          <DeliveryNoteButton number={shipment.number} />
        </div>
      </div>
    );
  } else if (shipment.status === 'delivered') {
    body = (
      <div className="flex flex-col gap-3">
        <p className="text-sm text-slate-300">{t('shipments.proof.noneDelivered')}</p>
        <div>
          <DeliveryNoteButton number={shipment.number} />
        </div>
      </div>
    );
  } else if (shipment.role === 'carrier') body = <DeliveryProofForm number={shipment.number} />;
  else body = <p className="text-sm text-slate-300">{t('shipments.proof.waiting')}</p>;

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('shipments.proof.title')}
      </h2>
      {body}
    </section>
  );
}
