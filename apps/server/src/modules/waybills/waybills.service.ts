import type { FastifyBaseLogger } from 'fastify';
import {
  centsToTiyin,
  EMPTY_WAYBILL_FIELDS,
  marketToday,
  missingWaybillFields,
  routeDistanceKm,
  shipmentStatusLink,
  soatoDistrict,
  soatoRegion,
  tiyinToSum,
  WAYBILL_CARRIER_FIELDS,
  WAYBILL_FINAL_STATUSES,
  WAYBILL_SHIPPER_FIELDS,
  waybillFields,
  waybillPdfFileName,
  type AwardSide,
  type Language,
  type WaybillFields,
  type WaybillInput,
  type WaybillRate,
  type WaybillSheet,
  type WaybillSignPurpose,
  type WaybillState,
  type WaybillStatus,
  type WaybillToSign,
} from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { cancelDue, scheduleDue } from '../../db/due-actions.js';
import { AppError } from '../../errors.js';
import type { EventBus } from '../../plugins/event-bus.js';
import { recordAudit } from '../audit/index.js';
import { companiesOfUsers } from '../companies/index.js';
import { announce, recordNotifications } from '../notifications/index.js';
import { findPartyShipment, findShipmentById } from '../shipments/index.js';
import type { CbuClient } from './cbu-client.js';
import {
  didoxWaybillJson,
  DidoxSessionExpired,
  type DidoxAction,
  type DidoxClient,
  type DidoxDocument,
  type WaybillData,
  type WaybillPlace,
} from './didox-client.js';
import * as repo from './waybills.repository.js';
import type { WaybillRow } from './waybills.tables.js';

/** A change of a waybill's status, for whoever listens (the shipment's timeline). */
export interface WaybillStatusChange {
  shipmentId: number;
  number: string;
  status: WaybillStatus;
  /** A rejection's reason, in the operator's words. */
  reason: string | null;
  /** Who made the step: a party here, or the operator. */
  by: AwardSide | 'operator';
  at: string;
}

export interface WaybillsContext {
  db: Db;
  bus: EventBus;
  /** Absent without DIDOX_API_BASE: the waybill reads, and says e-waybills are not set up. */
  didox: DidoxClient | undefined;
  /** Absent without CBU_RATES_URL: only the rates kept in the database are used. */
  cbu: CbuClient | undefined;
  now?: () => number;
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  /** Told of every change of a waybill's status, after it is stored. */
  onStatusChange?: (change: WaybillStatusChange) => void | Promise<void>;
}

type Shipment = Awaited<ReturnType<typeof findPartyShipment>>;

/** A company's session at the operator is opened again after this (Didox keeps one 360 minutes). */
export const DIDOX_SESSION_MAX_AGE_MS = 5 * 60 * 60_000;
/** A rate older than this, counted from the waybill's date, is not used. */
export const RATE_MAX_AGE_DAYS = 3;
/** How often a formed waybill's status is read again from the operator. */
export const WAYBILL_REFRESH_MS = 5 * 60_000;
/** After the bank could not be read, it is not asked again for this long. */
const CBU_RETRY_MS = 10 * 60_000;
/** How long one call may hold the forming of a document. */
const CREATING_CLAIM_MS = 60_000;

const nowMsOf = (ctx: WaybillsContext) => ctx.now?.() ?? Date.now();
const isoNow = (ctx: WaybillsContext) => new Date(nowMsOf(ctx)).toISOString();
const sideOf = (shipment: Shipment, userId: number): AwardSide => (shipment.owner_id === userId ? 'owner' : 'carrier');

/** A waybill that cannot be formed yet: the 409 names the fields still missing. */
export class WaybillIncomplete extends AppError {
  constructor(readonly missing: string[]) {
    super('WAYBILL_INCOMPLETE', { fields: Object.fromEntries(missing.map((name) => [name, 'required'])) });
  }
}

// ------------------------------------------------------------------------------------------------
// The fields

function parseJson(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Both sides' stored fields as one, the missing ones null (what was stored passed the schema then). */
function fieldsOf(row: WaybillRow | undefined): WaybillFields {
  if (!row) return EMPTY_WAYBILL_FIELDS;
  const parsed = waybillFields.safeParse({
    ...EMPTY_WAYBILL_FIELDS,
    ...parseJson(row.carrier_fields),
    ...parseJson(row.shipper_fields),
  });
  return parsed.success ? parsed.data : EMPTY_WAYBILL_FIELDS;
}

// ------------------------------------------------------------------------------------------------
// The Central Bank's rate

const cbuFailedAt = new WeakMap<Db, number>();

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);

/**
 * The dollar's rate for a waybill of `day`: the bank is read at most once a day (and not again for a while
 * after a failure), every rate read is kept; the newest kept on or before the day is used, unless it is more
 * than three days older than the day.
 */
async function usdRate(ctx: WaybillsContext, day: string): Promise<WaybillRate | null> {
  const nowMs = nowMsOf(ctx);
  const last = await repo.lastRateFetch(ctx.db, 'USD');
  const fetchedToday = last !== undefined && marketToday(new Date(last)) === marketToday(new Date(nowMs));
  const failedAt = cbuFailedAt.get(ctx.db);
  if (ctx.cbu && !fetchedToday && (failedAt === undefined || nowMs - failedAt > CBU_RETRY_MS)) {
    const fresh = await ctx.cbu.usdRate(day);
    if (fresh) await repo.saveRate(ctx.db, 'USD', fresh.date, fresh.rate, new Date(nowMs).toISOString());
    else {
      cbuFailedAt.set(ctx.db, nowMs);
      ctx.log?.warn({ day }, 'the Central Bank rates could not be read');
    }
  }
  const kept = await repo.findRateOnOrBefore(ctx.db, 'USD', day);
  if (!kept || dayMs(day) - dayMs(kept.rate_date) > RATE_MAX_AGE_DAYS * 86_400_000) return null;
  return { rate: kept.rate, date: kept.rate_date };
}

// ------------------------------------------------------------------------------------------------
// The document

function place(point: WaybillFields['loading_point'], lang: Language): WaybillPlace | null {
  if (!point) return null;
  return {
    regionCode: point.region_code,
    regionName: soatoRegion(point.region_code)?.names[lang] ?? point.region_code,
    districtCode: point.district_code,
    districtName: soatoDistrict(point.district_code)?.names[lang] ?? point.district_code,
    address: point.address,
    lat: point.lat ?? null,
    lon: point.lon ?? null,
  };
}

interface Built {
  data: WaybillData;
  missing: string[];
  routeKm: number | null;
}

/** The waybill in our words, from the shipment, both companies, both sides' fields and the rate. */
async function buildData(
  ctx: WaybillsContext,
  shipment: Shipment,
  fields: WaybillFields,
  date: string,
  deliveryTiyin: number | null,
): Promise<Built> {
  const companies = await companiesOfUsers(ctx.db, [shipment.owner_id, shipment.carrier_id]);
  const owner = companies.get(shipment.owner_id);
  const carrier = companies.get(shipment.carrier_id);
  const routeKm = routeDistanceKm(shipment.origin, shipment.destination);
  const missing: string[] = [];
  if (!owner?.stir) missing.push('consignor');
  if (!carrier?.stir) missing.push('carrier');
  missing.push(...missingWaybillFields(fields, routeKm));
  const consignor = { tin: owner?.stir ?? '', name: owner?.name ?? '' };
  let goodsTiyin = 0;
  const lines = fields.goods.map((good) => {
    const priceTiyin = Math.round(good.price * 100);
    const totalTiyin = Math.round(good.amount * good.price * 100);
    goodsTiyin += totalTiyin;
    return {
      ikpu: good.ikpu,
      name: good.name,
      packageCode: good.package_code,
      packageName: good.package_name,
      amount: good.amount,
      price: tiyinToSum(priceTiyin),
      total: tiyinToSum(totalTiyin),
      weightGross: good.weight_gross,
      weightNet: good.weight_net,
    };
  });
  const lang: Language = 'uz';
  const data: WaybillData = {
    number: shipment.number,
    date,
    contract: { number: shipment.number, date: marketToday(new Date(shipment.created_at)) },
    consignor,
    consignee: fields.consignee ? { tin: fields.consignee.tin, name: fields.consignee.name } : consignor,
    carrier: { tin: carrier?.stir ?? '', name: carrier?.name ?? '' },
    truck: fields.truck,
    trailer: fields.trailer,
    driver: fields.driver && { pinfl: fields.driver.pinfl, fullName: fields.driver.full_name },
    loading: place(fields.loading_point, lang),
    loadingTrustee: fields.loading_trustee && {
      pinfl: fields.loading_trustee.pinfl,
      fullName: fields.loading_trustee.full_name,
    },
    unloading: place(fields.unloading_point, lang),
    unloadingTrustee: fields.unloading_trustee && {
      pinfl: fields.unloading_trustee.pinfl,
      fullName: fields.unloading_trustee.full_name,
    },
    lines,
    goodsTotal: tiyinToSum(goodsTiyin),
    totalDistanceKm: fields.total_distance_km ?? routeKm,
    deliveryCost: deliveryTiyin === null ? null : tiyinToSum(deliveryTiyin),
  };
  return { data, missing, routeKm };
}

/** The sheet the parties read: the waybill in their language. */
function sheetOf(data: WaybillData, fields: WaybillFields, lang: Language): WaybillSheet {
  const sheetPlace = (point: WaybillFields['loading_point'], trustee: WaybillData['loadingTrustee']) => {
    const named = place(point, lang);
    return (
      named && {
        region: named.regionName,
        district: named.districtName,
        address: named.address,
        trustee: trustee ? `${trustee.fullName} (${trustee.pinfl})` : null,
      }
    );
  };
  return {
    number: data.number,
    date: data.date,
    contract: data.contract,
    consignor: data.consignor,
    consignee: data.consignee,
    carrier: data.carrier,
    truck: data.truck,
    trailer: data.trailer,
    driver: fields.driver,
    loading: sheetPlace(fields.loading_point, data.loadingTrustee),
    unloading: sheetPlace(fields.unloading_point, data.unloadingTrustee),
    goods: data.lines.map((line) => ({
      ikpu: line.ikpu,
      name: line.name,
      package_name: line.packageName,
      amount: line.amount,
      price: line.price,
      total: line.total,
      weight_gross: line.weightGross,
      weight_net: line.weightNet,
    })),
    goods_total: data.goodsTotal,
    weight_gross_total: data.lines.reduce((sum, line) => sum + line.weightGross, 0),
    total_distance_km: data.totalDistanceKm,
    delivery_cost: data.deliveryCost,
  };
}

function nextStep(side: AwardSide, status: WaybillStatus): Exclude<WaybillSignPurpose, 'session'> | null {
  if (side === 'owner' && status === 'draft') return 'sign';
  if (side === 'carrier' && status === 'consignor_signed') return 'accept';
  if (side === 'carrier' && status === 'carrier_accepted') return 'deliver';
  return null;
}

// ------------------------------------------------------------------------------------------------
// Reading

/** The waybill of a shipment of mine (owner or carrier) as it stands; anyone else's is 404. */
export async function getWaybill(
  ctx: WaybillsContext,
  userId: number,
  number: string,
  lang: Language,
): Promise<WaybillState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  return stateOf(ctx, shipment, userId, lang);
}

async function stateOf(
  ctx: WaybillsContext,
  shipment: Shipment,
  userId: number,
  lang: Language,
): Promise<WaybillState> {
  const row = await repo.findWaybill(ctx.db, shipment.id);
  const fields = fieldsOf(row);
  const formed = row?.didox_id ? row : undefined;
  const date = formed?.waybill_date ?? marketToday(new Date(nowMsOf(ctx)));
  const rate: WaybillRate | null =
    formed?.rate && formed.rate_date
      ? { rate: formed.rate, date: formed.rate_date }
      : ctx.didox
        ? await usdRate(ctx, date)
        : null;
  const deliveryTiyin = formed?.delivery_cost_tiyin
    ? Number(formed.delivery_cost_tiyin)
    : rate
      ? centsToTiyin(shipment.amount_cents, rate.rate)
      : null;
  const { data, missing, routeKm } = await buildData(ctx, shipment, fields, date, deliveryTiyin);
  const status = row?.status ?? 'not_created';
  const side = sideOf(shipment, userId);
  const events = row ? await repo.listEvents(ctx.db, row.id) : [];
  return {
    number: shipment.number,
    enabled: ctx.didox !== undefined,
    my_side: side,
    status,
    status_reason: row?.status_reason ?? null,
    didox_id: row?.didox_id ?? null,
    rate,
    missing: formed ? [] : missing,
    fields,
    route_distance_km: routeKm,
    next_step: ctx.didox ? nextStep(side, status) : null,
    document: formed?.document ? parseJson(formed.document) : didoxWaybillJson(data),
    sheet: sheetOf(data, fields, lang),
    history: events.map((event) => ({ at: event.at, status: event.status, by: event.by_side, note: event.note })),
  };
}

// ------------------------------------------------------------------------------------------------
// Filling in

/**
 * My side's fields: the carrier gives the driver, truck and trailer, the shipper the rest; a field of the
 * other side is 403 WAYBILL_NOT_YOUR_PART. Only while the waybill is not formed (409 WAYBILL_LOCKED).
 */
export async function updateWaybill(
  ctx: WaybillsContext,
  userId: number,
  number: string,
  input: WaybillInput,
  lang: Language,
): Promise<WaybillState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const side = sideOf(shipment, userId);
  const mine: readonly string[] = side === 'carrier' ? WAYBILL_CARRIER_FIELDS : WAYBILL_SHIPPER_FIELDS;
  const given = Object.keys(input).filter((key) => input[key as keyof WaybillInput] !== undefined);
  const theirs = given.filter((key) => !mine.includes(key));
  if (theirs.length > 0) {
    throw new AppError('WAYBILL_NOT_YOUR_PART', {
      fields: Object.fromEntries(theirs.map((key) => [key, 'invalid'])),
    });
  }
  const at = isoNow(ctx);
  await ctx.db.transaction().execute(async (trx) => {
    const row = await repo.ensureWaybill(trx, shipment.id, at);
    if (row.didox_id) throw new AppError('WAYBILL_LOCKED');
    const column = side === 'carrier' ? 'carrier_fields' : 'shipper_fields';
    const stored = parseJson(row[column]);
    for (const key of given) stored[key] = input[key as keyof WaybillInput];
    if (!(await repo.writeFields(trx, row.id, column, JSON.stringify(stored), at))) {
      throw new AppError('WAYBILL_LOCKED');
    }
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'shipment.waybill_updated',
      subject: { type: 'shipment', id: shipment.number },
      details: { side, fields: given.join(',') },
    });
  });
  return stateOf(ctx, shipment, userId, lang);
}

// ------------------------------------------------------------------------------------------------
// The operator

function didoxOf(ctx: WaybillsContext): DidoxClient {
  if (!ctx.didox) throw new AppError('WAYBILLS_NOT_SET_UP');
  return ctx.didox;
}

/** The caller's company STIR, which its session at the operator is opened for. */
async function companyStir(ctx: WaybillsContext, userId: number): Promise<string> {
  const company = (await companiesOfUsers(ctx.db, [userId])).get(userId);
  if (!company?.stir) throw new WaybillIncomplete(['company']);
  return company.stir;
}

/** The company's session, when it is open and young enough; undefined when it must be opened (again). */
async function liveSession(ctx: WaybillsContext, stir: string) {
  const session = await repo.findSession(ctx.db, stir);
  if (!session || nowMsOf(ctx) - Date.parse(session.opened_at) > DIDOX_SESSION_MAX_AGE_MS) return undefined;
  return session;
}

/** A call with the company's session; a session the operator no longer accepts is dropped (to be opened again). */
async function withSession<T>(ctx: WaybillsContext, stir: string, call: (userKey: string) => Promise<T>): Promise<T> {
  const session = await liveSession(ctx, stir);
  if (!session) throw new DidoxSessionExpired();
  try {
    return await call(session.token);
  } catch (error) {
    if (error instanceof DidoxSessionExpired) await repo.dropSession(ctx.db, stir, session.token);
    throw error;
  }
}

/**
 * Forms the waybill at the operator as a draft (the shipper, with the company's open session): 409
 * WAYBILL_INCOMPLETE with what is missing, 409 WAYBILL_EXISTS once formed (or while another call forms it),
 * 503 RATE_UNAVAILABLE without a recent rate, 503 DIDOX_UNAVAILABLE when the operator does not answer (nothing
 * changes: try again).
 */
export async function createWaybill(
  ctx: WaybillsContext,
  userId: number,
  number: string,
  lang: Language,
): Promise<WaybillState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const didox = didoxOf(ctx);
  if (sideOf(shipment, userId) !== 'owner') throw new AppError('WAYBILL_NOT_YOUR_PART');
  const nowMs = nowMsOf(ctx);
  const at = new Date(nowMs).toISOString();
  const row = await repo.ensureWaybill(ctx.db, shipment.id, at);
  if (row.didox_id) throw new AppError('WAYBILL_EXISTS');
  const date = marketToday(new Date(nowMs));
  const fields = fieldsOf(row);
  const first = await buildData(ctx, shipment, fields, date, null);
  if (first.missing.length > 0) throw new WaybillIncomplete(first.missing);
  const rate = await usdRate(ctx, date);
  if (!rate) throw new AppError('RATE_UNAVAILABLE');
  const deliveryTiyin = centsToTiyin(shipment.amount_cents, rate.rate);
  const { data } = await buildData(ctx, shipment, fields, date, deliveryTiyin);
  const document = didoxWaybillJson(data);
  const stir = data.consignor.tin;
  if (!(await liveSession(ctx, stir))) throw new DidoxSessionExpired();
  if (!(await repo.claimCreating(ctx.db, row.id, nowMs, nowMs + CREATING_CLAIM_MS))) {
    throw new AppError('WAYBILL_EXISTS');
  }
  let didoxId: string;
  try {
    didoxId = await withSession(ctx, stir, (key) => didox.createWaybill(key, document, lang));
  } catch (error) {
    await repo.releaseCreating(ctx.db, row.id);
    throw error;
  }
  await ctx.db.transaction().execute(async (trx) => {
    await repo.updateWaybill(trx, row.id, {
      didox_id: didoxId,
      status: 'draft',
      didox_status: 0,
      document: JSON.stringify(document),
      waybill_date: date,
      rate: rate.rate,
      rate_date: rate.date,
      delivery_cost_tiyin: String(deliveryTiyin),
      creating_until_ms: 0,
      updated_at: at,
    });
    await repo.addEvent(trx, { waybill_id: row.id, at, status: 'draft', by_side: 'owner', note: null });
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'shipment.waybill_created',
      subject: { type: 'shipment', id: shipment.number },
      details: { didox_id: didoxId, rate: rate.rate, rate_date: rate.date },
    });
    await scheduleDue(trx, 'waybill_refresh', row.id, nowMs + WAYBILL_REFRESH_MS);
  });
  await tellStatus(ctx, {
    shipmentId: shipment.id,
    number: shipment.number,
    status: 'draft',
    reason: null,
    by: 'owner',
    at,
  });
  await refreshQuietly(ctx, row.id);
  return stateOf(ctx, shipment, userId, lang);
}

/** What the caller signs now: the company's STIR when its session must be opened, else the waybill's next step. */
async function currentPurpose(
  ctx: WaybillsContext,
  shipment: Shipment,
  userId: number,
): Promise<{ purpose: WaybillSignPurpose; stir: string; row: WaybillRow | undefined }> {
  const stir = await companyStir(ctx, userId);
  const row = await repo.findWaybill(ctx.db, shipment.id);
  if (!(await liveSession(ctx, stir))) return { purpose: 'session', stir, row };
  const step = row?.didox_id ? nextStep(sideOf(shipment, userId), row.status) : null;
  if (!step) throw new AppError('WAYBILL_NOTHING_TO_SIGN');
  return { purpose: step, stir, row };
}

const STEP_ACTION: Record<'accept' | 'deliver', DidoxAction> = { accept: 'accept', deliver: 'deliver' };

/** GET …/waybill/to-sign: what the caller's E-IMZO signs next, as base64 and as text. */
export async function waybillToSign(ctx: WaybillsContext, userId: number, number: string): Promise<WaybillToSign> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const didox = didoxOf(ctx);
  const { purpose, stir, row } = await currentPurpose(ctx, shipment, userId);
  let text: string;
  if (purpose === 'session') text = stir;
  else {
    const id = row?.didox_id ?? '';
    text =
      purpose === 'sign'
        ? ((await withSession(ctx, stir, (key) => didox.getDocument(key, id, true))).toSign ?? row?.document ?? '')
        : await withSession(ctx, stir, (key) => didox.toSign(key, id, STEP_ACTION[purpose]));
  }
  return { purpose, text, data_base64: Buffer.from(text, 'utf8').toString('base64') };
}

/**
 * POST …/waybill/signatures: the operator timestamps what E-IMZO signed, then the call it is for is made: the
 * company's session opened, the waybill signed by the shipper, or accepted or handed over by the carrier. The
 * status is read again at once.
 */
export async function signWaybill(
  ctx: WaybillsContext,
  userId: number,
  number: string,
  input: { pkcs7: string; signature_hex: string },
  lang: Language,
): Promise<WaybillState> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const didox = didoxOf(ctx);
  const side = sideOf(shipment, userId);
  const { purpose, stir, row } = await currentPurpose(ctx, shipment, userId);
  const stamped = await didox.timestamp(input.pkcs7, input.signature_hex);
  const at = isoNow(ctx);
  if (purpose === 'session') {
    const token = await didox.openSession(stir, stamped, lang);
    await ctx.db.transaction().execute(async (trx) => {
      await repo.saveSession(trx, stir, token, at);
      await recordAudit(trx, {
        actorUserId: userId,
        action: 'company.didox_session',
        subject: { type: 'shipment', id: shipment.number },
        details: { stir },
      });
    });
    return stateOf(ctx, shipment, userId, lang);
  }
  const id = row?.didox_id ?? '';
  await withSession(ctx, stir, (key) =>
    purpose === 'sign' ? didox.sign(key, id, stamped) : didox.sign(key, id, stamped, STEP_ACTION[purpose]),
  );
  await recordAudit(ctx.db, {
    actorUserId: userId,
    action: 'shipment.waybill_signed',
    subject: { type: 'shipment', id: shipment.number },
    details: { side, step: purpose, didox_id: id },
  });
  if (row) await refreshQuietly(ctx, row.id, side);
  return stateOf(ctx, shipment, userId, lang);
}

/** GET …/waybill.pdf: the operator's print form, read with the caller's company session. */
export async function waybillPdf(
  ctx: WaybillsContext,
  userId: number,
  number: string,
  lang: Language,
): Promise<{ fileName: string; pdf: Buffer }> {
  const shipment = await findPartyShipment(ctx.db, userId, number);
  const didox = didoxOf(ctx);
  const row = await repo.findWaybill(ctx.db, shipment.id);
  if (!row?.didox_id) throw new AppError('WAYBILL_NOT_FOUND');
  const id = row.didox_id;
  const stir = await companyStir(ctx, userId);
  const pdf = await withSession(ctx, stir, (key) => didox.pdf(key, id, lang));
  return { fileName: waybillPdfFileName(shipment.number), pdf };
}

// ------------------------------------------------------------------------------------------------
// The status, from the operator

async function tellStatus(ctx: WaybillsContext, change: WaybillStatusChange): Promise<void> {
  try {
    await ctx.onStatusChange?.(change);
  } catch (error) {
    ctx.log?.warn({ err: error, change }, 'a listener of waybill statuses failed');
  }
}

/** Reads the document from the operator with whichever side has a session (the owner's first). */
async function readDocument(
  ctx: WaybillsContext,
  didox: DidoxClient,
  shipmentId: number,
  didoxId: string,
): Promise<DidoxDocument | null> {
  const shipment = await findShipmentById(ctx.db, shipmentId);
  if (!shipment) return null;
  const companies = await companiesOfUsers(ctx.db, [shipment.owner_id, shipment.carrier_id]);
  for (const [userId, owner] of [
    [shipment.owner_id, true],
    [shipment.carrier_id, false],
  ] as const) {
    const stir = companies.get(userId)?.stir;
    if (!stir || !(await liveSession(ctx, stir))) continue;
    try {
      return await withSession(ctx, stir, (key) => didox.getDocument(key, didoxId, owner));
    } catch (error) {
      if (!(error instanceof DidoxSessionExpired)) throw error;
    }
  }
  return null;
}

/**
 * Reads a formed waybill's status from the operator and keeps a change (history, audit trail, listeners).
 * Once the owner has confirmed the delivery here while the waybill is not yet delivered, the carrier (the
 * person responsible) is asked, once, to hand it over on the waybill. Returns the status, or null when the
 * operator could not be asked (no session of either side).
 */
export async function refreshWaybill(
  ctx: WaybillsContext,
  waybillId: number,
  by: AwardSide | 'operator' = 'operator',
): Promise<WaybillStatus | null> {
  const didox = didoxOf(ctx);
  const row = await repo.findWaybillById(ctx.db, waybillId);
  if (!row?.didox_id) return null;
  const document = await readDocument(ctx, didox, row.shipment_id, row.didox_id);
  const shipment = await findShipmentById(ctx.db, row.shipment_id);
  if (!document || !shipment) return null;
  const at = isoNow(ctx);
  const status = document.status ?? row.status;
  const changed = document.status !== null && document.status !== row.status;
  const reason = status === 'rejected' ? document.reason : null;
  const askCarrier =
    shipment.status === 'delivered' &&
    !row.delivery_asked_at &&
    !WAYBILL_FINAL_STATUSES.includes(status) &&
    status !== 'not_created';
  const told = await ctx.db.transaction().execute(async (trx) => {
    await repo.updateWaybill(trx, row.id, {
      didox_status: document.code,
      ...(changed ? { status, status_reason: reason, updated_at: at } : {}),
      ...(askCarrier ? { delivery_asked_at: at } : {}),
    });
    if (changed) {
      await repo.addEvent(trx, { waybill_id: row.id, at, status, by_side: by, note: reason });
      await recordAudit(trx, {
        actorUserId: null,
        action: 'shipment.waybill_status',
        subject: { type: 'shipment', id: shipment.number },
        details: { status, didox_status: document.code, reason },
        origin: null,
      });
    }
    if (!askCarrier) return [];
    return recordNotifications(trx, [
      {
        userId: shipment.carrier_id,
        kind: 'waybill_delivery_asked',
        params: { number: shipment.number },
        link: shipmentStatusLink(shipment.number),
      },
    ]);
  });
  await announce(ctx.bus, told);
  if (changed) await tellStatus(ctx, { shipmentId: shipment.id, number: shipment.number, status, reason, by, at });
  return status;
}

/** A refresh right after our own call: its failure changes nothing (the schedule reads it again). */
async function refreshQuietly(ctx: WaybillsContext, waybillId: number, by: AwardSide | 'operator' = 'operator') {
  try {
    await refreshWaybill(ctx, waybillId, by);
  } catch (error) {
    ctx.log?.warn({ err: error, waybillId }, 'the waybill status was not read; the schedule reads it again');
  }
}

/**
 * Reads a shipment's waybill again now (nothing when it is not formed, or e-waybills are not set up): for a
 * caller that knows the shipment moved, e.g. right after the owner confirmed the delivery, so that the carrier
 * is asked at once rather than at the next scheduled refresh.
 */
export async function refreshWaybillOfShipment(ctx: WaybillsContext, shipmentId: number): Promise<void> {
  if (!ctx.didox) return;
  const row = await repo.findWaybill(ctx.db, shipmentId);
  if (row?.didox_id) await refreshQuietly(ctx, row.id);
}

/** Does one claimed refresh: again later while the waybill can still change, never again once it cannot. */
export async function refreshDue(ctx: WaybillsContext, waybillId: number): Promise<void> {
  let status: WaybillStatus | null = null;
  try {
    status = await refreshWaybill(ctx, waybillId);
  } catch (error) {
    ctx.log?.warn({ err: error, waybillId }, 'the waybill status was not read; tried again later');
  }
  if (status && WAYBILL_FINAL_STATUSES.includes(status)) await cancelDue(ctx.db, 'waybill_refresh', waybillId);
  else await scheduleDue(ctx.db, 'waybill_refresh', waybillId, nowMsOf(ctx) + WAYBILL_REFRESH_MS);
}
