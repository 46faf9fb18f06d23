import type { Generated, Selectable } from 'kysely';
import type { AwardSide, WaybillStatus } from '@yuk/shared';

/** A shipment's e-waybill: both sides' fields, and once formed, its operator's id, status and the rate used. */
export interface WaybillsTable {
  id: Generated<number>;
  shipment_id: number;
  /** JSON of the carrier's fields (driver, truck, trailer). */
  carrier_fields: string;
  /** JSON of the shipper's fields (consignee, points, trustees, goods, distance). */
  shipper_fields: string;
  status: WaybillStatus;
  /** A rejection's reason, in the operator's words. */
  status_reason: string | null;
  /** The operator's (Didox's) id of the document, once formed. */
  didox_id: string | null;
  /** The operator's own status code, as last read. */
  didox_status: number | null;
  /** While a call forms the document at the operator, no second one may (a claim that runs out). */
  creating_until_ms: Generated<number>;
  /** The JSON document as sent to the operator. */
  document: string | null;
  /** The waybill's date (YYYY-MM-DD, Tashkent), the day it was formed. */
  waybill_date: string | null;
  rate: string | null;
  rate_date: string | null;
  /** The delivery cost in tiyin (text: it can exceed 32 bits). */
  delivery_cost_tiyin: string | null;
  /** When the carrier was asked to confirm the delivery on the waybill (the owner confirmed it here). */
  delivery_asked_at: string | null;
  created_at: string;
  updated_at: string;
}

/** One step of a waybill's history. */
export interface WaybillEventsTable {
  id: Generated<number>;
  waybill_id: number;
  at: string;
  status: WaybillStatus;
  by_side: AwardSide | 'operator';
  note: string | null;
}

/** A company's session at the operator: the user-key it gave for the company's signed STIR. */
export interface DidoxSessionsTable {
  company_stir: string;
  token: string;
  opened_at: string;
}

/** The Central Bank's rate of a currency on a day, as fetched. */
export interface CurrencyRatesTable {
  ccy: string;
  rate_date: string;
  rate: string;
  fetched_at: string;
}

export interface WaybillsTables {
  waybills: WaybillsTable;
  waybill_events: WaybillEventsTable;
  didox_sessions: DidoxSessionsTable;
  currency_rates: CurrencyRatesTable;
}

export type WaybillRow = Selectable<WaybillsTable>;
