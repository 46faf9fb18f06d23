import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { Controller, useForm, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  ACCEPTED_FILE_TYPES,
  DEFAULT_VOLUME_UNIT,
  DEFAULT_WEIGHT_UNIT,
  EQUIPMENT_OPTIONS,
  errorText,
  LICENSE_PLATE_MAX,
  MAX_FILE_BYTES,
  VEHICLE_DOCUMENTS,
  VEHICLE_NAME_MAX,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  VEHICLE_YEAR_MIN,
  vehicleFormInput,
  vehicleYearMax,
  VIN_MAX,
  VOLUME_UNITS,
  WEIGHT_UNITS,
  type Language,
  type Vehicle,
  type VehicleDocument,
  type VehicleFormInput,
  type VehicleFormValues,
  webRoutes,
} from '@yuk/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { DateField } from '../../../components/ui/date-field';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useLanguage } from '../../../i18n';
import { errorMessage, isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors, fieldErrorText } from '../../../lib/form-errors';
import { useCreateVehicle } from '../api/create-vehicle';
import { useUpdateVehicle } from '../api/update-vehicle';
import type { VehicleFiles } from '../api/vehicle-form-data';
import { ButtonLink } from '../../../components/ui/button-link';
import { DocumentUpload } from './document-upload';

/** The form's fields, as the browser holds them: text, and the equipment as a list. */
export interface VehicleFormFields {
  vehicle_name: string;
  vehicle_type: string;
  license_plate: string;
  vin: string;
  year_of_manufacture: string;
  current_status: string;
  max_load_weight: string;
  weight_unit: string;
  max_volume: string;
  volume_unit: string;
  axle_count: string;
  length: string;
  width: string;
  height: string;
  equipment_features: string[];
  insurance_expires_on: string;
  registration_expires_on: string;
  inspection_expires_on: string;
  permit_expires_on: string;
}

const FIELD_NAMES = Object.keys(vehicleFormInput.shape) as Path<VehicleFormInput>[];

/** The last valid day of each paper, with its label. */
const PAPER_DATE_FIELDS = [
  ['insurance_expires_on', 'vehicles.form.insuranceExpiresOn'],
  ['registration_expires_on', 'vehicles.form.registrationExpiresOn'],
  ['inspection_expires_on', 'vehicles.form.inspectionExpiresOn'],
  ['permit_expires_on', 'vehicles.form.permitExpiresOn'],
] as const;

const optional = (value: number) => (value > 0 ? String(value) : '');

/** Empty for a new vehicle (units at their defaults: ton and m³); the vehicle's values when editing. */
export function initialFields(vehicle?: Vehicle): VehicleFormFields {
  if (!vehicle) {
    return {
      vehicle_name: '',
      vehicle_type: '',
      license_plate: '',
      vin: '',
      year_of_manufacture: '',
      current_status: '',
      max_load_weight: '',
      weight_unit: DEFAULT_WEIGHT_UNIT,
      max_volume: '',
      volume_unit: DEFAULT_VOLUME_UNIT,
      axle_count: '',
      length: '',
      width: '',
      height: '',
      equipment_features: [],
      insurance_expires_on: '',
      registration_expires_on: '',
      inspection_expires_on: '',
      permit_expires_on: '',
    };
  }
  return {
    vehicle_name: vehicle.vehicle_name,
    vehicle_type: vehicle.vehicle_type,
    license_plate: vehicle.license_plate,
    vin: vehicle.vin ?? '',
    year_of_manufacture: String(vehicle.year_of_manufacture),
    current_status: vehicle.current_status,
    max_load_weight: String(vehicle.max_load_weight),
    weight_unit: vehicle.weight_unit,
    max_volume: optional(vehicle.max_volume),
    volume_unit: vehicle.volume_unit,
    axle_count: optional(vehicle.axle_count),
    length: optional(vehicle.length),
    width: optional(vehicle.width),
    height: optional(vehicle.height),
    equipment_features: [...vehicle.equipment_features],
    insurance_expires_on: vehicle.insurance_expires_on ?? '',
    registration_expires_on: vehicle.registration_expires_on ?? '',
    inspection_expires_on: vehicle.inspection_expires_on ?? '',
    permit_expires_on: vehicle.permit_expires_on ?? '',
  };
}

/** The browser-side check of a chosen document (the server judges its bytes again): type by extension, 10 MB. */
export function checkChosenFile(file: File, lang: Language): string | undefined {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  const accepted = Object.values(ACCEPTED_FILE_TYPES).some((list) => (list as readonly string[]).includes(extension));
  if (!accepted || file.size === 0) return errorText('UNSUPPORTED_FILE_TYPE', lang);
  if (file.size > MAX_FILE_BYTES) return errorText('FILE_TOO_LARGE', lang);
  return undefined;
}

/** A label with a visual asterisk for required fields (the input itself carries aria-required). */
function Required({ children }: { children: ReactNode }) {
  return <span className="after:ml-0.5 after:text-red-300 after:content-['*']">{children}</span>;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-navy-700 bg-navy-900 p-4 sm:p-6">
      <h2 id={id} className="mb-4 text-lg font-semibold text-white">
        {title}
      </h2>
      {children}
    </section>
  );
}

export interface VehicleFormProps {
  /** The vehicle being edited; a new vehicle when missing. */
  vehicle?: Vehicle;
}

/**
 * The vehicle form (add and edit): checked by the same schema as the server's; empty or invalid optional
 * numbers are sent as 0; documents go along in the multipart form (in edit mode a document not chosen is
 * kept). Success toasts and returns to /vehicles; a failure toasts the server's text and puts its field
 * texts beside the fields.
 */
export function VehicleForm({ vehicle }: VehicleFormProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const editing = vehicle !== undefined;
  const creation = useCreateVehicle();
  const update = useUpdateVehicle();
  const pending = creation.isPending || update.isPending;

  const [files, setFiles] = useState<VehicleFiles>({});
  /** Files refused in the browser (never attached); saving waits until they are replaced or dropped. */
  const [rejected, setRejected] = useState<Partial<Record<VehicleDocument, string>>>({});
  /** The server's texts about the documents of the last attempt. */
  const [serverFileErrors, setServerFileErrors] = useState<Partial<Record<VehicleDocument, string>>>({});

  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<VehicleFormInput, unknown, VehicleFormValues>({
    resolver: zodResolver(vehicleFormInput),
    defaultValues: initialFields(vehicle),
  });

  const error = (name: keyof VehicleFormFields) => fieldErrorText(errors[name]?.message, language);

  const chooseFile = (kind: VehicleDocument, file: File | undefined) => {
    const problem = file ? checkChosenFile(file, language) : undefined;
    setRejected((current) => ({ ...current, [kind]: problem }));
    setServerFileErrors((current) => ({ ...current, [kind]: undefined }));
    setFiles((current) => ({ ...current, [kind]: problem ? undefined : file }));
  };

  const onValid = async (values: VehicleFormValues) => {
    const refusal = Object.values(rejected).find(Boolean);
    if (refusal) {
      toast.error(refusal);
      return;
    }
    setServerFileErrors({});
    try {
      if (vehicle) {
        await update.mutateAsync({ id: vehicle.id, values, files });
        toast.success(t('vehicles.toasts.updated'));
      } else {
        await creation.mutateAsync({ values, files });
        toast.success(t('vehicles.toasts.created'));
      }
      void navigate(webRoutes.vehicles);
    } catch (failure) {
      applyServerFieldErrors(failure, setError, FIELD_NAMES);
      if (isApiError(failure) && failure.fields) {
        const fields = failure.fields;
        setServerFileErrors(Object.fromEntries(VEHICLE_DOCUMENTS.map((kind) => [kind, fields[kind]])));
      }
      const fallback = vehicle ? t('vehicles.toasts.updateFailed') : t('vehicles.toasts.createFailed');
      toast.error(errorMessage(failure, fallback));
    }
  };

  const numberProps = { type: 'number', step: '0.01', min: 0, inputMode: 'decimal' } as const;
  const optionalHint = t('vehicles.form.optionalHint');

  return (
    <form noValidate onSubmit={handleSubmit(onValid)} className="flex flex-col gap-6">
      <p className="text-sm text-slate-400">{t('vehicles.form.required')}</p>

      <Section id="vehicle-info" title={t('vehicles.form.info')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={<Required>{t('vehicles.form.vehicleName')}</Required>}
            aria-required
            maxLength={VEHICLE_NAME_MAX}
            autoComplete="off"
            error={error('vehicle_name')}
            {...register('vehicle_name')}
          />
          <SelectField
            label={<Required>{t('vehicles.form.vehicleType')}</Required>}
            aria-required
            placeholder={t('vehicles.form.choose')}
            options={VEHICLE_TYPES.map((type) => ({ value: type, label: t(`terms.vehicleTypes.${type}`) }))}
            error={error('vehicle_type')}
            {...register('vehicle_type')}
          />
          <TextField
            label={<Required>{t('terms.licensePlate')}</Required>}
            aria-required
            maxLength={LICENSE_PLATE_MAX}
            autoComplete="off"
            placeholder="01 A 123 BC"
            error={error('license_plate')}
            {...register('license_plate')}
          />
          <TextField
            label={t('vehicles.form.vin')}
            maxLength={VIN_MAX}
            autoComplete="off"
            error={error('vin')}
            {...register('vin')}
          />
          <TextField
            label={<Required>{t('terms.yearOfManufacture')}</Required>}
            aria-required
            type="number"
            step={1}
            min={VEHICLE_YEAR_MIN}
            max={vehicleYearMax()}
            inputMode="numeric"
            error={error('year_of_manufacture')}
            {...register('year_of_manufacture')}
          />
          <SelectField
            label={<Required>{t('vehicles.form.status')}</Required>}
            aria-required
            placeholder={t('vehicles.form.choose')}
            options={VEHICLE_STATUSES.map((status) => ({ value: status, label: t(`vehicles.statuses.${status}`) }))}
            error={error('current_status')}
            {...register('current_status')}
          />
        </div>
      </Section>

      <Section id="vehicle-capacity" title={t('vehicles.form.capacity')}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={<Required>{t('terms.maxLoadWeight')}</Required>}
            aria-required
            {...numberProps}
            error={error('max_load_weight')}
            {...register('max_load_weight')}
          />
          <SelectField
            label={t('vehicles.form.weightUnit')}
            options={WEIGHT_UNITS.map((unit) => ({ value: unit, label: t(`vehicles.units.${unit}`) }))}
            error={error('weight_unit')}
            {...register('weight_unit')}
          />
          <TextField
            label={t('terms.maxVolume')}
            placeholder="0"
            hint={optionalHint}
            {...numberProps}
            error={error('max_volume')}
            {...register('max_volume')}
          />
          <SelectField
            label={t('vehicles.form.volumeUnit')}
            options={VOLUME_UNITS.map((unit) => ({ value: unit, label: t(`vehicles.units.${unit}`) }))}
            error={error('volume_unit')}
            {...register('volume_unit')}
          />
          <TextField
            label={t('terms.axleCount')}
            placeholder="0"
            hint={optionalHint}
            type="number"
            step={1}
            min={0}
            inputMode="numeric"
            error={error('axle_count')}
            {...register('axle_count')}
          />
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('vehicles.form.length')}
            placeholder="0"
            {...numberProps}
            error={error('length')}
            {...register('length')}
          />
          <TextField
            label={t('vehicles.form.width')}
            placeholder="0"
            {...numberProps}
            error={error('width')}
            {...register('width')}
          />
          <TextField
            label={t('vehicles.form.height')}
            placeholder="0"
            {...numberProps}
            error={error('height')}
            {...register('height')}
          />
        </div>
        <fieldset className="mt-5" aria-describedby={errors.equipment_features ? 'equipment-error' : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-200">{t('terms.equipment')}</legend>
          <div className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {EQUIPMENT_OPTIONS.map((option) => (
              <label
                key={option}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg border border-navy-700 bg-navy-950/60 px-3 py-2 text-sm text-slate-100 hover:border-navy-500"
              >
                <input
                  type="checkbox"
                  value={option}
                  className="size-4 accent-sky-400"
                  {...register('equipment_features')}
                />
                {t(`vehicles.equipment.${option}`)}
              </label>
            ))}
          </div>
          {errors.equipment_features && (
            <p id="equipment-error" className="mt-1.5 text-sm text-red-300">
              {fieldErrorText(errors.equipment_features.message, language)}
            </p>
          )}
        </fieldset>
      </Section>

      <Section id="vehicle-documents" title={t('vehicles.form.documents')}>
        <div className="grid gap-4 lg:grid-cols-3">
          {VEHICLE_DOCUMENTS.map((kind) => (
            <DocumentUpload
              key={kind}
              kind={kind}
              currentName={vehicle?.document_names[kind] ?? null}
              selected={files[kind]}
              error={rejected[kind] ?? serverFileErrors[kind]}
              disabled={pending}
              onSelect={(file) => chooseFile(kind, file)}
            />
          ))}
        </div>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {PAPER_DATE_FIELDS.map(([name, label]) => (
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <DateField
                  label={t(label)}
                  name={field.name}
                  value={field.value ?? ''}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  language={language}
                  placeholder={t('terms.datePlaceholder')}
                  error={error(name)}
                />
              )}
            />
          ))}
        </div>
        <p className="mt-2 text-sm text-slate-400">{t('vehicles.form.expiryHint')}</p>
      </Section>

      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to={webRoutes.vehicles} size="lg" variant="secondary">
          {t('terms.cancel')}
        </ButtonLink>
        <Button type="submit" size="lg" pending={pending}>
          {pending ? t('vehicles.form.saving') : editing ? t('vehicles.form.update') : t('vehicles.form.save')}
        </Button>
      </div>
    </form>
  );
}
