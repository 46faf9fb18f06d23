import { z } from 'zod';
import { AWARD_SIDES } from './award.js';
import type { Localized } from './language.js';
import { pkcs7Base64 } from './eri.js';
import { distanceKm, placeCoordinates, ROUTE_DETOUR } from './geo.js';
import { soatoDistrict, soatoRegion } from './soato.js';
import { phoneField } from './users.js';

/** The examples' people at both ends and their goods (the API document shows them in two answers). */
const EXAMPLE_TRUSTEES_AND_GOODS = {
  loading_trustee: { pinfl: '30101010101010', full_name: 'Yusupova Dilnoza' },
  unloading_trustee: { pinfl: '30202020202020', full_name: 'Aliyev Sardor' },
  goods: [
    {
      ikpu: '10112008001000001',
      name: 'Paxta tolasi',
      package_code: '1209782',
      package_name: 'kg',
      amount: 20000,
      price: 18000,
      weight_gross: 20500,
      weight_net: 20000,
    },
  ],
};

/**
 * The e-waybill (e-TTN) of a shipment: made from the shipment, filled in by both parties (the carrier gives
 * the driver and the truck, the shipper the consignee, the points, the people responsible and the goods),
 * formed at the electronic document operator (Didox) and signed there by both sides with their ERI keys.
 * The amounts are in so'm: the awarded price is converted at the Central Bank's rate of the waybill's date.
 */

/**
 * Where a waybill stands. `not_created`: only here so far; then as the operator reports it: a draft, signed
 * by the consignor (the shipper), accepted by the carrier, delivered, returned, or rejected (with a reason).
 */
export const WAYBILL_STATUSES = [
  'not_created',
  'draft',
  'consignor_signed',
  'carrier_accepted',
  'delivered',
  'returned',
  'rejected',
] as const;
export type WaybillStatus = (typeof WAYBILL_STATUSES)[number];

/**
 * Each status in words (the shipment page, and the lines the shipment's timeline may show: "E-waybill: signed
 * by the consignor").
 */
export const WAYBILL_STATUS_TEXT: Record<WaybillStatus, Localized> = {
  not_created: { uz: 'Hali tuzilmagan', en: 'Not formed yet', ru: 'Ещё не сформирована' },
  draft: { uz: 'Qoralama', en: 'Draft', ru: 'Черновик' },
  consignor_signed: {
    uz: 'Yuk joʻnatuvchi imzolagan',
    en: 'Signed by the consignor',
    ru: 'Подписана грузоотправителем',
  },
  carrier_accepted: { uz: 'Tashuvchi qabul qilgan', en: 'Accepted by the carrier', ru: 'Принята перевозчиком' },
  delivered: { uz: 'Yetkazib berilgan', en: 'Delivered', ru: 'Доставлена' },
  returned: { uz: 'Qaytarilgan', en: 'Returned', ru: 'Возвращена' },
  rejected: { uz: 'Didoxda rad etilgan', en: 'Rejected at Didox', ru: 'Отклонена в Didox' },
};

/** Statuses after which nothing more happens to a waybill at the operator. */
export const WAYBILL_FINAL_STATUSES: readonly WaybillStatus[] = ['delivered', 'returned', 'rejected'];

const text = (max: number) =>
  z.string({ error: 'required' }).trim().min(1, { error: 'required' }).max(max, { error: 'too_long' });
const digits = (count: number, message: string) =>
  z
    .string({ error: 'required' })
    .trim()
    .regex(new RegExp(`^\\d{${count}}$`), { error: message });

/** A person's personal identification number (PINFL): 14 digits. */
export const pinflField = digits(14, 'pinfl');
/** A product's code in the national classifier of goods and services (IKPU / MXIK): 17 digits. */
export const ikpuField = digits(17, 'ikpu');

/** The carrier's driver. */
export const waybillDriver = z.strictObject({
  full_name: text(120),
  pinfl: pinflField,
  phone: phoneField,
});
export type WaybillDriver = z.infer<typeof waybillDriver>;

/** The truck or the trailer: its plate and model. */
export const waybillVehicle = z.strictObject({
  plate: text(20),
  model: text(60),
});
export type WaybillVehicle = z.infer<typeof waybillVehicle>;

/** Who receives the goods: a company (its STIR, 9 digits) or a person (PINFL, 14 digits), and the name. */
export const waybillConsignee = z.strictObject({
  tin: z
    .string({ error: 'required' })
    .trim()
    .regex(/^(\d{9}|\d{14})$/, { error: 'stir_or_pinfl' }),
  name: text(200),
});
export type WaybillConsignee = z.infer<typeof waybillConsignee>;

/** The person responsible for the goods at a point (loading or unloading). */
export const waybillTrustee = z.strictObject({
  pinfl: pinflField,
  full_name: text(120),
});
export type WaybillTrustee = z.infer<typeof waybillTrustee>;

/** A loading or unloading point: region and district by their SOATO codes, the street address, where known the coordinates. */
export const waybillPoint = z
  .strictObject({
    region_code: z
      .string({ error: 'required' })
      .refine((code) => soatoRegion(code) !== undefined, { error: 'soato_region' }),
    district_code: z
      .string({ error: 'required' })
      .refine((code) => soatoDistrict(code) !== undefined, { error: 'soato_district' }),
    address: text(300),
    lat: z.number({ error: 'number' }).min(-90, { error: 'invalid' }).max(90, { error: 'invalid' }).nullish(),
    lon: z.number({ error: 'number' }).min(-180, { error: 'invalid' }).max(180, { error: 'invalid' }).nullish(),
  })
  .superRefine((point, context) => {
    if (!point.district_code.startsWith(point.region_code)) {
      context.addIssue({ code: 'custom', path: ['district_code'], message: 'soato_district' });
    }
  });
export type WaybillPoint = z.infer<typeof waybillPoint>;

/** The most of one amount (pieces, kilograms, so'm): far above any real load, short of float trouble. */
const WAYBILL_NUMBER_MAX = 1e12;
const amount = (message: 'positive' | 'non_negative') =>
  z
    .number({ error: 'number' })
    .refine((value) => (message === 'positive' ? value > 0 : value >= 0), { error: message })
    .max(WAYBILL_NUMBER_MAX, { error: 'too_large' });

/** One line of goods: IKPU code, name, package (its code and name), amount, price per unit (so'm), weights (kg). */
export const waybillGood = z
  .strictObject({
    ikpu: ikpuField,
    name: text(300),
    package_code: z
      .string({ error: 'required' })
      .trim()
      .regex(/^\d{1,20}$/, { error: 'invalid' }),
    package_name: text(60),
    amount: amount('positive'),
    price: amount('non_negative'),
    weight_gross: amount('positive'),
    weight_net: amount('positive'),
  })
  .superRefine((good, context) => {
    if (good.weight_net > good.weight_gross) {
      context.addIssue({ code: 'custom', path: ['weight_net'], message: 'net_above_gross' });
    }
  });
export type WaybillGood = z.infer<typeof waybillGood>;

export const WAYBILL_GOODS_MAX = 50;
export const WAYBILL_DISTANCE_MAX_KM = 10_000;

/** The fields the carrier fills. */
export const WAYBILL_CARRIER_FIELDS = ['driver', 'truck', 'trailer'] as const;
/** The fields the shipper (the shipment's owner) fills. */
export const WAYBILL_SHIPPER_FIELDS = [
  'consignee',
  'loading_point',
  'unloading_point',
  'loading_trustee',
  'unloading_trustee',
  'goods',
  'total_distance_km',
] as const;
export type WaybillField = (typeof WAYBILL_CARRIER_FIELDS)[number] | (typeof WAYBILL_SHIPPER_FIELDS)[number];

/**
 * PUT /api/shipments/{number}/waybill: the fields one side gives (any of its own; a field of the other side
 * is refused). `trailer: null` removes the trailer, `consignee: null` makes the shipper the consignee again,
 * `total_distance_km: null` goes back to the route's distance.
 */
export const waybillInput = z
  .strictObject({
    driver: waybillDriver.optional(),
    truck: waybillVehicle.optional(),
    trailer: waybillVehicle.nullable().optional(),
    consignee: waybillConsignee.nullable().optional(),
    loading_point: waybillPoint.optional(),
    unloading_point: waybillPoint.optional(),
    loading_trustee: waybillTrustee.optional(),
    unloading_trustee: waybillTrustee.optional(),
    goods: z
      .array(waybillGood, { error: 'required' })
      .min(1, { error: 'required' })
      .max(WAYBILL_GOODS_MAX, { error: 'too_large' })
      .optional(),
    total_distance_km: z
      .number({ error: 'number' })
      .int({ error: 'integer' })
      .min(1, { error: 'positive' })
      .max(WAYBILL_DISTANCE_MAX_KM, { error: 'too_large' })
      .nullable()
      .optional(),
  })
  .meta({
    examples: [
      {
        driver: { full_name: 'Karimov Bobur', pinfl: '31234567890123', phone: '+998901234567' },
        truck: { plate: '01A123BC', model: 'MAN TGX' },
      },
      {
        loading_point: {
          region_code: '1726',
          district_code: '1726294',
          address: 'Bunyodkor 12',
          lat: 41.28,
          lon: 69.2,
        },
        unloading_point: { region_code: '1718', district_code: '1718401', address: 'Registon 5' },
        ...EXAMPLE_TRUSTEES_AND_GOODS,
      },
    ],
  });
export type WaybillInput = z.infer<typeof waybillInput>;

/** What both sides have given so far (null: not yet), as the answers show it (the inputs' rules, no conversions). */
const storedPoint = z.object({
  region_code: z.string(),
  district_code: z.string(),
  address: z.string(),
  lat: z.number().nullish(),
  lon: z.number().nullish(),
});
const storedPerson = z.object({ pinfl: z.string(), full_name: z.string() });
export const waybillFields = z.object({
  driver: z.object({ full_name: z.string(), pinfl: z.string(), phone: z.string() }).nullable(),
  truck: z.object({ plate: z.string(), model: z.string() }).nullable(),
  trailer: z.object({ plate: z.string(), model: z.string() }).nullable(),
  consignee: z.object({ tin: z.string(), name: z.string() }).nullable().describe('null: the shipper is the consignee'),
  loading_point: storedPoint.nullable(),
  unloading_point: storedPoint.nullable(),
  loading_trustee: storedPerson.nullable(),
  unloading_trustee: storedPerson.nullable(),
  goods: z.array(
    z.object({
      ikpu: z.string(),
      name: z.string(),
      package_code: z.string(),
      package_name: z.string(),
      amount: z.number(),
      price: z.number(),
      weight_gross: z.number(),
      weight_net: z.number(),
    }),
  ),
  total_distance_km: z.number().int().nullable().describe('null: the route’s distance'),
});
export type WaybillFields = z.infer<typeof waybillFields>;

export const EMPTY_WAYBILL_FIELDS: WaybillFields = {
  driver: null,
  truck: null,
  trailer: null,
  consignee: null,
  loading_point: null,
  unloading_point: null,
  loading_trustee: null,
  unloading_trustee: null,
  goods: [],
  total_distance_km: null,
};

/** The fields a waybill cannot be formed without: the trailer and the consignee have defaults (none, the shipper). */
export function missingWaybillFields(fields: WaybillFields, routeDistanceKm: number | null): WaybillField[] {
  const missing: WaybillField[] = [];
  for (const name of ['driver', 'truck'] as const) if (!fields[name]) missing.push(name);
  for (const name of ['loading_point', 'unloading_point', 'loading_trustee', 'unloading_trustee'] as const) {
    if (!fields[name]) missing.push(name);
  }
  if (fields.goods.length === 0) missing.push('goods');
  if (fields.total_distance_km === null && routeDistanceKm === null) missing.push('total_distance_km');
  return missing;
}

/** The road distance of a shipment's route (its cities' centres, with the road's detour), in whole km; null when a city is unknown. */
export function routeDistanceKm(origin: string, destination: string): number | null {
  const from = placeCoordinates(origin);
  const to = placeCoordinates(destination);
  if (!from || !to) return null;
  return Math.max(1, Math.round(distanceKm(from, to) * ROUTE_DETOUR.truck));
}

/** A CBU rate ("12850.35") in hundredths of a so'm per dollar; null for anything else. */
export function rateHundredths(rate: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Dollars (in cents) at a CBU rate, in tiyin (hundredths of a so'm), rounded half up. */
export function centsToTiyin(cents: number, rate: string): number {
  const hundredths = rateHundredths(rate);
  if (hundredths === null) throw new Error(`not a rate: ${rate}`);
  return Math.round((cents * hundredths) / 100);
}

/** Tiyin as so'm with two decimals ("16063000.00"), the way the waybill writes amounts. */
export const tiyinToSum = (tiyin: number): string =>
  `${Math.floor(tiyin / 100)}.${String(tiyin % 100).padStart(2, '0')}`;

export const waybillRate = z.object({
  rate: z.string().describe('So’m per US dollar, as the Central Bank published it ("12850.35")'),
  date: z.string().describe('The day the rate is of (YYYY-MM-DD)'),
});
export type WaybillRate = z.infer<typeof waybillRate>;

/** One step of a waybill's history. */
export const waybillHistoryEntry = z.object({
  at: z.string().describe('UTC, ISO 8601'),
  status: z.enum(WAYBILL_STATUSES),
  by: z.enum([...AWARD_SIDES, 'operator']).describe('Who made the step: a party here, or the operator (Didox)'),
  note: z.string().nullable().describe('A rejection’s reason, the operator’s own words'),
});
export type WaybillHistoryEntry = z.infer<typeof waybillHistoryEntry>;

/** A party as the waybill names it. */
const sheetParty = z.object({ tin: z.string(), name: z.string() });
const sheetPoint = z.object({
  region: z.string(),
  district: z.string(),
  address: z.string(),
  trustee: z.string().nullable(),
});

/**
 * The waybill as a document to read (our words, not the operator's): the parties, the vehicle and driver, the
 * points, the goods and the totals in so'm.
 */
export const waybillSheet = z.object({
  number: z.string(),
  date: z.string().describe('YYYY-MM-DD (Tashkent)'),
  contract: z.object({ number: z.string(), date: z.string() }),
  consignor: sheetParty,
  consignee: sheetParty,
  carrier: sheetParty,
  truck: z.object({ plate: z.string(), model: z.string() }).nullable(),
  trailer: z.object({ plate: z.string(), model: z.string() }).nullable(),
  driver: z.object({ full_name: z.string(), pinfl: z.string(), phone: z.string() }).nullable(),
  loading: sheetPoint.nullable(),
  unloading: sheetPoint.nullable(),
  goods: z.array(
    z.object({
      ikpu: z.string(),
      name: z.string(),
      package_name: z.string(),
      amount: z.number(),
      price: z.string().describe('So’m per unit, two decimals'),
      total: z.string().describe('So’m, two decimals'),
      weight_gross: z.number(),
      weight_net: z.number(),
    }),
  ),
  goods_total: z.string().describe('So’m, two decimals'),
  weight_gross_total: z.number(),
  total_distance_km: z.number().nullable(),
  delivery_cost: z.string().nullable().describe('So’m, two decimals; null without a rate'),
});
export type WaybillSheet = z.infer<typeof waybillSheet>;

/** What the caller's E-IMZO is to sign next for the waybill. */
export const WAYBILL_SIGN_PURPOSES = ['session', 'sign', 'accept', 'deliver'] as const;
export type WaybillSignPurpose = (typeof WAYBILL_SIGN_PURPOSES)[number];

/** GET /api/shipments/{number}/waybill. */
export const waybillState = z
  .object({
    number: z.string(),
    enabled: z.boolean().describe('false: e-waybills are not set up on this server (no operator configured)'),
    my_side: z.enum(AWARD_SIDES),
    status: z.enum(WAYBILL_STATUSES),
    status_reason: z.string().nullable().describe('Why the waybill was rejected, in the operator’s words'),
    didox_id: z.string().nullable().describe('The operator’s id of the document, once formed'),
    rate: waybillRate.nullable().describe('The Central Bank’s rate used (null while none is to be had)'),
    missing: z.array(z.string()).describe('The fields still to be given before the waybill can be formed'),
    fields: waybillFields,
    route_distance_km: z.number().nullable(),
    next_step: z
      .enum(WAYBILL_SIGN_PURPOSES)
      .exclude(['session'])
      .nullable()
      .describe('What the caller signs next at the operator, if anything'),
    document: z
      .record(z.string(), z.unknown())
      .nullable()
      .describe('The document as sent (or to be sent) to the operator, in its own JSON shape'),
    sheet: waybillSheet,
    history: z.array(waybillHistoryEntry),
  })
  .meta({
    examples: [
      {
        number: 'YT-000123',
        enabled: true,
        my_side: 'carrier',
        status: 'consignor_signed',
        status_reason: null,
        didox_id: '6a857945c1d2e3f4a5b6c7d8e9f00112',
        rate: { rate: '12850.35', date: '2026-11-26' },
        missing: [],
        fields: {
          driver: { full_name: 'Karimov Bobur', pinfl: '31234567890123', phone: '+998901234567' },
          truck: { plate: '01A123BC', model: 'MAN TGX' },
          trailer: null,
          consignee: null,
          loading_point: {
            region_code: '1726',
            district_code: '1726294',
            address: 'Bunyodkor 12',
            lat: 41.28,
            lon: 69.2,
          },
          unloading_point: {
            region_code: '1718',
            district_code: '1718401',
            address: 'Registon 5',
            lat: null,
            lon: null,
          },
          ...EXAMPLE_TRUSTEES_AND_GOODS,
          total_distance_km: null,
        },
        route_distance_km: 356,
        next_step: 'accept',
        document: { WaybillDoc: { WaybillNo: 'YT-000123', WaybillDate: '2026-11-26' }, TotalDistance: 356 },
        sheet: {
          number: 'YT-000123',
          date: '2026-11-26',
          contract: { number: 'YT-000123', date: '2026-11-20' },
          consignor: { tin: '301234567', name: 'Paxta MChJ' },
          consignee: { tin: '301234567', name: 'Paxta MChJ' },
          carrier: { tin: '305123456', name: 'Ipak Yoli Logistik' },
          truck: { plate: '01A123BC', model: 'MAN TGX' },
          trailer: null,
          driver: { full_name: 'Karimov Bobur', pinfl: '31234567890123', phone: '+998901234567' },
          loading: {
            region: 'Toshkent shahri',
            district: 'Chilonzor tumani',
            address: 'Bunyodkor 12',
            trustee: 'Yusupova Dilnoza (30101010101010)',
          },
          unloading: {
            region: 'Samarqand viloyati',
            district: 'Samarqand',
            address: 'Registon 5',
            trustee: 'Aliyev Sardor (30202020202020)',
          },
          goods: [
            {
              ikpu: '10112008001000001',
              name: 'Paxta tolasi',
              package_name: 'kg',
              amount: 20000,
              price: '18000.00',
              total: '360000000.00',
              weight_gross: 20500,
              weight_net: 20000,
            },
          ],
          goods_total: '360000000.00',
          weight_gross_total: 20500,
          total_distance_km: 356,
          delivery_cost: '16063000.00',
        },
        history: [
          { at: '2026-11-26T09:00:00.000Z', status: 'draft', by: 'owner', note: null },
          { at: '2026-11-26T09:05:00.000Z', status: 'consignor_signed', by: 'owner', note: null },
        ],
      },
    ],
  });
export type WaybillState = z.infer<typeof waybillState>;

/** GET /api/shipments/{number}/waybill/to-sign. */
export const waybillToSign = z
  .object({
    purpose: z
      .enum(WAYBILL_SIGN_PURPOSES)
      .describe('session: the company’s STIR, to open its session at the operator; else the document’s step'),
    data_base64: z.string().describe('What E-IMZO’s create_pkcs7 signs, in base64'),
    text: z.string().describe('The same, as text to show'),
  })
  .meta({ examples: [{ purpose: 'session', data_base64: 'MzA1MTIzNDU2', text: '305123456' }] });
export type WaybillToSign = z.infer<typeof waybillToSign>;

/** POST /api/shipments/{number}/waybill/signatures: what E-IMZO's create_pkcs7 gave. */
export const waybillSignatureInput = z
  .strictObject({
    pkcs7: pkcs7Base64.describe('The base64 PKCS#7 E-IMZO made over data_base64'),
    signature_hex: z
      .string({ error: 'required' })
      .regex(/^[0-9a-fA-F]{2,4096}$/, { error: 'invalid' })
      .describe('The signature itself in hex, as E-IMZO gives it beside the PKCS#7'),
  })
  .meta({
    examples: [
      {
        pkcs7: 'MIAGCSqGSIb3DQEHAqCAMIACAQExDzANBglghkgBZQMEAgEFADCABgkqhkiG9w0BBwGggCSABAg=',
        signature_hex: '3045022100ab',
      },
    ],
  });
export type WaybillSignatureInput = z.infer<typeof waybillSignatureInput>;

/** The PDF's file name: waybill-YT-000123.pdf (the number's safe characters only). */
export const waybillPdfFileName = (number: string) => `waybill-${number.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;
