import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SHIPMENT_STATUS_TEXT, type ShipmentStep } from '@yuk/shared';
import { PageHeader } from '../../components/ui/page-header';
import { StatusBadge } from '../../components/ui/status-badge';
import { useLanguage } from '../../i18n';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The spec's static sample shipment (by design: this page never loads data). */
export const SAMPLE_SHIPMENT = {
  number: 'YT-000245',
  weight: 12000,
  volume: 40,
  origin: 'Toshkent',
  destination: 'Samarqand',
  pickupDate: '2025-03-12',
  deliveryDate: '2025-03-14',
  steps: [
    { step: 'loaded', at: '2025-03-12T09:00:00' },
    { step: 'on_the_way', at: '2025-03-12T14:30:00' },
    { step: 'delivered', at: '2025-03-14T11:15:00' },
  ] satisfies { step: ShipmentStep; at: string }[],
  transporterName: 'Aziz Karimov',
  transporterPhone: '+998 90 123 45 67',
};

function Item({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5">
      <dt className="text-xs tracking-wide text-slate-400 uppercase">{label}</dt>
      <dd className="text-slate-100">{children}</dd>
    </div>
  );
}

/**
 * The static sample page (/success): a delivered sample shipment with its cargo data, dates, three-step
 * timeline, transporter and a green success badge.
 */
export function SampleSuccessPage() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  useDocumentTitle(t('sampleSuccess.title'));
  const sample = SAMPLE_SHIPMENT;

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t('sampleSuccess.title')}
        subtitle={t('sampleSuccess.sampleNote')}
        actions={<StatusBadge label={t('sampleSuccess.badge')} tone="green" className="px-3 py-1 text-sm" />}
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="sample-cargo" className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
          <h2 id="sample-cargo" className="mb-4 text-lg font-semibold text-white">
            {t('sampleSuccess.cargo')}
          </h2>
          <dl className="grid gap-4 sm:grid-cols-2">
            <Item label={t('sampleSuccess.number')}>{`#${sample.number}`}</Item>
            <Item label={t('terms.itemType')}>{t('sampleSuccess.cargoType')}</Item>
            <Item label={t('terms.weight')}>{`${formatNumber(sample.weight)} kg`}</Item>
            <Item label={t('terms.volume')}>{`${formatNumber(sample.volume)} m³`}</Item>
            <Item label={t('terms.origin')}>{sample.origin}</Item>
            <Item label={t('terms.destination')}>{sample.destination}</Item>
            <Item label={t('terms.pickupDate')}>{formatDate(sample.pickupDate)}</Item>
            <Item label={t('terms.deliveryDate')}>{formatDate(sample.deliveryDate)}</Item>
          </dl>
        </section>
        <div className="flex flex-col gap-6">
          <section
            aria-labelledby="sample-timeline"
            className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6"
          >
            <h2 id="sample-timeline" className="mb-4 text-lg font-semibold text-white">
              {t('terms.deliverySteps')}
            </h2>
            <ol aria-labelledby="sample-timeline" className="flex flex-col gap-4">
              {sample.steps.map(({ step, at }, index) => (
                <li key={step} className="flex items-start gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-7 shrink-0 place-items-center rounded-full bg-emerald-500 text-xs font-bold text-navy-950"
                  >
                    {index + 1}
                  </span>
                  <span className="flex flex-col">
                    <span className="font-medium text-white">{SHIPMENT_STATUS_TEXT[step][language]}</span>
                    <time dateTime={at} className="text-sm text-slate-300">
                      {formatDateTime(at)}
                    </time>
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <section
            aria-labelledby="sample-transporter"
            className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6"
          >
            <h2 id="sample-transporter" className="mb-4 text-lg font-semibold text-white">
              {t('sampleSuccess.transporter')}
            </h2>
            <dl className="grid gap-4">
              <Item label={t('sampleSuccess.transporterName')}>{sample.transporterName}</Item>
              <Item label={t('sampleSuccess.transporterPhone')}>{sample.transporterPhone}</Item>
            </dl>
          </section>
        </div>
      </div>
    </div>
  );
}
