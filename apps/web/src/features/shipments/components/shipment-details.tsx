import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Shipment } from '@yuk/shared';
import { formatDate, formatNumber, formatUsd } from '../../../lib/format';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b border-navy-800 py-2.5 last:border-b-0 sm:grid sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-slate-400">{label}</dt>
      <dd className="text-sm break-words text-slate-100">{children}</dd>
    </div>
  );
}

/** The shipment's data as the spec lists it, then the agreed price and the parties. */
export function ShipmentDetails({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const empty = t('shipments.fields.empty');
  const text = (value: string) => (value.trim() ? value : empty);
  return (
    <dl>
      <Row label={t('shipments.fields.number')}>{shipment.number}</Row>
      <Row label={t('shipments.fields.description')}>{text(shipment.description)}</Row>
      <Row label={t('terms.weight')}>{t('terms.cardWeight', { weight: formatNumber(shipment.weight, empty) })}</Row>
      <Row label={t('terms.volume')}>{t('terms.volumeValue', { volume: formatNumber(shipment.volume, empty) })}</Row>
      <Row label={t('terms.origin')}>{text(shipment.origin)}</Row>
      <Row label={t('terms.destination')}>{text(shipment.destination)}</Row>
      <Row label={t('terms.pickupDate')}>{formatDate(shipment.pickupDate, empty)}</Row>
      <Row label={t('terms.deliveryDate')}>{formatDate(shipment.deliveryDate, empty)}</Row>
      <Row label={t('terms.requirements')}>{text(shipment.requirements)}</Row>
      <Row label={t('terms.notes')}>{text(shipment.notes)}</Row>
      <Row label={t('terms.incoterms')}>{text(shipment.incoterms)}</Row>
      <Row label={t('shipments.fields.amount')}>{formatUsd(shipment.amount, empty)}</Row>
      <Row label={t('shipments.fields.carrierName')}>{text(shipment.carrier_name)}</Row>
      <Row label={t('shipments.fields.carrierPhone')}>
        {shipment.carrier_phone.trim() ? (
          <a href={`tel:${shipment.carrier_phone.replace(/[^\d+]/g, '')}`} className="text-sky-300 hover:underline">
            {shipment.carrier_phone}
          </a>
        ) : (
          empty
        )}
      </Row>
      <Row label={t('terms.vehicle')}>
        {shipment.vehicle ? `${t(`terms.vehicleTypes.${shipment.vehicle.type}`)} · ${shipment.vehicle.plate}` : empty}
      </Row>
      <Row label={t('shipments.fields.ownerName')}>{text(shipment.owner_name)}</Row>
    </dl>
  );
}
