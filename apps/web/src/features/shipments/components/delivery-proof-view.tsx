import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeliveryProof } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { downloadDeliveryNote } from '../api/delivery-proof';

/** The position as people read it: 39.65420, 66.95970 (± 12 m). */
export function positionText(position: NonNullable<DeliveryProof['position']>): string {
  const place = `${position.lat.toFixed(5)}, ${position.lon.toFixed(5)}`;
  return position.accuracy_m === null ? place : `${place} (± ${Math.round(position.accuracy_m)} m)`;
}

/**
 * What the carrier recorded at the door: who received the cargo and when, where, the signature and the
 * photos (thumbnails; each opens in full size in a new tab).
 */
export function DeliveryProofView({ proof }: { proof: DeliveryProof }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="text-slate-400">{t('shipments.proof.receiverName')}</dt>
        <dd className="font-medium wrap-break-word text-slate-100">{proof.receiver_name}</dd>
        <dt className="text-slate-400">{t('shipments.proof.recordedAt')}</dt>
        <dd className="text-slate-100">{formatDateTime(proof.recorded_at)}</dd>
        <dt className="text-slate-400">{t('shipments.proof.position')}</dt>
        <dd className="text-slate-100">
          {proof.position ? positionText(proof.position) : t('shipments.proof.noPosition')}
        </dd>
      </dl>
      <figure className="flex flex-col gap-1.5">
        <figcaption className="text-slate-400">{t('shipments.proof.signature')}</figcaption>
        <img
          src={proof.signature.url}
          alt={t('shipments.proof.signatureAlt', { name: proof.receiver_name })}
          className="h-28 w-full max-w-sm rounded-lg border border-navy-600 bg-white object-contain"
        />
      </figure>
      <div className="flex flex-col gap-1.5">
        <span className="text-slate-400">{t('shipments.proof.photosTaken', { n: proof.photos.length })}</span>
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6">
          {proof.photos.map((photo, index) => (
            <li key={photo.id}>
              <a
                href={photo.url}
                target="_blank"
                rel="noopener noreferrer"
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-sky-400"
              >
                <img
                  src={photo.url}
                  loading="lazy"
                  alt={t('shipments.proof.openPhoto', { n: index + 1 })}
                  className="aspect-square w-full rounded-lg border border-navy-600 object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** Downloads the delivery note (PDF) of the shipment: for both parties, once there is something to note. */
export function DeliveryNoteButton({ number }: { number: string }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const download = async () => {
    setPending(true);
    try {
      await downloadDeliveryNote(number);
    } catch (failure) {
      toast.error(errorMessage(failure, t('shipments.proof.noteFailed')));
    } finally {
      setPending(false);
    }
  };
  return (
    <Button variant="secondary" onClick={() => void download()} pending={pending}>
      {pending ? t('shipments.proof.noteDownloading') : t('shipments.proof.note')}
    </Button>
  );
}
