import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RATING_PAYMENTS, type Rating, type RatingPayment, type Shipment } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { errorMessage } from '../../../lib/api-client';
import { formatDate } from '../../../lib/format';
import { useRateShipment, useShipmentRatings } from '../api/ratings';

function Stars({ score, label }: { score: number; label: string }) {
  return (
    <span className="font-semibold text-amber-200" role="img" aria-label={label}>
      {'★'.repeat(score)}
      <span className="text-navy-600">{'★'.repeat(5 - score)}</span>
    </span>
  );
}

function RatingView({ rating }: { rating: Rating }) {
  const { t } = useTranslation();
  return (
    <div className="text-sm">
      <Stars score={rating.score} label={t('terms.stars', { n: rating.score })} />
      {rating.comment && <p className="mt-1 text-slate-100">{rating.comment}</p>}
      {rating.on_time !== null && (
        <p className="text-slate-300">
          {rating.on_time ? t('shipments.rating.onTimeYes') : t('shipments.rating.onTimeNo')}
        </p>
      )}
      {rating.payment && <p className="text-slate-300">{t(`shipments.rating.payments.${rating.payment}`)}</p>}
    </div>
  );
}

/**
 * After delivery each side rates the other once (within 30 days): a score, a comment, and for the carrier
 * how the payment went, for the owner whether the dates were kept. The other side's rating shows once both
 * have rated or 14 days have passed.
 */
export function ShipmentRating({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  const headingId = useId();
  const delivered = shipment.status === 'delivered';
  const ratings = useShipmentRatings(shipment.number, delivered);
  const rate = useRateShipment(shipment.number);
  const [score, setScore] = useState(0);
  const [comment, setComment] = useState('');
  const [onTime, setOnTime] = useState<boolean | null>(null);
  const [payment, setPayment] = useState<RatingPayment | null>(null);
  if (!delivered || !ratings.data) return null;
  const data = ratings.data;
  const asOwner = shipment.role === 'owner';

  const submit = async () => {
    if (score === 0 || (asOwner ? onTime === null : payment === null)) {
      toast.error(t('shipments.rating.incomplete'));
      return;
    }
    try {
      await rate.mutateAsync({
        score,
        ...(comment.trim() ? { comment } : {}),
        ...(asOwner ? { on_time: onTime ?? false } : { payment: payment ?? 'on_time' }),
      });
      toast.success(t('shipments.rating.done'));
    } catch (error) {
      toast.error(errorMessage(error, t('shipments.rating.failed')));
    }
  };

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-navy-700 bg-navy-900 p-5 sm:p-6">
      <h2 id={headingId} className="mb-3 text-lg font-semibold text-white">
        {asOwner ? t('shipments.rating.titleOwner') : t('shipments.rating.titleCarrier')}
      </h2>
      {data.mine ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-400">{t('shipments.rating.yours')}</p>
          <RatingView rating={data.mine} />
        </div>
      ) : data.can_rate ? (
        <div className="flex flex-col gap-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-200">{t('shipments.rating.score')}</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <button
                  key={n}
                  type="button"
                  aria-pressed={score === n}
                  aria-label={t('terms.stars', { n })}
                  onClick={() => setScore(n)}
                  className={`size-10 rounded-lg text-xl ${n <= score ? 'text-amber-300' : 'text-navy-600'} hover:bg-navy-800`}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          {asOwner ? (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-200">{t('shipments.rating.onTime')}</legend>
              <div className="flex flex-wrap gap-2">
                {[true, false].map((value) => (
                  <Button
                    key={String(value)}
                    size="sm"
                    variant={onTime === value ? 'primary' : 'secondary'}
                    aria-pressed={onTime === value}
                    onClick={() => setOnTime(value)}
                  >
                    {value ? t('shipments.rating.onTimeYes') : t('shipments.rating.onTimeNo')}
                  </Button>
                ))}
              </div>
            </fieldset>
          ) : (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-200">{t('shipments.rating.payment')}</legend>
              <div className="flex flex-wrap gap-2">
                {RATING_PAYMENTS.map((value) => (
                  <Button
                    key={value}
                    size="sm"
                    variant={payment === value ? 'primary' : 'secondary'}
                    aria-pressed={payment === value}
                    onClick={() => setPayment(value)}
                  >
                    {t(`shipments.rating.payments.${value}`)}
                  </Button>
                ))}
              </div>
            </fieldset>
          )}
          <TextAreaField
            label={t('shipments.rating.comment')}
            value={comment}
            maxLength={1000}
            onChange={(event) => setComment(event.target.value)}
          />
          <div>
            <Button onClick={() => void submit()} pending={rate.isPending}>
              {t('shipments.rating.send')}
            </Button>
            {data.rate_until && (
              <p className="mt-2 text-xs text-slate-400">
                {t('shipments.rating.until', { date: formatDate(data.rate_until) })}
              </p>
            )}
          </div>
        </div>
      ) : (
        <p className="text-sm text-slate-400">{t('shipments.rating.closed')}</p>
      )}
      <div className="mt-4 border-t border-navy-800 pt-4">
        <p className="mb-2 text-sm text-slate-400">{t('shipments.rating.theirs')}</p>
        {data.theirs ? (
          <RatingView rating={data.theirs} />
        ) : (
          <p className="text-sm text-slate-300">
            {data.theirs_hidden ? t('shipments.rating.hidden') : t('shipments.rating.notYet')}
          </p>
        )}
      </div>
    </section>
  );
}
