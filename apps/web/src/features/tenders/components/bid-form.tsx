import { parseISO } from 'date-fns';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { marketDateOf, type PlacedBid, webRoutes } from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { formatNumber } from '../../../lib/format';
import { lazyResolver } from '../../../lib/lazy-resolver';
import { telegramHapticSuccess, useTelegramMainButton } from '../../../lib/telegram';
import { useOnline } from '../../../lib/use-online';
import { usePlaceBid } from '../api/place-bid';
import { BidVehicleField } from './bid-vehicle-field';

// zod and the bid schema come when the form is first used: a tender's page shows without building them
const resolver = lazyResolver(() => import('./bid-form-resolver').then((module) => module.bidResolver));

/** What the bid-submitted page shows of the bid just made (passed in the navigation state). */
export type SubmittedBid = Pick<PlacedBid, 'tender_number' | 'bid_amount'>;

export interface BidFormProps {
  tenderId: number;
  /** The current minimum: the lowest bid so far, else the tender's initial price. A bid must be below it. */
  minimum: number;
  /** The tender's minimum step (USD) and the highest bid accepted now (null: none can be). */
  step: number;
  nextMax: number | null;
  /** The tender's cargo weight (kg): a vehicle named in the bid must carry it. */
  cargoWeight: number;
}

/** A wall-clock value (YYYY-MM-DDTHH:mm, as the date field keeps it) read as Tashkent time, as the API takes it. */
export function tashkentInstant(local: string): string {
  return `${local}:00+05:00`;
}

/**
 * The bid form of an opened tender: the amount must be a price above 0 and strictly lower than the current
 * minimum, both checked before any call (with the server's texts for those refusals); the server's refusals are shown as its text. Success
 * opens the bid-submitted page with the bid.
 */
export function BidForm({ tenderId, minimum, step, nextMax, cargoWeight }: BidFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const headingId = useId();
  const placeBid = usePlaceBid(tenderId);
  const online = useOnline();
  const { register, handleSubmit, watch } = useForm({
    resolver,
    defaultValues: { bid_amount: '' },
  });
  const amount = watch('bid_amount');
  const [validUntil, setValidUntil] = useState('');
  const [vehicleId, setVehicleId] = useState('');
  const [vehicleError, setVehicleError] = useState<string | undefined>();
  const empty = String(amount ?? '').trim() === '';
  const min = formatNumber(minimum);
  const max = nextMax === null ? null : formatNumber(nextMax);

  const onValid = async ({ bid_amount }: { bid_amount: number }) => {
    if (bid_amount >= minimum) {
      toast.error(t('errors.BID_NOT_LOWER', { min }));
      return;
    }
    if (nextMax === null || bid_amount > nextMax) {
      toast.error(t('errors.BID_STEP_TOO_SMALL', { step: formatNumber(step), max: max ?? '—' }));
      return;
    }
    const validUntilIso = validUntil ? tashkentInstant(validUntil) : undefined;
    if (validUntilIso !== undefined && !(Date.parse(validUntilIso) > Date.now())) {
      toast.error(t('fields.past_instant'));
      return;
    }
    try {
      const bid = await placeBid.mutateAsync({
        bid_amount,
        ...(validUntilIso ? { valid_until: validUntilIso } : {}),
        ...(vehicleId ? { vehicle_id: Number(vehicleId) } : {}),
      });
      toast.success(t('tenders.bid.success'));
      telegramHapticSuccess();
      const submitted: SubmittedBid = { tender_number: bid.tender_number, bid_amount: bid.bid_amount };
      void navigate(webRoutes.bidSubmitted, { state: { bid: submitted } });
    } catch (error) {
      // a refused vehicle (gone, run-out papers, too small) is also said beside the choice
      if (isApiError(error) && (error.fields?.vehicle_id || error.code === 'VEHICLE_NOT_FOUND')) {
        setVehicleError(error.fields?.vehicle_id ?? error.message);
      }
      toast.error(errorMessage(error, t('tenders.bid.failed')));
    }
  };

  const submit = handleSubmit(onValid, () => toast.error(t('errors.BID_AMOUNT_INVALID')));
  // inside Telegram its Main button places the bid
  useTelegramMainButton({
    text: placeBid.isPending ? t('tenders.bid.pending') : t('tenders.bid.submit'),
    active: !empty && online && !placeBid.isPending,
    progress: placeBid.isPending,
    onPress: () => void submit(),
  });

  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-navy-700 bg-navy-900 p-5">
      <h2 id={headingId} className="mb-4 text-lg font-semibold text-white">
        {t('tenders.bid.title')}
      </h2>
      <form noValidate onSubmit={submit} onFocus={resolver.preload} className="flex flex-col gap-4">
        <TextField
          label={t('tenders.bid.amount')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          autoComplete="off"
          hint={
            <>
              {t('tenders.bid.hint', { min })}
              {step > 0.01 && max !== null && <> {t('tenders.bid.stepHint', { step: formatNumber(step), max })}</>}
            </>
          }
          {...register('bid_amount')}
        />
        <DateField
          label={t('tenders.bid.validUntil')}
          name="valid_until"
          value={validUntil}
          onChange={setValidUntil}
          language={language}
          placeholder={t('terms.dateTimePlaceholder')}
          hint={t('tenders.bid.validUntilHint')}
          time={{ caption: t('terms.timeOfDay') }}
          // Tashkent's today, whatever the browser's own time zone
          minDate={parseISO(marketDateOf(Date.now()))}
        />
        <BidVehicleField
          cargoWeight={cargoWeight}
          value={vehicleId}
          onChange={(value) => {
            setVehicleId(value);
            setVehicleError(undefined);
          }}
          error={vehicleError}
        />
        <Button type="submit" size="lg" fullWidth disabled={empty || !online} pending={placeBid.isPending}>
          {placeBid.isPending ? t('tenders.bid.pending') : t('tenders.bid.submit')}
        </Button>
        {!online && <p className="text-sm text-amber-200">{t('common.offline.action')}</p>}
      </form>
    </section>
  );
}
