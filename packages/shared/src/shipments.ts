import { z } from 'zod';
import { VEHICLE_TYPES } from './constants.js';
import { listFormatParam } from './csv.js';
import { SHIPMENT_STATUSES } from './notifications.js';
import { hasControlCharacters } from './typed-input.js';

/** The steps a person may set: the carrier sets loaded then on_the_way; the owner confirms delivered. */
export const SHIPMENT_STEPS = ['loaded', 'on_the_way', 'delivered'] as const;
export type ShipmentStep = (typeof SHIPMENT_STEPS)[number];

/** The step that must come before each one. */
export const SHIPMENT_PREVIOUS_STEP: Record<ShipmentStep, (typeof SHIPMENT_STATUSES)[number]> = {
  loaded: 'awarded',
  on_the_way: 'loaded',
  delivered: 'on_the_way',
};

/** Who may set each step. */
export const SHIPMENT_STEP_ACTOR: Record<ShipmentStep, 'carrier' | 'owner'> = {
  loaded: 'carrier',
  on_the_way: 'carrier',
  delivered: 'owner',
};

export const shipmentStatusInput = z
  .object({ status: z.enum(SHIPMENT_STEPS, { error: 'one_of' }) })
  .meta({ examples: [{ status: 'on_the_way' }] });

/** A shipment's number in a path: one line of at most 40 characters (a NUL would reach the database as such). */
export const shipmentNumberParam = z
  .string()
  .trim()
  .min(1, { error: 'required' })
  .max(40, { error: 'too_long' })
  .refine((text) => !hasControlCharacters(text), { error: 'invalid' });

export const shipmentNumberParams = z.object({ number: shipmentNumberParam });

/** GET /api/shipments: the list (JSON), or with format=csv all of it as a file. */
export const shipmentListQuery = z.object({ format: listFormatParam });
export type ShipmentListQuery = z.input<typeof shipmentListQuery>;

export const shipment = z
  .object({
    number: z.string(),
    tender_id: z.number().int(),
    status: z.enum(SHIPMENT_STATUSES),
    role: z.enum(['owner', 'carrier']),
    description: z.string(),
    weight: z.number(),
    volume: z.number(),
    origin: z.string(),
    destination: z.string(),
    pickupDate: z.string(),
    deliveryDate: z.string(),
    requirements: z.string(),
    notes: z.string(),
    incoterms: z.string(),
    amount: z.number(),
    carrier_name: z.string(),
    carrier_phone: z.string(),
    owner_name: z.string(),
    vehicle: z
      .object({ type: z.enum(VEHICLE_TYPES), plate: z.string() })
      .nullable()
      .describe('The vehicle the winning bid named, as it was at the award; null when it named none'),
    loaded_at: z.string().nullable(),
    on_the_way_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
    created_at: z.string(),
  })
  .meta({
    examples: [
      {
        number: 'SH-000045',
        tender_id: 123,
        status: 'loaded',
        role: 'owner',
        description: 'Cement, 20 t',
        weight: 20000,
        volume: 30,
        origin: 'Tashkent',
        destination: 'Samarkand',
        pickupDate: '2026-12-01',
        deliveryDate: '2026-12-03',
        requirements: 'Tarpaulin truck',
        notes: '',
        incoterms: 'FCA Tashkent',
        amount: 1300,
        carrier_name: 'Aziz Rahimov',
        carrier_phone: '+998901234567',
        owner_name: 'Dilnoza Yusupova',
        vehicle: { type: 'Tented Truck', plate: '01 A 123 BC' },
        loaded_at: '2026-12-01T06:00:00.000Z',
        on_the_way_at: null,
        delivered_at: null,
        created_at: '2026-11-30T12:00:00.000Z',
      },
    ],
  });
export type Shipment = z.infer<typeof shipment>;

/** The key under which the web client keeps the chosen shipment number. */
export const SHIPMENT_STORAGE_KEY = 'shipment';
