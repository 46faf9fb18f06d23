import { useEffect, useState } from 'react';
import { useWatch, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CONFIRM_WITHIN_MINUTES_DEFAULT,
  CONFIRM_WITHIN_MINUTES_MAX,
  CONFIRM_WITHIN_MINUTES_MIN,
  MIN_STEP_DEFAULT_USD,
  SOFT_CLOSE_MINUTES_MAX,
  type CreateTenderInput,
  type CreateTenderValues,
} from '@yuk/shared';
import { TimeField } from '../../../components/ui/date-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';

/** The fields of the auction rules, in the form's order. */
export const AUCTION_RULE_FIELDS = [
  'closes_at',
  'soft_close_minutes',
  'min_step',
  'buy_now_price',
  'reserve_price',
  'auto_award',
  'confirm_within_minutes',
  'verified_only',
] as const;
type RuleField = (typeof AUCTION_RULE_FIELDS)[number];

/** HH:mm of a close time the form composed (…THH:mm:00+05:00), '' when none. */
export function closeTimeOf(closesAt: string | null | undefined): string {
  return /T(\d{2}:\d{2}):00\+05:00$/.exec(closesAt ?? '')?.[1] ?? '';
}

/**
 * The close time the API takes: the tender's last day at `time` in Tashkent; null when no time is chosen
 * (bidding then closes at 23:59:59 of that day). Without a last day yet, the time alone waits for it.
 */
export function composeClosesAt(endDate: string, time: string): string | null {
  if (!time) return null;
  return `${endDate}T${time}:00+05:00`;
}

/**
 * The auction rules, collapsed: when bidding closes on the last day, the soft close, the minimum step, buy-now,
 * the reserve, automatic award and the time a winner has to confirm; each with its default shown and
 * explained. It opens by itself when one of its fields has an error.
 */
export function AuctionRulesFields({
  control,
  register,
  setValue,
  error,
}: {
  control: Control<CreateTenderInput, unknown, CreateTenderValues>;
  register: UseFormRegister<CreateTenderInput>;
  setValue: UseFormSetValue<CreateTenderInput>;
  error: (name: RuleField) => string | undefined;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const [open, setOpen] = useState(false);
  const endDate = useWatch({ control, name: 'tender_end_date' });
  const closesAt = useWatch({ control, name: 'closes_at' });
  const [time, setTime] = useState(() => closeTimeOf(closesAt));
  const anyError = AUCTION_RULE_FIELDS.some((name) => error(name) !== undefined);

  // the close time follows the last day when that changes
  useEffect(() => {
    setValue('closes_at', composeClosesAt(endDate, time), { shouldDirty: true });
  }, [endDate, time, setValue]);

  return (
    <details
      open={open || anyError}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="group rounded-xl border border-navy-700 bg-navy-900 p-5"
    >
      <summary className="cursor-pointer text-base font-semibold text-white marker:text-sky-300">
        {t('orders.rules.title')}{' '}
        <span className="text-sm font-normal text-slate-400">{t('orders.create.optional')}</span>
      </summary>
      <p className="mt-2 text-sm text-slate-300">{t('orders.rules.intro')}</p>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <TimeField
          label={t('orders.rules.closesAt')}
          value={time}
          onChange={setTime}
          language={language}
          placeholder={t('terms.timePlaceholder')}
          caption={t('terms.timeOfDay')}
          hint={t('orders.rules.closesAtHint')}
          error={error('closes_at')}
        />
        <TextField
          label={t('orders.rules.softClose')}
          type="number"
          inputMode="numeric"
          min="0"
          max={SOFT_CLOSE_MINUTES_MAX}
          step="1"
          placeholder="0"
          hint={t('orders.rules.softCloseHint', { max: SOFT_CLOSE_MINUTES_MAX })}
          error={error('soft_close_minutes')}
          {...register('soft_close_minutes')}
        />
        <TextField
          label={t('orders.rules.minStep')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          placeholder={String(MIN_STEP_DEFAULT_USD)}
          hint={t('orders.rules.minStepHint')}
          error={error('min_step')}
          {...register('min_step')}
        />
        <TextField
          label={t('orders.rules.confirmWithin')}
          type="number"
          inputMode="numeric"
          min={CONFIRM_WITHIN_MINUTES_MIN}
          max={CONFIRM_WITHIN_MINUTES_MAX}
          step="1"
          placeholder={String(CONFIRM_WITHIN_MINUTES_DEFAULT)}
          hint={t('orders.rules.confirmWithinHint', { n: CONFIRM_WITHIN_MINUTES_DEFAULT })}
          error={error('confirm_within_minutes')}
          {...register('confirm_within_minutes')}
        />
        <TextField
          label={t('terms.buyNowPriceUsd')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          hint={t('orders.rules.buyNowHint')}
          error={error('buy_now_price')}
          {...register('buy_now_price')}
        />
        <TextField
          label={t('terms.reservePriceUsd')}
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          hint={t('orders.rules.reserveHint')}
          error={error('reserve_price')}
          {...register('reserve_price')}
        />
        <label className="flex min-h-10 cursor-pointer items-start gap-3 rounded-lg border border-navy-700 bg-navy-950/60 px-3 py-2 text-sm text-slate-100 hover:border-navy-500 sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-sky-400" {...register('verified_only')} />
          <span>
            <span className="font-medium">{t('terms.verifiedOnly')}</span>
            <span className="block text-slate-400">{t('orders.rules.verifiedOnlyHint')}</span>
          </span>
        </label>
        <label className="flex min-h-10 cursor-pointer items-start gap-3 rounded-lg border border-navy-700 bg-navy-950/60 px-3 py-2 text-sm text-slate-100 hover:border-navy-500 sm:col-span-2">
          <input type="checkbox" className="mt-0.5 size-4 accent-sky-400" {...register('auto_award')} />
          <span>
            <span className="font-medium">{t('terms.autoAward')}</span>
            <span className="block text-slate-400">{t('orders.rules.autoAwardHint')}</span>
          </span>
        </label>
      </div>
    </details>
  );
}
