import { useTranslation } from 'react-i18next';
import { SHIPMENT_STATUS_TEXT, type Shipment, type ShipmentStep } from '@yuk/shared';
import { useLanguage } from '../../../i18n';
import { cn } from '../../../lib/cn';
import { formatDateTime } from '../../../lib/format';
import { CheckIcon } from '../../../components/ui/icons';

export interface TimelineStep {
  step: ShipmentStep;
  /** When it happened (ISO); null while it has not. */
  at: string | null;
}

/** The three display steps of the spec: Yuklangan (loaded), Yo'lda (on the way), Yetkazib berilgan (delivered). */
export function timelineSteps(
  shipment: Pick<Shipment, 'loaded_at' | 'on_the_way_at' | 'delivered_at'>,
): TimelineStep[] {
  return [
    { step: 'loaded', at: shipment.loaded_at },
    { step: 'on_the_way', at: shipment.on_the_way_at },
    { step: 'delivered', at: shipment.delivered_at },
  ];
}

/**
 * The shipment's timeline: each step with the time it happened; a step still to come is blank and dimmed
 * (a faded marker and muted text that still reads clearly).
 */
export function ShipmentTimeline({
  shipment,
  labelledBy,
}: {
  shipment: Pick<Shipment, 'loaded_at' | 'on_the_way_at' | 'delivered_at'>;
  labelledBy?: string;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const steps = timelineSteps(shipment);
  const lastDone = steps.reduce((last, step, index) => (step.at ? index : last), -1);

  return (
    <ol aria-labelledby={labelledBy} className="flex flex-col">
      {steps.map(({ step, at }, index) => {
        const done = at !== null;
        const last = index === steps.length - 1;
        return (
          <li
            key={step}
            data-step={step}
            data-done={done}
            aria-current={index === lastDone ? 'step' : undefined}
            className="relative flex gap-4 pb-6 last:pb-0"
          >
            {!last && (
              <span
                aria-hidden="true"
                className={cn('absolute top-8 bottom-0 left-[15px] w-0.5', done ? 'bg-emerald-400/70' : 'bg-navy-600')}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                'relative grid size-8 shrink-0 place-items-center rounded-full ring-2',
                done
                  ? 'bg-emerald-500 text-navy-950 ring-emerald-300/50'
                  : 'bg-navy-850 text-slate-400 opacity-60 ring-navy-700',
              )}
            >
              {done ? <CheckIcon /> : <span className="text-xs font-semibold">{index + 1}</span>}
            </span>
            <span className="flex min-w-0 flex-col pt-1">
              <span className={cn(done ? 'font-medium text-white' : 'text-slate-400')}>
                {SHIPMENT_STATUS_TEXT[step][language]}
                <span className="sr-only">{`, ${done ? t('shipments.steps.done') : t('shipments.steps.waiting')}`}</span>
              </span>
              <span className="min-h-5 text-sm text-slate-300">
                {done ? <time dateTime={at}>{formatDateTime(at)}</time> : null}
              </span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
