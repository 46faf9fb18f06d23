import { z } from 'zod';
import { listFormatParam } from './csv.js';
import {
  DEFAULT_VOLUME_UNIT,
  DEFAULT_WEIGHT_UNIT,
  EQUIPMENT_OPTIONS,
  VEHICLE_STATUSES,
  VEHICLE_TYPES,
  VOLUME_UNITS,
  WEIGHT_UNITS,
} from './constants.js';

/** The three documents of a vehicle; also the names of the form's file fields. */
export const VEHICLE_DOCUMENTS = ['registration', 'insurance', 'vehicle_photo'] as const;
export type VehicleDocument = (typeof VEHICLE_DOCUMENTS)[number];

export const VEHICLE_YEAR_MIN = 1950;
/** The newest accepted year of manufacture: next year (new models are sold a year ahead). */
export function vehicleYearMax(now: Date = new Date()): number {
  return now.getUTCFullYear() + 1;
}

export const VEHICLE_NAME_MAX = 100;
export const LICENSE_PLATE_MAX = 20;
export const VIN_MAX = 32;
export const MAX_LOAD_WEIGHT = 1_000_000;
export const MAX_VOLUME = 1_000_000;
export const MAX_AXLE_COUNT = 20;
/** Length, width and height are in metres. */
export const MAX_DIMENSION_M = 100;

/** A form value as the browser gives it (text) or as a number input may give it (number). */
type NumberInput = string | number | undefined | null;

const DECIMAL_TEXT = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)(e[+-]?\d+)?$/i;

/**
 * Reads a form number: undefined for nothing entered, NaN for something that is not a number
 * ("12,5" with a decimal comma is read as 12.5).
 */
export function readFormNumber(value: NumberInput): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  const text = value.trim();
  if (text === '') return undefined;
  if (!DECIMAL_TEXT.test(text)) return Number.NaN;
  return Number(text.replace(',', '.'));
}

const hasAtMostTwoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

const numberInput = z.union([z.string(), z.number(), z.nan()], { error: 'number' }).nullish();

/** A required number: nothing entered → "required", text that is not a number → "number". */
const requiredNumber = numberInput.transform((value, ctx) => {
  const parsed = readFormNumber(value);
  if (parsed === undefined) {
    ctx.addIssue({ code: 'custom', message: 'required' });
    return z.NEVER;
  }
  if (!Number.isFinite(parsed)) {
    ctx.addIssue({ code: 'custom', message: 'number' });
    return z.NEVER;
  }
  return parsed;
});

/** An optional number: nothing entered or not a number → 0 (the spec's rule); negative numbers are still refused. */
const optionalNumber = numberInput.transform((value) => {
  const parsed = readFormNumber(value);
  return parsed === undefined || !Number.isFinite(parsed) ? 0 : parsed;
});

const decimal = (max: number) =>
  z
    .number()
    .min(0, { error: 'non_negative' })
    .max(max, { error: 'too_large' })
    .refine(hasAtMostTwoDecimals, { error: 'decimals' });

const requiredText = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });

const requiredChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .pipe(z.enum(values, { error: 'one_of' }));

/** An optional choice with a default; aliases let "m3" stand for "m³". */
const choiceWithDefault = <const T extends readonly [string, ...string[]]>(
  values: T,
  fallback: T[number],
  aliases: Record<string, T[number]> = {},
) =>
  z
    .string({ error: 'one_of' })
    .nullish()
    .transform((value) => {
      const text = value?.trim() ?? '';
      if (text === '') return fallback;
      return aliases[text] ?? text;
    })
    .pipe(z.enum(values, { error: 'one_of' }));

/** Plates are kept upper-case with single spaces: "01 a 123  bc" → "01 A 123 BC". */
export function normalizeLicensePlate(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/**
 * "12" or "#12": a search of the vehicle list that may also be a vehicle's id (the list screen asks for that
 * vehicle beside the name and plate matches; the server's search matches it too). Undefined when it is not one.
 */
export function vehicleIdInSearch(search: string): number | undefined {
  const match = /^#?([1-9]\d{0,9})$/.exec(search);
  const id = match?.[1] ? Number(match[1]) : undefined;
  return id !== undefined && id <= 2_147_483_647 ? id : undefined;
}

/** The equipment list: an array (web form) or its JSON text (multipart form); nothing sent → []. */
const equipmentFeatures = z
  .union([z.string(), z.array(z.string())], { error: 'json_list' })
  .nullish()
  .transform((value, ctx): unknown => {
    if (value === undefined || value === null) return [];
    if (Array.isArray(value)) return value;
    const text = value.trim();
    if (text === '') return [];
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'json_list' });
      return z.NEVER;
    }
  })
  .pipe(
    z
      .array(z.enum(EQUIPMENT_OPTIONS, { error: 'one_of' }), { error: 'json_list' })
      .max(EQUIPMENT_OPTIONS.length * 2, { error: 'too_large' })
      .transform((items) => [...new Set(items)]),
  );

/** The last day a document is valid, YYYY-MM-DD; blank or absent → null (not known). */
const expiryDate = z
  .string({ error: 'date' })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .pipe(
    z.iso
      .date({ error: 'date' })
      .refine((date) => date >= '2000-01-01' && date <= '2099-12-31', { error: 'date' })
      .nullable(),
  );

/**
 * The vehicle form. The same schema checks the multipart text fields on the
 * server (numbers arrive as text, equipment as JSON text) and is the web form's resolver.
 */
export const vehicleFormInput = z.object({
  vehicle_name: requiredText(VEHICLE_NAME_MAX),
  vehicle_type: requiredChoice(VEHICLE_TYPES).describe(VEHICLE_TYPES.join(', ')),
  license_plate: requiredText(LICENSE_PLATE_MAX)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} -]*$/u, { error: 'invalid' })
    .transform(normalizeLicensePlate),
  vin: z
    .string({ error: 'invalid' })
    .trim()
    .max(VIN_MAX, { error: 'too_long' })
    .regex(/^[\p{L}\p{N}-]*$/u, { error: 'invalid' })
    .nullish()
    .transform((value) => (value ? value.toUpperCase() : null)),
  year_of_manufacture: requiredNumber
    .pipe(
      z
        .number()
        .int({ error: 'integer' })
        .refine((year) => year >= VEHICLE_YEAR_MIN && year <= vehicleYearMax(), { error: 'year_range' }),
    )
    .describe(`A whole number from ${VEHICLE_YEAR_MIN} to next year`),
  current_status: requiredChoice(VEHICLE_STATUSES).describe(VEHICLE_STATUSES.join(', ')),
  max_load_weight: requiredNumber.pipe(decimal(MAX_LOAD_WEIGHT).refine((value) => value > 0, { error: 'positive' })),
  weight_unit: choiceWithDefault(WEIGHT_UNITS, DEFAULT_WEIGHT_UNIT).describe(
    `${WEIGHT_UNITS.join(', ')} (default ${DEFAULT_WEIGHT_UNIT})`,
  ),
  max_volume: optionalNumber.pipe(decimal(MAX_VOLUME)),
  volume_unit: choiceWithDefault(VOLUME_UNITS, DEFAULT_VOLUME_UNIT, { m3: 'm³', ft3: 'ft³', l: 'L' }).describe(
    `${VOLUME_UNITS.join(', ')} (default ${DEFAULT_VOLUME_UNIT})`,
  ),
  axle_count: optionalNumber.pipe(
    z.number().int({ error: 'integer' }).min(0, { error: 'non_negative' }).max(MAX_AXLE_COUNT, { error: 'too_large' }),
  ),
  length: optionalNumber.pipe(decimal(MAX_DIMENSION_M)),
  width: optionalNumber.pipe(decimal(MAX_DIMENSION_M)),
  height: optionalNumber.pipe(decimal(MAX_DIMENSION_M)),
  equipment_features: equipmentFeatures.describe(
    `A JSON list (as text in the multipart form) of: ${EQUIPMENT_OPTIONS.join(', ')}`,
  ),
  insurance_expires_on: expiryDate.describe("The insurance policy's last valid day, YYYY-MM-DD (optional)"),
  registration_expires_on: expiryDate.describe("The registration's last valid day, YYYY-MM-DD (optional)"),
  inspection_expires_on: expiryDate.describe("The technical inspection's last valid day, YYYY-MM-DD (optional)"),
  permit_expires_on: expiryDate.describe("The transport permit's last valid day, YYYY-MM-DD (optional)"),
});
/** What the form holds (text or numbers, equipment as a list or JSON text). */
export type VehicleFormInput = z.input<typeof vehicleFormInput>;
/** The checked values: numbers, a de-duplicated equipment list, units defaulted. */
export type VehicleFormValues = z.output<typeof vehicleFormInput>;

const documentSlots = <T extends z.ZodType>(slot: T) =>
  z.object({ insurance: slot, registration: slot, vehicle_photo: slot });

/** A vehicle as the API returns it. */
export const vehicle = z
  .object({
    id: z.number().int(),
    vehicle_name: z.string(),
    vehicle_type: z.enum(VEHICLE_TYPES),
    license_plate: z.string(),
    vin: z.string().nullable(),
    year_of_manufacture: z.number().int(),
    current_status: z.enum(VEHICLE_STATUSES),
    max_load_weight: z.number(),
    weight_unit: z.enum(WEIGHT_UNITS),
    max_volume: z.number(),
    volume_unit: z.enum(VOLUME_UNITS),
    axle_count: z.number().int(),
    length: z.number(),
    width: z.number(),
    height: z.number(),
    equipment_features: z.array(z.enum(EQUIPMENT_OPTIONS)),
    documents: documentSlots(
      z.string().nullable().describe('A relative link (/api/files/…?exp=…&sig=…) valid for a short time, or null'),
    ),
    document_names: documentSlots(z.string().nullable().describe('The uploaded file name, or null')),
    insurance_expires_on: z.string().nullable(),
    registration_expires_on: z.string().nullable(),
    inspection_expires_on: z.string().nullable(),
    permit_expires_on: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        id: 3,
        vehicle_name: 'MAN TGX',
        vehicle_type: 'Tented Truck',
        license_plate: '01 A 123 BC',
        vin: 'WMA06XZZ1KM123456',
        year_of_manufacture: 2019,
        current_status: 'Available',
        max_load_weight: 20,
        weight_unit: 'ton',
        max_volume: 82,
        volume_unit: 'm³',
        axle_count: 5,
        length: 13.6,
        width: 2.45,
        height: 2.7,
        equipment_features: ['GPS'],
        documents: { insurance: '/api/files/abc?exp=1795555555&sig=Qx…', registration: null, vehicle_photo: null },
        document_names: { insurance: 'insurance.pdf', registration: null, vehicle_photo: null },
        insurance_expires_on: '2027-03-31',
        registration_expires_on: null,
        inspection_expires_on: '2027-01-15',
        permit_expires_on: null,
        created_at: '2026-11-24T09:30:00.000Z',
      },
    ],
  });
export type Vehicle = z.infer<typeof vehicle>;

const filterText = (max: number) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .max(max, { error: 'too_long' })
    .optional()
    .transform((value) => (value ? value : undefined));

const filterChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: 'invalid' })
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .pipe(z.enum(values, { error: 'one_of' }).optional());

/** GET /api/vehicles/user: name and licensePlate match a part of the text in any case; type and status match exactly; empty means no filter. */
export const vehicleListQuery = z.object({
  name: filterText(VEHICLE_NAME_MAX),
  type: filterChoice(VEHICLE_TYPES),
  status: filterChoice(VEHICLE_STATUSES),
  licensePlate: filterText(LICENSE_PLATE_MAX),
  search: filterText(VEHICLE_NAME_MAX).describe(
    'The list screen\'s search: a part of the name or of the plate, or the id ("12" or "#12"); combined with type and status',
  ),
  format: listFormatParam,
});
export type VehicleListQuery = z.input<typeof vehicleListQuery>;
export type VehicleListFilters = z.output<typeof vehicleListQuery>;

/** Vehicle ids in the path: positive integers that fit the id column. */
export const vehicleIdParams = z.object({
  id: z
    .string({ error: 'invalid' })
    .regex(/^[1-9]\d{0,9}$/, { error: 'invalid' })
    .transform(Number)
    .pipe(z.number().max(2_147_483_647, { error: 'invalid' })),
});
