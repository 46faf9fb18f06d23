import { z } from 'zod';
import { SHIPMENT_STATUSES } from './notifications.js';

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

export const shipmentStatusInput = z.object({ status: z.enum(SHIPMENT_STEPS, { error: 'one_of' }) });

export const shipmentNumberParams = z.object({
  number: z.string().trim().min(1, { error: 'required' }).max(40, { error: 'too_long' }),
});

export const shipment = z.object({
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
  loaded_at: z.string().nullable(),
  on_the_way_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Shipment = z.infer<typeof shipment>;

/** The key under which the web client keeps the chosen shipment number (spec: read from local storage). */
export const SHIPMENT_STORAGE_KEY = 'shipment';
