import { z } from 'zod';
import type { Language, WaybillStatus } from '@yuk/shared';
import { AppError } from '../../errors.js';

/**
 * Didox, the electronic document operator the e-waybill (document type 041, e-TTN) is formed and signed at,
 * through its partner API. EVERY shape of Didox's that the product relies on is in this file (the paths, the
 * headers, the JSON of the waybill, the answers, the status codes and the actions), so that a correction of
 * one assumption is made here once; decision 033 quotes each and says which are assumed.
 */
export interface DidoxSettings {
  /** DIDOX_API_BASE, e.g. https://testapi3.didox.uz */
  apiBase: string;
  /** DIDOX_PARTNER_TOKEN: sent as Partner-Authorization on every call. */
  partnerToken: string;
  /** How long one call may take before we answer 503 DIDOX_UNAVAILABLE; 10 s when absent. */
  timeoutMs?: number;
}

/** A party of the waybill: a company's STIR or a person's PINFL, and the name. */
export interface WaybillParty {
  tin: string;
  name: string;
}

export interface WaybillPlace {
  regionCode: string;
  regionName: string;
  districtCode: string;
  districtName: string;
  address: string;
  lat: number | null;
  lon: number | null;
}

export interface WaybillPerson {
  pinfl: string;
  fullName: string;
}

export interface WaybillLine {
  ikpu: string;
  name: string;
  packageCode: string;
  packageName: string;
  amount: number;
  /** So'm per unit, two decimals. */
  price: string;
  /** So'm, two decimals. */
  total: string;
  weightGross: number;
  weightNet: number;
}

/** Everything a waybill says, in our words; `didoxWaybillJson` writes it in Didox's. */
export interface WaybillData {
  number: string;
  /** YYYY-MM-DD */
  date: string;
  contract: { number: string; date: string };
  consignor: WaybillParty;
  consignee: WaybillParty;
  carrier: WaybillParty;
  truck: { plate: string; model: string } | null;
  trailer: { plate: string; model: string } | null;
  driver: WaybillPerson | null;
  loading: WaybillPlace | null;
  loadingTrustee: WaybillPerson | null;
  unloading: WaybillPlace | null;
  unloadingTrustee: WaybillPerson | null;
  lines: WaybillLine[];
  /** So'm, two decimals. */
  goodsTotal: string;
  totalDistanceKm: number | null;
  /** So'm, two decimals; null while no rate is known. */
  deliveryCost: string | null;
}

const point = (place: WaybillPlace | null) =>
  place && {
    RegionId: place.regionCode,
    RegionName: place.regionName,
    DistrictCode: place.districtCode,
    DistrictName: place.districtName,
    Address: place.address,
    Latitude: place.lat,
    Longitude: place.lon,
  };
const person = (who: WaybillPerson | null) => who && { Pinfl: who.pinfl, FullName: who.fullName };
const party = (prefix: string, who: WaybillParty) => ({
  [`${prefix}TinOrPinfl`]: who.tin,
  [`${prefix}Name`]: who.name,
  [`${prefix}BranchCode`]: '',
  [`${prefix}BranchName`]: '',
});

/**
 * The waybill as Didox's document type 041 (TTN) takes it: WaybillDoc, ContractDoc, Consignor, Consignee,
 * Carrier, Client, Payer, TransportType, Roadway { Truck, Trailer, Driver, ProductGroups [ LoadingPoint,
 * LoadingTrustee, UnloadingPoint, UnloadingTrustee, ProductInfo { Products } ] }, TotalDistance, DeliveryCost,
 * TotalDeliveryCost. Amounts are strings with two decimals, dates YYYY-MM-DD, absent objects null.
 */
export function didoxWaybillJson(data: WaybillData): Record<string, unknown> {
  return {
    WaybillLocalType: 0,
    DeliveryType: 2,
    WaybillDoc: { WaybillNo: data.number, WaybillDate: data.date },
    ContractDoc: { ContractNo: data.contract.number, ContractDate: data.contract.date },
    Consignor: party('Consignor', data.consignor),
    Consignee: party('Consignee', data.consignee),
    Carrier: party('Carrier', data.carrier),
    // the shipper orders the carriage and pays for it
    Client: party('Client', data.consignor),
    Payer: party('Payer', data.consignor),
    TransportType: 1,
    Roadway: {
      Truck: data.truck && { RegNo: data.truck.plate, Model: data.truck.model },
      Trailer: data.trailer && { RegNo: data.trailer.plate, Model: data.trailer.model },
      Driver: person(data.driver),
      ProductGroups: [
        {
          OrdNo: 1,
          LoadingPoint: point(data.loading),
          LoadingTrustee: person(data.loadingTrustee),
          UnloadingPoint: point(data.unloading),
          UnloadingTrustee: person(data.unloadingTrustee),
          ProductInfo: {
            TotalDeliverySum: data.goodsTotal,
            Products: data.lines.map((line, index) => ({
              OrdNo: index + 1,
              CatalogCode: line.ikpu,
              CatalogName: line.name,
              Name: line.name,
              PackageCode: line.packageCode,
              PackageName: line.packageName,
              Amount: line.amount,
              Price: line.price,
              DeliverySum: line.total,
              WeightBrutto: line.weightGross,
              WeightNetto: line.weightNet,
            })),
          },
        },
      ],
    },
    TotalDistance: data.totalDistanceKm,
    DeliveryCost: data.deliveryCost,
    TotalDeliveryCost: data.deliveryCost,
  };
}

/**
 * Didox's document status codes (`data.document.status`) as our waybill statuses: 0 draft; 1 waiting for the
 * partner (the consignor has signed); 3 signed and 140/240 accepted by the person responsible (the carrier);
 * 160 delivered to the consignee; 190 returned; 4 rejected. Anything else (deleted, invalid) is not a step of
 * ours: null, and the waybill keeps its status.
 */
export function waybillStatusOfCode(code: number): WaybillStatus | null {
  switch (code) {
    case 0:
      return 'draft';
    case 1:
      return 'consignor_signed';
    case 3:
    case 140:
    case 240:
      return 'carrier_accepted';
    case 160:
      return 'delivered';
    case 190:
      return 'returned';
    case 4:
      return 'rejected';
    default:
      return null;
  }
}

/** The actions of the person responsible (the carrier) on a waybill, as Didox names them for `tosign`. */
export const DIDOX_ACTIONS = { accept: 'responsibleAccept', deliver: 'responsibleGive' } as const;
export type DidoxAction = keyof typeof DIDOX_ACTIONS;

/** A waybill as Didox shows it to one side. */
export interface DidoxDocument {
  code: number;
  status: WaybillStatus | null;
  /** The reason Didox gives for a rejection (or another note of its status). */
  reason: string | null;
  /** What the owner signs: the document's JSON as text. */
  toSign: string | null;
}

export interface DidoxClient {
  /** POST /v1/dsvs/timestamp: attaches a timestamp token to what E-IMZO signed; gives `timeStampTokenB64`. */
  timestamp(pkcs7: string, signatureHex: string): Promise<string>;
  /** POST /v1/auth/{TIN}/token/{locale}: a company's session (its user-key) for its signed, stamped STIR. */
  openSession(tin: string, signature: string, lang: Language): Promise<string>;
  /** POST /v1/documents/041/create/{locale}: the draft; gives its `_id`. */
  createWaybill(userKey: string, document: Record<string, unknown>, lang: Language): Promise<string>;
  /** GET /v1/documents/{id}?owner=1|0: the document as the owner (1) or the other side (0) sees it. */
  getDocument(userKey: string, id: string, owner: boolean): Promise<DidoxDocument>;
  /** POST /v1/documents/{id}/tosign { action }: what the other side signs for an action. */
  toSign(userKey: string, id: string, action: DidoxAction): Promise<string>;
  /** POST /v1/documents/{id}/sign { signature[, action] }: the owner's signature, or the other side's action. */
  sign(userKey: string, id: string, signature: string, action?: DidoxAction): Promise<void>;
  /** GET /v1/documents/{id}/pdf/{locale}: the print form. */
  pdf(userKey: string, id: string, lang: Language): Promise<Buffer>;
}

/** Didox refused what we sent (a 4xx with its message): shown to the user beside our own words. */
export class DidoxRefusal extends AppError {
  constructor(readonly didoxMessage: string) {
    super('DIDOX_REFUSED', { params: { message: didoxMessage.slice(0, 500) } });
  }
}

/** The company's session (user-key) is no longer accepted: it must be opened again. */
export class DidoxSessionExpired extends AppError {
  constructor() {
    super('DIDOX_SESSION_REQUIRED');
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_JSON_BYTES = 2 * 1024 * 1024;
const MAX_PDF_BYTES = 20 * 1024 * 1024;

/** Didox speaks Russian and Uzbek; an English reader gets the Russian texts. */
const didoxLocale = (lang: Language) => (lang === 'uz' ? 'uz' : 'ru');

const messageAnswer = z.object({
  message: z.string().nullish(),
  error: z.union([z.string(), z.object({ message: z.string().nullish() })]).nullish(),
  errorDetails: z.object({ message: z.string().nullish() }).nullish(),
  data: z.object({ message: z.string().nullish() }).nullish(),
});

/** Didox's own words of a refusal, from whichever of its error envelopes it used. */
function refusalMessage(body: unknown): string {
  const parsed = messageAnswer.safeParse(body);
  if (!parsed.success) return '';
  const { message, error, errorDetails, data } = parsed.data;
  return (
    errorDetails?.message ??
    data?.message ??
    message ??
    (typeof error === 'string' ? error : (error?.message ?? null)) ??
    ''
  ).trim();
}

const timestampAnswer = z.object({ timeStampTokenB64: z.string().min(1) });
const tokenAnswer = z.object({ token: z.string().min(1) });
const createAnswer = z.object({ _id: z.string().min(1) });
const documentAnswer = z.object({
  data: z.object({
    document: z.object({
      status: z.coerce.number().int(),
      comment: z.string().nullish(),
    }),
    toSign: z.string().nullish(),
  }),
});
const toSignAnswer = z.object({ data: z.union([z.string(), z.record(z.string(), z.unknown())]) });

export function createDidoxClient(settings: DidoxSettings): DidoxClient {
  const base = settings.apiBase.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  /**
   * One call. Down, slow, a 5xx or an answer we cannot read: 503 DIDOX_UNAVAILABLE (nothing was changed here).
   * A 401 or 403 with a user-key: the session is no longer good. Another 4xx: Didox's refusal, with its message.
   */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    options: { userKey?: string; body?: unknown; binary?: boolean } = {},
  ): Promise<{ json: unknown; bytes: Buffer }> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          Accept: options.binary ? 'application/pdf' : 'application/json',
          'Partner-Authorization': settings.partnerToken,
          ...(options.userKey ? { 'user-key': options.userKey } : {}),
          ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch {
      throw new AppError('DIDOX_UNAVAILABLE');
    }
    let bytes: Buffer;
    try {
      bytes = await readLimited(response, options.binary ? MAX_PDF_BYTES : MAX_JSON_BYTES);
    } catch {
      throw new AppError('DIDOX_UNAVAILABLE');
    }
    let json: unknown = null;
    if (!options.binary || !response.ok) {
      try {
        json = bytes.length > 0 ? (JSON.parse(bytes.toString('utf8')) as unknown) : null;
      } catch {
        if (response.ok) throw new AppError('DIDOX_UNAVAILABLE');
      }
    }
    if (response.status >= 500) throw new AppError('DIDOX_UNAVAILABLE');
    if ((response.status === 401 || response.status === 403) && options.userKey) throw new DidoxSessionExpired();
    // a 401 or 403 without a user-key is about our partner token: the operator's setup, not the user's doing
    if (response.status === 401 || response.status === 403) throw new AppError('DIDOX_UNAVAILABLE');
    if (response.status >= 400) throw new DidoxRefusal(refusalMessage(json) || `HTTP ${response.status}`);
    return { json, bytes };
  }

  function read<T>(schema: z.ZodType<T>, json: unknown): T {
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new AppError('DIDOX_UNAVAILABLE');
    return parsed.data;
  }

  const documentPath = (id: string) => `/v1/documents/${encodeURIComponent(id)}`;

  return {
    async timestamp(pkcs7, signatureHex) {
      const { json } = await call('POST', '/v1/dsvs/timestamp', { body: { pkcs7, signatureHex } });
      return read(timestampAnswer, json).timeStampTokenB64;
    },

    async openSession(tin, signature, lang) {
      const { json } = await call('POST', `/v1/auth/${encodeURIComponent(tin)}/token/${didoxLocale(lang)}`, {
        body: { signature },
      });
      return read(tokenAnswer, json).token;
    },

    async createWaybill(userKey, document, lang) {
      const { json } = await call('POST', `/v1/documents/041/create/${didoxLocale(lang)}`, { userKey, body: document });
      return read(createAnswer, json)._id;
    },

    async getDocument(userKey, id, owner) {
      const { json } = await call('GET', `${documentPath(id)}?owner=${owner ? 1 : 0}`, { userKey });
      const { data } = read(documentAnswer, json);
      return {
        code: data.document.status,
        status: waybillStatusOfCode(data.document.status),
        reason: data.document.comment?.trim() || null,
        toSign: data.toSign ?? null,
      };
    },

    async toSign(userKey, id, action) {
      const { json } = await call('POST', `${documentPath(id)}/tosign`, {
        userKey,
        body: { action: DIDOX_ACTIONS[action], comment: '' },
      });
      const { data } = read(toSignAnswer, json);
      return typeof data === 'string' ? data : JSON.stringify(data);
    },

    async sign(userKey, id, signature, action) {
      await call('POST', `${documentPath(id)}/sign`, {
        userKey,
        body: action ? { signature, action: DIDOX_ACTIONS[action] } : { signature },
      });
    },

    async pdf(userKey, id, lang) {
      const { bytes } = await call('GET', `${documentPath(id)}/pdf/${didoxLocale(lang)}`, { userKey, binary: true });
      // a print form is a PDF; anything else is not passed on
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new AppError('DIDOX_UNAVAILABLE');
      return bytes;
    },
  };
}

/** The body, cut off (an error) past `max` bytes rather than read into memory. */
async function readLimited(response: Response, max: number): Promise<Buffer> {
  const length = Number(response.headers.get('content-length') ?? '0');
  if (length > max) throw new Error('answer too large');
  if (!response.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      throw new Error('answer too large');
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}
