import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import {
  useFieldArray,
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormSetError,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  districtsOfRegion,
  PHONE_PREFIX,
  SOATO_REGIONS,
  waybillInput,
  type Language,
  type WaybillFields,
  type WaybillInput,
  type WaybillState,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { PhoneField } from '../../../components/ui/phone-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { useUpdateWaybill } from '../api/waybill';

/** The error text of a nested field ("driver.pinfl", "goods.0.ikpu"), in the reader's language. */
function errorAt<T extends FieldValues>(errors: FieldErrors<T>, name: string, language: Language) {
  let node: unknown = errors;
  for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const message = (node as { message?: unknown } | undefined)?.message;
  return fieldErrorText(typeof message === 'string' ? message : undefined, language);
}

/** A number input's value as the schema wants it: a number, null when empty (optional coordinates). */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));

function Fieldset({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-lg border border-navy-700 p-3 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-white">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Saves my part and puts the server's field texts beside the fields. */
function useSavePart<T extends FieldValues>(number: string, setError: UseFormSetError<T>) {
  const { t } = useTranslation();
  const update = useUpdateWaybill(number);
  const save = async (input: WaybillInput, fieldNames: readonly Path<T>[]) => {
    try {
      await update.mutateAsync(input);
      toast.success(t('shipments.waybill.saved'));
    } catch (failure) {
      if (!applyServerFieldErrors(failure, setError, fieldNames)) {
        toast.error(errorMessage(failure, t('shipments.waybill.saveFailed')));
      }
    }
  };
  return { save, pending: update.isPending };
}

const carrierSchema = waybillInput.pick({ driver: true, truck: true, trailer: true }).required({
  driver: true,
  truck: true,
});
type CarrierValues = z.input<typeof carrierSchema>;

/** The carrier's part: the driver (name, PINFL, phone), the truck (the bid's vehicle by default) and a trailer. */
export function CarrierPartForm({ state, defaultPlate }: { state: WaybillState; defaultPlate: string | null }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const fields = state.fields;
  const [withTrailer, setWithTrailer] = useState(fields.trailer !== null);
  const form = useForm<CarrierValues, unknown, z.output<typeof carrierSchema>>({
    resolver: zodResolver(carrierSchema),
    shouldUnregister: true,
    defaultValues: {
      driver: fields.driver
        ? { ...fields.driver, phone: fields.driver.phone.replace(PHONE_PREFIX, '') }
        : { full_name: '', pinfl: '', phone: '' },
      truck: fields.truck ?? { plate: defaultPlate ?? '', model: '' },
      ...(fields.trailer ? { trailer: fields.trailer } : {}),
    },
  });
  const { register, handleSubmit, formState, setError } = form;
  const { save, pending } = useSavePart<CarrierValues>(state.number, setError);
  const error = (name: string) => errorAt(formState.errors, name, language);
  const names = [
    'driver.full_name',
    'driver.pinfl',
    'driver.phone',
    'truck.plate',
    'truck.model',
    'trailer.plate',
    'trailer.model',
  ] as const;

  return (
    <form
      noValidate
      aria-label={t('shipments.waybill.myPart')}
      className="flex flex-col gap-3"
      onSubmit={handleSubmit((values) =>
        save(
          { driver: values.driver, truck: values.truck, trailer: withTrailer ? (values.trailer ?? null) : null },
          names,
        ),
      )}
    >
      <Fieldset legend={t('shipments.waybill.fields.driver')}>
        <TextField
          label={t('shipments.waybill.fullName')}
          error={error('driver.full_name')}
          {...register('driver.full_name')}
        />
        <TextField
          label={t('shipments.waybill.pinfl')}
          inputMode="numeric"
          error={error('driver.pinfl')}
          {...register('driver.pinfl')}
        />
        <PhoneField label={t('shipments.waybill.phone')} error={error('driver.phone')} {...register('driver.phone')} />
      </Fieldset>
      <Fieldset legend={t('shipments.waybill.fields.truck')}>
        <TextField label={t('shipments.waybill.plate')} error={error('truck.plate')} {...register('truck.plate')} />
        <TextField label={t('shipments.waybill.model')} error={error('truck.model')} {...register('truck.model')} />
      </Fieldset>
      <CheckboxLine label={t('shipments.waybill.withTrailer')} checked={withTrailer} onChange={setWithTrailer} />
      {withTrailer && (
        <Fieldset legend={t('shipments.waybill.fields.trailer')}>
          <TextField
            label={t('shipments.waybill.plate')}
            error={error('trailer.plate')}
            {...register('trailer.plate')}
          />
          <TextField
            label={t('shipments.waybill.model')}
            error={error('trailer.model')}
            {...register('trailer.model')}
          />
        </Fieldset>
      )}
      <div>
        <Button type="submit" pending={pending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

const shipperSchema = waybillInput
  .pick({
    consignee: true,
    loading_point: true,
    unloading_point: true,
    loading_trustee: true,
    unloading_trustee: true,
    goods: true,
    total_distance_km: true,
  })
  .required({
    loading_point: true,
    unloading_point: true,
    loading_trustee: true,
    unloading_trustee: true,
    goods: true,
  });
type ShipperValues = z.input<typeof shipperSchema>;

const EMPTY_GOOD = {
  ikpu: '',
  name: '',
  package_code: '',
  package_name: '',
  amount: Number.NaN,
  price: Number.NaN,
  weight_gross: Number.NaN,
  weight_net: Number.NaN,
};
const EMPTY_POINT = { region_code: '', district_code: '', address: '', lat: null, lon: null };
const EMPTY_PERSON = { pinfl: '', full_name: '' };

type PointName = 'loading_point' | 'unloading_point';

/** The shipper's part: the consignee, both points with their people, the goods and the distance. */
export function ShipperPartForm({ state }: { state: WaybillState }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const fields: WaybillFields = state.fields;
  const [otherConsignee, setOtherConsignee] = useState(fields.consignee !== null);
  const form = useForm<ShipperValues, unknown, z.output<typeof shipperSchema>>({
    resolver: zodResolver(shipperSchema),
    shouldUnregister: true,
    defaultValues: {
      ...(fields.consignee ? { consignee: fields.consignee } : {}),
      loading_point: fields.loading_point ?? EMPTY_POINT,
      unloading_point: fields.unloading_point ?? EMPTY_POINT,
      loading_trustee: fields.loading_trustee ?? EMPTY_PERSON,
      unloading_trustee: fields.unloading_trustee ?? EMPTY_PERSON,
      goods: fields.goods.length > 0 ? fields.goods : [EMPTY_GOOD],
      total_distance_km: fields.total_distance_km,
    },
  });
  const { register, handleSubmit, formState, setError, watch, control } = form;
  const goods = useFieldArray({ control, name: 'goods' });
  const { save, pending } = useSavePart<ShipperValues>(state.number, setError);
  const error = (name: string) => errorAt(formState.errors, name, language);
  const regionOptions = SOATO_REGIONS.map((region) => ({ value: region.code, label: region.names[language] }));

  const point = (name: PointName, trustee: 'loading_trustee' | 'unloading_trustee') => {
    const region = watch(`${name}.region_code`);
    const districtOptions = districtsOfRegion(region ?? '').map((district) => ({
      value: district.code,
      label: district.names[language],
    }));
    return (
      <Fieldset legend={t(`shipments.waybill.fields.${name}`)}>
        <SelectField
          label={t('shipments.waybill.region')}
          placeholder={t('shipments.waybill.chooseRegion')}
          options={regionOptions}
          error={error(`${name}.region_code`)}
          {...register(`${name}.region_code`)}
        />
        <SelectField
          label={t('shipments.waybill.district')}
          placeholder={t('shipments.waybill.chooseDistrict')}
          options={districtOptions}
          error={error(`${name}.district_code`)}
          {...register(`${name}.district_code`)}
        />
        <TextField
          label={t('shipments.waybill.address')}
          containerClassName="sm:col-span-2"
          error={error(`${name}.address`)}
          {...register(`${name}.address`)}
        />
        <TextField
          label={t('shipments.waybill.lat')}
          inputMode="decimal"
          error={error(`${name}.lat`)}
          {...register(`${name}.lat`, { setValueAs: numberOrNull })}
        />
        <TextField
          label={t('shipments.waybill.lon')}
          inputMode="decimal"
          error={error(`${name}.lon`)}
          {...register(`${name}.lon`, { setValueAs: numberOrNull })}
        />
        <TextField
          label={`${t(`shipments.waybill.fields.${trustee}`)}: ${t('shipments.waybill.fullName')}`}
          error={error(`${trustee}.full_name`)}
          {...register(`${trustee}.full_name`)}
        />
        <TextField
          label={`${t(`shipments.waybill.fields.${trustee}`)}: ${t('shipments.waybill.pinfl')}`}
          inputMode="numeric"
          error={error(`${trustee}.pinfl`)}
          {...register(`${trustee}.pinfl`)}
        />
      </Fieldset>
    );
  };

  const goodText = (
    key: 'ikpu' | 'name' | 'package_code' | 'package_name',
    index: number,
    label: string,
    inputMode?: 'numeric',
  ) => (
    <TextField
      label={label}
      {...(inputMode ? { inputMode } : {})}
      error={error(`goods.${index}.${key}`)}
      {...register(`goods.${index}.${key}`)}
    />
  );

  const goodNumber = (key: 'amount' | 'price' | 'weight_gross' | 'weight_net', index: number, label: string) => (
    <TextField
      label={label}
      inputMode="decimal"
      error={error(`goods.${index}.${key}`)}
      {...register(`goods.${index}.${key}`, { setValueAs: (value: unknown) => numberOrNull(value) ?? Number.NaN })}
    />
  );

  const names: Path<ShipperValues>[] = [
    'consignee.tin',
    'consignee.name',
    'loading_point.region_code',
    'loading_point.district_code',
    'loading_point.address',
    'unloading_point.region_code',
    'unloading_point.district_code',
    'unloading_point.address',
    'loading_trustee.pinfl',
    'loading_trustee.full_name',
    'unloading_trustee.pinfl',
    'unloading_trustee.full_name',
    'goods',
    'total_distance_km',
  ];

  return (
    <form
      noValidate
      aria-label={t('shipments.waybill.myPart')}
      className="flex flex-col gap-3"
      onSubmit={handleSubmit((values) =>
        save({ ...values, consignee: otherConsignee ? (values.consignee ?? null) : null }, names),
      )}
    >
      <CheckboxLine
        label={t('shipments.waybill.consigneeOther')}
        checked={otherConsignee}
        onChange={setOtherConsignee}
      />
      {otherConsignee && (
        <Fieldset legend={t('shipments.waybill.fields.consignee')}>
          <TextField
            label={t('shipments.waybill.tin')}
            inputMode="numeric"
            error={error('consignee.tin')}
            {...register('consignee.tin')}
          />
          <TextField
            label={t('shipments.waybill.name')}
            error={error('consignee.name')}
            {...register('consignee.name')}
          />
        </Fieldset>
      )}
      {point('loading_point', 'loading_trustee')}
      {point('unloading_point', 'unloading_trustee')}
      {goods.fields.map((field, index) => (
        <Fieldset key={field.id} legend={t('shipments.waybill.goodLine', { n: index + 1 })}>
          {goodText('ikpu', index, t('shipments.waybill.ikpu'), 'numeric')}
          {goodText('name', index, t('shipments.waybill.goodName'))}
          {goodText('package_code', index, t('shipments.waybill.packageCode'), 'numeric')}
          {goodText('package_name', index, t('shipments.waybill.packageName'))}
          {goodNumber('amount', index, t('shipments.waybill.amount'))}
          {goodNumber('price', index, t('shipments.waybill.price'))}
          {goodNumber('weight_gross', index, t('shipments.waybill.weightGross'))}
          {goodNumber('weight_net', index, t('shipments.waybill.weightNet'))}
          {goods.fields.length > 1 && (
            <div className="sm:col-span-2">
              <Button variant="secondary" onClick={() => goods.remove(index)}>
                {t('shipments.waybill.removeGood', { n: index + 1 })}
              </Button>
            </div>
          )}
        </Fieldset>
      ))}
      {error('goods') && <p className="text-sm text-red-300">{error('goods')}</p>}
      <div>
        <Button variant="secondary" onClick={() => goods.append(EMPTY_GOOD)}>
          {t('shipments.waybill.addGood')}
        </Button>
      </div>
      <TextField
        label={t('shipments.waybill.distance')}
        inputMode="numeric"
        hint={
          state.route_distance_km === null
            ? undefined
            : t('shipments.waybill.distanceHint', { km: state.route_distance_km })
        }
        error={error('total_distance_km')}
        {...register('total_distance_km', { setValueAs: numberOrNull })}
      />
      <div>
        <Button type="submit" pending={pending}>
          {t('common.save')}
        </Button>
      </div>
    </form>
  );
}

/** A line to tick that shows or hides a part of the form (a trailer, another consignee). */
function CheckboxLine({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex min-h-11 items-center gap-2 text-sm text-slate-200">
      <input
        id={id}
        type="checkbox"
        className="size-4"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {label}
    </label>
  );
}
