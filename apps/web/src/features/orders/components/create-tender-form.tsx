import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  createTenderInput,
  errorText,
  fieldMessage,
  isErrorCode,
  missingTenderFields,
  MODE_CARGO_TYPE,
  TENDER_INITIAL_STATUSES,
  TENDER_LONG_TEXT_MAX,
  TENDER_MODES,
  TENDER_TEXT_MAX,
  type CreateTenderInput,
  type CreateTenderValues,
  type TENDER_DATE_FIELD_NAMES,
  webRoutes,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { LanePriceHint } from '../../../components/lane-price';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { useCreateTender } from '../api/create-tender';
import { DateField } from '../../../components/ui/date-field';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { ButtonLink } from '../../../components/ui/button-link';
import { AuctionRulesFields } from './auction-rules-fields';

/** The blank form: texts as typed (numbers too), dates as YYYY-MM-DD or '', opened as the initial status. */
export const EMPTY_TENDER_FORM = {
  name: '',
  cargo_type: '',
  cargo_weight: '',
  cargo_volume: '',
  origin_location: '',
  destination_location: '',
  shipment_date: '',
  delivery_date: '',
  tender_start_date: '',
  tender_end_date: '',
  initial_price: '',
  status: 'opened' as (typeof TENDER_INITIAL_STATUSES)[number],
  requirements: '',
  notes: '',
  incoterms: '',
  closes_at: null,
  soft_close_minutes: '',
  min_step: '',
  buy_now_price: '',
  reserve_price: '',
  auto_award: false,
  confirm_within_minutes: '',
  verified_only: false,
} satisfies Required<CreateTenderInput>;

type FieldName = keyof typeof EMPTY_TENDER_FORM;
const FIELD_NAMES = Object.keys(EMPTY_TENDER_FORM) as FieldName[];

function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="text-red-300">
        {' *'}
      </span>
    </>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-navy-700 bg-navy-900 p-5">
      <h2 id={id} className="mb-4 text-base font-semibold text-white">
        {title}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/**
 * Create New Tender: the seven required fields, the four dates (dd.MM.yyyy, sent
 * as YYYY-MM-DD), the initial status (opened by default, closed or draft), requirements, notes and
 * incoterms, and the auction rules (collapsed, defaults explained). Blank required fields are told in a toast
 * first, then missing dates; the same schema as the server checks the rest, and the server's
 * field texts appear beside the fields. Success toasts, refreshes the tender lists and opens /tenders.
 */
export function CreateTenderForm() {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const cargoTypesId = useId();
  const create = useCreateTender();
  const {
    register,
    control,
    handleSubmit,
    getValues,
    setError,
    setValue,
    formState: { errors },
  } = useForm<CreateTenderInput, unknown, CreateTenderValues>({
    resolver: zodResolver(createTenderInput),
    defaultValues: EMPTY_TENDER_FORM,
  });

  const error = (name: FieldName): string | undefined => {
    const message = errors[name]?.message;
    // a blank field carries the form's own error code; beside the field it reads "required"
    if (message && isErrorCode(message)) return fieldMessage('required', language);
    return fieldErrorText(message, language);
  };

  const onValid = async (values: CreateTenderValues) => {
    try {
      await create.mutateAsync(values);
      toast.success(t('orders.create.success'));
      void navigate(webRoutes.tenders);
    } catch (failure) {
      applyServerFieldErrors(failure, setError, FIELD_NAMES);
      toast.error(errorMessage(failure, t('orders.create.failed')));
    }
  };

  const onInvalid = () => {
    const missing = missingTenderFields(getValues());
    toast.error(errorText(missing ? missing.code : 'VALIDATION_FAILED', language));
  };

  const dateField = (name: (typeof TENDER_DATE_FIELD_NAMES)[number], label: string) => (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateField
          label={<Required>{label}</Required>}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          language={language}
          placeholder={t('terms.datePlaceholder')}
          error={error(name)}
          required
        />
      )}
    />
  );

  return (
    <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} className="flex flex-col gap-6">
      <Section title={t('orders.create.sections.cargo')}>
        <TextField
          label={<Required>{t('terms.productName')}</Required>}
          required
          maxLength={TENDER_TEXT_MAX}
          error={error('name')}
          {...register('name')}
        />
        <TextField
          label={<Required>{t('terms.cargoType')}</Required>}
          required
          list={cargoTypesId}
          maxLength={TENDER_TEXT_MAX}
          autoComplete="off"
          hint={t('orders.create.fields.cargoTypeHint')}
          error={error('cargo_type')}
          {...register('cargo_type')}
        />
        <datalist id={cargoTypesId}>
          {TENDER_MODES.map((mode) => (
            <option key={mode} value={MODE_CARGO_TYPE[mode]} />
          ))}
        </datalist>
        <TextField
          label={<Required>{t('terms.weightKg')}</Required>}
          required
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          error={error('cargo_weight')}
          {...register('cargo_weight')}
        />
        <TextField
          label={<Required>{t('orders.create.fields.volume')}</Required>}
          required
          type="number"
          inputMode="decimal"
          min="0"
          step="any"
          error={error('cargo_volume')}
          {...register('cargo_volume')}
        />
      </Section>

      <Section title={t('orders.create.sections.route')}>
        <TextField
          label={<Required>{t('terms.origin')}</Required>}
          required
          maxLength={TENDER_TEXT_MAX}
          error={error('origin_location')}
          {...register('origin_location')}
        />
        <TextField
          label={<Required>{t('terms.tenderDestination')}</Required>}
          required
          maxLength={TENDER_TEXT_MAX}
          error={error('destination_location')}
          {...register('destination_location')}
        />
      </Section>

      <Section title={t('orders.create.sections.dates')}>
        {dateField('shipment_date', t('terms.shipmentDate'))}
        {dateField('delivery_date', t('terms.tenderDeliveryDate'))}
        {dateField('tender_start_date', t('terms.tenderStartDate'))}
        {dateField('tender_end_date', t('terms.tenderEndDate'))}
      </Section>

      <Section title={t('orders.create.sections.terms')}>
        <TextField
          label={<Required>{t('terms.initialPriceUsd')}</Required>}
          required
          type="number"
          inputMode="decimal"
          min="0"
          step="0.01"
          hint={<TypicalLanePrice control={control} />}
          error={error('initial_price')}
          {...register('initial_price')}
        />
        <SelectField
          label={t('terms.tenderStatusLabel')}
          options={TENDER_INITIAL_STATUSES.map((value) => ({
            value,
            label: t(`terms.tenderStatus.${value}`),
          }))}
          error={error('status')}
          {...register('status')}
        />
        <TextField
          label={t('terms.incoterms')}
          maxLength={TENDER_LONG_TEXT_MAX}
          error={error('incoterms')}
          {...register('incoterms')}
        />
        <div className="hidden sm:block" aria-hidden="true" />
        <TextAreaField
          label={t('terms.requirements')}
          maxLength={TENDER_LONG_TEXT_MAX}
          error={error('requirements')}
          {...register('requirements')}
        />
        <TextAreaField
          label={t('terms.notes')}
          maxLength={TENDER_LONG_TEXT_MAX}
          error={error('notes')}
          {...register('notes')}
        />
      </Section>

      <AuctionRulesFields control={control} register={register} setValue={setValue} error={error} />

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={webRoutes.tenders} size="lg" variant="secondary">
          {t('terms.cancel')}
        </ButtonLink>
        <Button type="submit" size="lg" pending={create.isPending}>
          {create.isPending ? t('orders.create.pending') : t('orders.create.submit')}
        </Button>
      </div>
    </form>
  );
}

/** The lane's typical price under the starting price, from the route and cargo type as they are typed. */
function TypicalLanePrice({ control }: { control: Control<CreateTenderInput, unknown, CreateTenderValues> }) {
  const [origin, destination, cargoType] = useWatch({
    control,
    name: ['origin_location', 'destination_location', 'cargo_type'],
  });
  return <LanePriceHint route={{ origin: origin ?? '', destination: destination ?? '', cargoType: cargoType ?? '' }} />;
}
