import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import {
  apiPaths,
  pathTo,
  type MyBid,
  type Notification,
  type PlacedBid,
  type Shipment,
  type Tender,
  type TenderBid,
  type User,
  type Vehicle,
} from '@yuk/shared';
import { api, buildTestApp, urlOf } from '../helpers.js';
import { createTender, buildTenderInput } from '../factories/index.js';
import { createVehicle, pdfFile, sendVehicleForm, vehicleFields } from '../factories/index.js';
import { quickUsers } from '../factories/index.js';
import { startFakeEimzo } from '../fakes/eimzo-server.js';
import { startFakeDidox } from '../../../../scripts/fake-didox.mjs';
import {
  HTTP_METHODS,
  isStreamOperation,
  listOperations,
  operationKey,
  printFigure,
  PUBLIC_OPERATIONS,
  type Operation,
} from './support.js';

/**
 * Access matrix (ASVS 4.1–4.3; IDOR and mass assignment): users A and B and an anonymous caller try every
 * documented route with every verb against every kind of object A owns. B and the anonymous caller never
 * get a 2xx on anything private to A, nobody ever gets a 5xx, A can use all of it, and fields a client may
 * not set (owner, status, number, counters, timestamps) are never taken from a body.
 */
// ERI-Key answers from a stand-in E-IMZO-SERVER: unconfigured, its routes would answer 503 by design
const eimzo = await startFakeEimzo();
afterAll(() => eimzo.close());
// and the e-waybill's Didox from its stand-in: unconfigured, the waybill's calls would answer 503 by design
const didox = await startFakeDidox();
afterAll(() => didox.close());
const { app, database } = await buildTestApp({
  logLevel: 'silent',
  eimzo: { serverUrl: eimzo.url, host: 'yuktender.test' },
  didox: { apiBase: didox.url, partnerToken: didox.partnerToken },
  waybillRefreshTickMs: 0,
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
const users = await quickUsers(database, 3);
const A = users[0]!;
const B = users[1]!;
const C = users[2]!;

type Identity = 'A' | 'B' | 'anonymous';
const tokenOf = (who: Identity) => (who === 'A' ? A.accessToken : who === 'B' ? B.accessToken : undefined);

let amount = 90_000;
const nextAmount = () => (amount -= 7);

const post = async <T>(token: string, url: string, payload?: object) => {
  const res = await api(app, { method: 'POST', url, token, ...(payload ? { payload } : {}) });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json<T>();
};

// ---------------------------------------------------------------------------------------------------
// A's objects, made fresh on demand (actions that change or delete an object get their own copy)

type ObjectKind =
  | 'tender-opened'
  | 'tender-draft'
  | 'tender-closed'
  | 'tender-awarded'
  | 'tender-of-C-with-A-bid'
  | 'vehicle'
  | 'notification'
  | 'shipment-A-owner'
  | 'shipment-A-carrier'
  | 'file-link'
  | 'file-no-signature'
  | 'file-forged'
  | 'bid-of-A-awarded'
  | 'company-of-A'
  | 'report-by-A'
  | 'saved-search'
  | 'push-subscription'
  | 'dead-delivery'
  | 'session-of-A'
  | 'track-link'
  | 'question-on-A-tender';

interface Fixture {
  kind: ObjectKind;
  /** Path parameters for this object. */
  params: Record<string, string | number>;
  /** Query string (signed file links). */
  query?: string;
  /** A bid of this tender, for the award body. */
  bidId?: number;
}

async function openedWithBid(): Promise<{ tender: Tender; bid: PlacedBid }> {
  const tender = await createTender(app, A.accessToken, { initial_price: 100_000 });
  const bid = await post<PlacedBid>(C.accessToken, pathTo(apiPaths.tenders.bids, { id: tender.id }), {
    bid_amount: nextAmount(),
  });
  return { tender, bid };
}

async function awarded(
  owner: typeof A,
  carrier: typeof A,
): Promise<{ tender: Tender; bid: PlacedBid; shipment: string }> {
  const tender = await createTender(app, owner.accessToken, { initial_price: 100_000 });
  const bid = await post<PlacedBid>(carrier.accessToken, pathTo(apiPaths.tenders.bids, { id: tender.id }), {
    bid_amount: nextAmount(),
  });
  await post(owner.accessToken, pathTo(apiPaths.tenders.award, { id: tender.id }), { bid_id: bid.id });
  await post(carrier.accessToken, pathTo(apiPaths.bids.confirm, { id: bid.id }));
  return { tender, bid, shipment: tender.number };
}

const vehicleLink = (vehicle: Vehicle) => new URL(vehicle.documents.registration ?? '', 'http://x');

async function make(kind: ObjectKind): Promise<Fixture> {
  switch (kind) {
    case 'tender-opened': {
      const { tender, bid } = await openedWithBid();
      return { kind, params: { id: tender.id }, bidId: bid.id };
    }
    case 'tender-draft': {
      const tender = await createTender(app, A.accessToken, { status: 'draft' });
      return { kind, params: { id: tender.id }, bidId: 2_000_000_000 };
    }
    case 'tender-closed': {
      const { tender, bid } = await openedWithBid();
      await post(A.accessToken, pathTo(apiPaths.tenders.close, { id: tender.id }));
      return { kind, params: { id: tender.id }, bidId: bid.id };
    }
    case 'tender-awarded': {
      const { tender, bid } = await awarded(A, C);
      return { kind, params: { id: tender.id }, bidId: bid.id };
    }
    case 'tender-of-C-with-A-bid': {
      const tender = await createTender(app, C.accessToken, { initial_price: 100_000 });
      const bid = await post<PlacedBid>(A.accessToken, pathTo(apiPaths.tenders.bids, { id: tender.id }), {
        bid_amount: nextAmount(),
      });
      return { kind, params: { id: tender.id }, bidId: bid.id };
    }
    case 'bid-of-A-awarded': {
      // C's tender, awarded to A's bid: A is to confirm or decline
      const tender = await createTender(app, C.accessToken, { initial_price: 100_000 });
      const bid = await post<PlacedBid>(A.accessToken, pathTo(apiPaths.tenders.bids, { id: tender.id }), {
        bid_amount: nextAmount(),
      });
      await post(C.accessToken, pathTo(apiPaths.tenders.award, { id: tender.id }), { bid_id: bid.id });
      return { kind, params: { id: bid.id } };
    }
    case 'company-of-A': {
      const { putCompany } = await import('../factories/index.js');
      const company = (await putCompany(app, A.accessToken)).json<{ id: number }>();
      return { kind, params: { id: company.id } };
    }
    case 'report-by-A': {
      const tender = await createTender(app, C.accessToken);
      const filed = await post<{ id: number }>(A.accessToken, apiPaths.reports.collection, {
        subject_type: 'tender',
        subject_id: tender.id,
        reason: 'spam',
      });
      return { kind, params: { id: filed.id } };
    }
    case 'vehicle': {
      const vehicle = await createVehicle(app, A.accessToken, {}, { registration: pdfFile() });
      return { kind, params: { id: vehicle.id } };
    }
    case 'saved-search': {
      const saved = await post<{ id: number }>(A.accessToken, apiPaths.savedSearches.collection, { name: 'A lane' });
      return { kind, params: { id: saved.id } };
    }
    case 'push-subscription': {
      // push is off on this server, so A's browser is put in place as an earlier server with keys kept it
      const row = await database.db
        .insertInto('push_subscriptions')
        .values({
          user_id: A.user.id,
          endpoint: `https://fcm.googleapis.com/fcm/send/${Math.random().toString(36).slice(2)}`,
          p256dh: 'B'.repeat(87),
          auth: 'a'.repeat(22),
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { kind, params: { id: row.id } };
    }
    case 'session-of-A': {
      // another device of A's (not the one whose token the matrix uses)
      const id = randomUUID();
      await database.db
        .insertInto('sessions')
        .values({
          id,
          user_id: A.user.id,
          created_at: new Date().toISOString(),
          revoked_at: null,
          revoked_reason: null,
          ip: '198.51.100.9',
          user_agent: 'Matrix',
          last_used_at: new Date().toISOString(),
        })
        .execute();
      return { kind, params: { id } };
    }
    case 'track-link': {
      // a tracking link of A's shipment: the token is its own permission, for anyone who holds it
      const { shipment } = await awarded(A, C);
      const link = await post<{ token: string }>(A.accessToken, pathTo(apiPaths.shipments.share, { number: shipment }));
      return { kind, params: { token: link.token } };
    }
    case 'dead-delivery': {
      const row = await database.db
        .insertInto('outbox')
        .values({
          user_id: A.user.id,
          channel: 'email',
          kind: 'bid_won',
          params: '{}',
          link: '/bids',
          target_id: null,
          idempotency_key: `matrix-${Math.random()}`,
          status: 'dead',
          attempts: 8,
          next_attempt_ms: 0,
          last_error: '451 try again later',
          created_at: new Date().toISOString(),
          sent_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { kind, params: { id: row.id } };
    }
    case 'notification': {
      await openedWithBid(); // C's bid tells A
      const list = (await api(app, { method: 'GET', url: '/api/notifications?tab=unread', token: A.accessToken })).json<
        Notification[]
      >();
      return { kind, params: { id: list[0]!.id } };
    }
    case 'question-on-A-tender': {
      // C's question on A's open tender, not answered yet: only A and C know of it
      const { tender } = await openedWithBid();
      const question = await post<{ id: number }>(
        C.accessToken,
        pathTo(apiPaths.tenders.questions, { id: tender.id }),
        {
          text: 'Is a refrigerated trailer needed?',
        },
      );
      return { kind, params: { id: tender.id, qid: question.id } };
    }
    case 'shipment-A-owner':
      return { kind, params: { number: (await awarded(A, C)).shipment } };
    case 'shipment-A-carrier':
      return { kind, params: { number: (await awarded(C, A)).shipment } };
    case 'file-link':
    case 'file-no-signature':
    case 'file-forged': {
      const vehicle = await createVehicle(app, A.accessToken, {}, { registration: pdfFile() });
      const link = vehicleLink(vehicle);
      const id = link.pathname.split('/').pop() ?? '';
      if (kind === 'file-link') return { kind, params: { id }, query: link.search };
      if (kind === 'file-no-signature') return { kind, params: { id } };
      // B's own valid signature, put on A's file
      const own = vehicleLink(await createVehicle(app, B.accessToken, {}, { registration: pdfFile() }));
      return { kind, params: { id }, query: own.search };
    }
  }
}

const TENDER_KINDS: ObjectKind[] = [
  'tender-opened',
  'tender-draft',
  'tender-closed',
  'tender-awarded',
  'tender-of-C-with-A-bid',
];

/** Which of A's objects a route's path takes. */
function objectKindsFor(path: string): ObjectKind[] {
  if (!path.includes('{')) return [];
  if (path.startsWith('/api/tenders/{id}/questions/{qid}')) return ['question-on-A-tender'];
  if (path.startsWith('/api/tenders/{id}')) return TENDER_KINDS;
  if (path.startsWith('/api/vehicles/{id}')) return ['vehicle'];
  if (path.startsWith('/api/bids/{id}')) return ['bid-of-A-awarded'];
  if (path.startsWith('/api/companies/{id}') || path.startsWith('/api/admin/companies/{id}')) return ['company-of-A'];
  if (path.startsWith('/api/admin/reports/{id}')) return ['report-by-A'];
  if (path.startsWith('/api/notifications/{id}')) return ['notification'];
  if (path.startsWith('/api/shipments/{number}')) return ['shipment-A-owner', 'shipment-A-carrier'];
  if (path.startsWith('/api/files/{id}')) return ['file-link', 'file-no-signature', 'file-forged'];
  if (path.startsWith('/api/saved-searches/{id}')) return ['saved-search'];
  if (path.startsWith('/api/push/subscriptions/{id}')) return ['push-subscription'];
  if (path.startsWith('/api/users/me/deliveries/{id}')) return ['dead-delivery'];
  if (path.startsWith('/api/users/me/sessions/{id}')) return ['session-of-A'];
  if (path.startsWith('/api/track/{token}')) return ['track-link'];
  throw new Error(`the access matrix does not know which object ${path} takes: add it to objectKindsFor`);
}

/** Objects B may legitimately read (an opened, closed or awarded tender is public to signed-in users; a signed link is its own permission). */
const PUBLIC_TO_B = new Set<ObjectKind>([
  'tender-opened',
  'tender-closed',
  'tender-awarded',
  'tender-of-C-with-A-bid',
  'file-link',
  'company-of-A',
  'track-link',
]);

// ---------------------------------------------------------------------------------------------------
// What each cell should answer

/** The statuses a cell may answer. */
type Expectation = number[];
const ANY_4XX: Expectation = Array.from({ length: 100 }, (_, i) => 400 + i);

/** The answer each identity should get; a route without a rule here is still held to: no 5xx, anonymous 401, B no 2xx on private. */
function expected(
  op: Operation | undefined,
  method: string,
  who: Identity,
  kind: ObjectKind | undefined,
): Expectation | undefined {
  // a verb the path does not have: refused one way or another (the path may also match a route with a parameter)
  if (!op) return ANY_4XX;
  const key = operationKey(op);
  if (who === 'anonymous' && !PUBLIC_OPERATIONS.has(key)) return [401];
  const mine = who === 'A';
  const tenderStatus = kind?.replace('tender-', '');
  switch (key) {
    case 'GET /api/health':
    case 'GET /api/health/live':
    case 'GET /api/health/ready':
      return [200];
    case 'POST /api/users/register':
    case 'POST /api/users/login':
      return [400];
    case 'POST /api/users/refresh':
      return [401];
    case 'POST /api/auth/sms/send':
      // one code a minute per phone: the calls after the first wait
      return [202, 429];
    case 'POST /api/auth/password-reset':
      return [202];
    case 'POST /api/auth/sms/verify':
    case 'POST /api/auth/password-reset/confirm':
    case 'POST /api/users/me/phone/verify':
      // nobody here holds a code or a reset link
      return [400];
    case 'POST /api/users/logout':
      return [204];
    case 'GET /api/users/me':
    case 'GET /api/tenders/all':
    case 'GET /api/tenders/me':
    case 'GET /api/bids/me':
    case 'GET /api/notifications':
    case 'GET /api/notifications/unread-count':
    case 'POST /api/notifications/read-all':
    case 'GET /api/notifications/stream':
    case 'GET /api/shipments':
    case 'GET /api/vehicles/user':
    case 'GET /api/saved-searches':
    case 'GET /api/dashboard':
    case 'GET /api/users/me/sessions':
    case 'POST /api/users/me/sessions/sign-out-others':
    case 'GET /api/users/me/notification-settings':
    case 'PUT /api/users/me/notification-settings':
    case 'DELETE /api/users/me/telegram-link':
      return [200];
    case 'POST /api/saved-searches':
      // each caller's own, up to the limit
      return [201, 409];
    case 'POST /api/users/me/telegram-link':
    case 'POST /api/push/subscriptions':
      // this server has no bot and no push keys
      return [409];
    case 'POST /api/telegram/webhook':
      // no caller here knows the webhook's secret
      return [403];
    case 'DELETE /api/saved-searches/{id}':
    case 'DELETE /api/push/subscriptions/{id}':
      return mine ? [204] : [404];
    case 'POST /api/users/me/deliveries/{id}/retry':
      return mine ? [200] : [404];
    case 'DELETE /api/users/me/sessions/{id}':
      return mine ? [204] : [404];
    case 'POST /api/tenders':
    case 'POST /api/vehicles':
      return [201];
    case 'GET /api/tenders/{id}':
    case 'GET /api/tenders/{id}/min-bid':
    case 'GET /api/tenders/{id}/events':
      return !mine && kind === 'tender-draft' ? [404] : [200];
    case 'GET /api/tenders/{id}/bids':
    case 'GET /api/tenders/{id}/awards':
      return mine && kind !== 'tender-of-C-with-A-bid' ? [200] : [404];
    case 'POST /api/tenders/{id}/buy-now':
      // none of these tenders offers buy-now: refused for what it is, never taken
      if (mine && kind !== 'tender-of-C-with-A-bid') return [403];
      return kind === 'tender-draft' ? [404] : [409];
    case 'GET /api/companies/me':
    case 'PUT /api/companies/me':
    case 'GET /api/companies/{id}':
      return [200];
    case 'POST /api/companies/me/verification':
      // each caller's own company: sent when complete, else refused as incomplete
      return [200, 409];
    case 'POST /api/reports':
      return [201];
    case 'GET /api/admin/companies':
    case 'GET /api/admin/reports':
    case 'POST /api/admin/companies/{id}/verify':
    case 'POST /api/admin/companies/{id}/reject':
    case 'POST /api/admin/companies/{id}/suspend':
    case 'POST /api/admin/companies/{id}/unsuspend':
    case 'POST /api/admin/reports/{id}/resolve':
    case 'POST /api/admin/moderators':
    case 'GET /api/admin/audit':
    case 'POST /api/admin/reports/{id}/hide':
      // neither A nor B is a moderator
      return [403];
    case 'GET /api/conversations/unread':
      return [200];
    case 'GET /api/tenders/{id}/questions':
      return !mine && kind === 'tender-draft' ? [404] : [200];
    case 'POST /api/tenders/{id}/questions':
      // anyone but the owner asks while the tender is open
      if (kind === 'tender-of-C-with-A-bid') return [201];
      if (mine) return [403];
      return kind === 'tender-draft' ? [404] : kind === 'tender-opened' ? [201] : [409];
    case 'POST /api/tenders/{id}/questions/{qid}/answer':
      // A answers once; to B the unanswered question of another carrier does not exist
      return mine ? [200, 409] : [404];
    case 'GET /api/shipments/{number}/messages':
    case 'POST /api/shipments/{number}/messages/read':
      return mine ? [200] : [404];
    case 'POST /api/shipments/{number}/messages':
      return mine ? [201] : [404];
    case 'POST /api/bids/{id}/confirm':
    case 'POST /api/bids/{id}/decline':
      // A answers once (the other answer then finds the bid no longer awaiting); to B, not its carrier, the bid
      // does not exist
      return mine ? [200, 409] : [404];
    case 'POST /api/tenders/{id}/bids':
      if (kind === 'tender-of-C-with-A-bid') return [201];
      if (mine) return [403];
      return kind === 'tender-draft' ? [404] : kind === 'tender-opened' ? [201] : [409];
    case 'POST /api/tenders/{id}/award':
      if (!mine || kind === 'tender-of-C-with-A-bid') return [404];
      return tenderStatus === 'opened' || tenderStatus === 'closed' ? [200] : [409];
    case 'POST /api/tenders/{id}/close':
      if (!mine || kind === 'tender-of-C-with-A-bid') return [404];
      return tenderStatus === 'opened' ? [200] : [409];
    case 'POST /api/tenders/{id}/publish':
      if (!mine || kind === 'tender-of-C-with-A-bid') return [404];
      return tenderStatus === 'draft' ? [200] : [409];
    case 'GET /api/vehicles/{id}':
    case 'PUT /api/vehicles/{id}':
      return mine ? [200] : [404];
    case 'DELETE /api/vehicles/{id}':
      return mine ? [204] : [404];
    case 'POST /api/notifications/{id}/read':
    case 'GET /api/shipments/{number}':
      return mine ? [200] : [404];
    case 'POST /api/shipments/{number}/status':
      // the carrier sets "loaded"; the owner may not
      if (!mine) return [404];
      return kind === 'shipment-A-carrier' ? [200] : [403];
    case 'GET /api/shipments/{number}/award':
      return mine ? [200] : [404];
    case 'POST /api/shipments/{number}/award/signatures':
      // A has linked no ERI key: refused for that, before E-IMZO-SERVER is asked; B is no party
      return mine ? [409] : [404];
    case 'GET /api/shipments/{number}/award.p7s':
      // nobody has signed A's awards here: the signature is not found, and B is no party
      return [404];
    case 'GET /api/shipments/{number}/waybill':
    case 'PUT /api/shipments/{number}/waybill':
      return mine ? [200] : [404];
    case 'POST /api/shipments/{number}/waybill':
      // the shipper forms it, once complete (A's has nothing filled in); the carrier may not
      if (!mine) return [404];
      return kind === 'shipment-A-owner' ? [409] : [403];
    case 'GET /api/shipments/{number}/waybill/to-sign':
      // A's company has no Didox session yet: its STIR is what to sign; B is no party
      return mine ? [200] : [404];
    case 'POST /api/shipments/{number}/waybill/signatures':
      // what was sent is no signature Didox can read: its refusal; B is no party
      return mine ? [422] : [404];
    case 'GET /api/shipments/{number}/waybill.pdf':
      // not formed at Didox yet, and B is no party
      return [404];
    case 'GET /api/track/{token}':
      return [200];
    case 'GET /api/files/{id}':
      return kind === 'file-link' ? [200] : [403];
    default:
      return undefined;
  }
}

/** Bodies that are valid for each route, so that refusals come from access rules and not from validation. */
async function requestFor(
  op: Operation | undefined,
  method: string,
  path: string,
  fixture: Fixture | undefined,
): Promise<InjectOptions> {
  const key = op ? operationKey(op) : '';
  const url = path + (fixture?.query ?? '');
  switch (key) {
    case 'POST /api/tenders':
      return { method: 'POST', url, payload: buildTenderInput() };
    case 'POST /api/tenders/{id}/bids':
      return { method: 'POST', url, payload: { bid_amount: nextAmount() } };
    case 'POST /api/tenders/{id}/award':
      return { method: 'POST', url, payload: { bid_id: fixture?.bidId ?? 1 } };
    case 'POST /api/shipments/{number}/status':
      return { method: 'POST', url, payload: { status: 'loaded' } };
    case 'POST /api/tenders/{id}/questions':
    case 'POST /api/tenders/{id}/questions/{qid}/answer':
    case 'POST /api/shipments/{number}/messages':
      return { method: 'POST', url, payload: { text: 'Asked by the access matrix' } };
    case 'POST /api/shipments/{number}/messages/read':
      return { method: 'POST', url, payload: { up_to: 1 } };
    case 'POST /api/shipments/{number}/award/signatures':
      return { method: 'POST', url, payload: { pkcs7: 'QQ==' } };
    case 'GET /api/shipments/{number}/award.p7s':
      return { method: 'GET', url: `${url}?side=owner` };
    case 'PUT /api/shipments/{number}/waybill':
      return { method: 'PUT', url, payload: {} };
    case 'POST /api/shipments/{number}/waybill/signatures':
      return { method: 'POST', url, payload: { pkcs7: 'QQ==', signature_hex: 'ab' } };
    case 'PUT /api/companies/me': {
      const { companyForm, multipart } = await import('../factories/index.js');
      const { payload, headers } = await multipart(companyForm());
      return { method: 'PUT', url, payload, headers };
    }
    case 'POST /api/reports':
      return { method: 'POST', url, payload: { subject_type: 'company', subject_id: 1, reason: 'other' } };
    case 'POST /api/saved-searches':
      return { method: 'POST', url, payload: { name: 'Lane', origin: 'Toshkent' } };
    case 'POST /api/push/subscriptions':
      return {
        method: 'POST',
        url,
        payload: {
          endpoint: 'https://fcm.googleapis.com/fcm/send/matrix',
          keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) },
        },
      };
    case 'POST /api/telegram/webhook':
      return { method: 'POST', url, payload: { update_id: 1, message: { chat: { id: 1 }, text: '/stop' } } };
    case 'POST /api/auth/sms/send':
      return { method: 'POST', url, payload: { phone: '+998901230000' } };
    case 'POST /api/auth/sms/verify':
    case 'POST /api/users/me/phone/verify':
      return { method: 'POST', url, payload: { phone: '+998901230000', code: '000000' } };
    case 'POST /api/auth/password-reset':
      return { method: 'POST', url, payload: { email: 'matrix@example.uz' } };
    case 'POST /api/auth/password-reset/confirm':
      return { method: 'POST', url, payload: { token: 'not-a-reset-token', password: 'long-enough-pass' } };
    case 'POST /api/admin/companies/{id}/reject':
    case 'POST /api/admin/companies/{id}/suspend':
      return { method: 'POST', url, payload: { reason: 'Checked by the access matrix' } };
    case 'POST /api/admin/moderators':
      return { method: 'POST', url, payload: { email: B.email } };
    case 'POST /api/users/register':
    case 'POST /api/users/login':
      return { method: 'POST', url, payload: {} };
    case 'POST /api/vehicles':
    case 'PUT /api/vehicles/{id}': {
      const { payload, headers } = await vehicleForm();
      return { method: method as InjectOptions['method'], url, payload, headers };
    }
    default:
      return {
        method: method as InjectOptions['method'],
        url,
        ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: {} } : {}),
      };
  }
}

async function vehicleForm() {
  const { multipart } = await import('../factories/index.js');
  return multipart(vehicleFields());
}

/** Streams are read over a socket up to their head, then cut. */
async function sendStream(
  options: InjectOptions,
  token: string | undefined,
): Promise<{ status: number; body: string }> {
  const controller = new AbortController();
  const res = await fetch(`${address}${urlOf(options)}`, {
    method: String(options.method),
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: controller.signal,
  });
  const streaming = (res.headers.get('content-type') ?? '').includes('text/event-stream');
  const body = streaming ? '' : await res.text();
  controller.abort();
  return { status: res.status, body };
}

// ---------------------------------------------------------------------------------------------------

/**
 * Rows of A's private objects, to prove that nothing B or the anonymous caller did changed them. (B's own
 * legitimate bids may still tell A something new or outbid A's bid: new notifications and bid statuses are
 * not A's private data being touched.)
 */
async function privateRowsOfA(notificationIds: number[]): Promise<string> {
  const db = database.db;
  const rows = await Promise.all([
    db
      .selectFrom('tenders')
      .selectAll()
      .where('owner_id', '=', A.user.id)
      .where('status', '=', 'draft')
      .orderBy('id')
      .execute(),
    db.selectFrom('vehicles').selectAll().where('owner_id', '=', A.user.id).orderBy('id').execute(),
    db
      .selectFrom('files')
      .select(['id', 'owner_id', 'size', 'original_name'])
      .where('owner_id', '=', A.user.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('notifications')
      .selectAll()
      .where('id', 'in', [0, ...notificationIds])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('bids')
      .select(['id', 'tender_id', 'bidder_id', 'amount_cents', 'created_at'])
      .where('bidder_id', '=', A.user.id)
      .orderBy('id')
      .execute(),
    db
      .selectFrom('shipments')
      .selectAll()
      .where((eb) => eb.or([eb('owner_id', '=', A.user.id), eb('carrier_id', '=', A.user.id)]))
      .orderBy('id')
      .execute(),
    db.selectFrom('sessions').selectAll().where('user_id', '=', A.user.id).orderBy('id').execute(),
    db.selectFrom('saved_searches').selectAll().where('user_id', '=', A.user.id).orderBy('id').execute(),
    db.selectFrom('push_subscriptions').selectAll().where('user_id', '=', A.user.id).orderBy('id').execute(),
    db.selectFrom('notification_settings').selectAll().where('user_id', '=', A.user.id).execute(),
  ]);
  return JSON.stringify(rows, (_key, value: unknown) => (Buffer.isBuffer(value) ? value.length : value));
}

it('access matrix: A, B and anonymous × every route and verb × every object of A', async () => {
  const operations = await listOperations(app);
  const byPathAndMethod = new Map(operations.map((op) => [operationKey(op), op]));
  const paths = [...new Set(operations.map((op) => op.path))];

  // the objects B and anonymous are tried on (A gets a fresh copy whenever a call may change or delete it)
  const shared = new Map<ObjectKind, Fixture>();
  for (const kind of new Set(paths.flatMap(objectKindsFor))) shared.set(kind, await make(kind));
  const aBidIds = new Set(
    (await database.db.selectFrom('bids').select('id').where('bidder_id', '=', A.user.id).execute()).map((r) => r.id),
  );

  let cells = 0;
  const wrong: string[] = [];
  const leaksInLists: string[] = [];
  const notificationIds = (
    await database.db.selectFrom('notifications').select('id').where('user_id', '=', A.user.id).execute()
  ).map((r) => r.id);
  const before = await privateRowsOfA(notificationIds);

  const runCell = async (method: string, path: string, who: Identity, fixture: Fixture | undefined) => {
    const op = byPathAndMethod.get(`${method === 'HEAD' ? 'GET' : method} ${path}`);
    const url = fixture
      ? path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(fixture.params[name])))
      : path;
    const options = await requestFor(op, method, url, fixture);
    const token = tokenOf(who);
    const { status, body } =
      op && isStreamOperation(op) && method !== 'HEAD'
        ? await sendStream(options, token)
        : await api(app, { ...options, ...(token ? { token } : {}) }).then((res) => ({
            status: res.statusCode,
            body: res.body,
          }));
    cells += 1;
    const label = `${who} ${method} ${url}${fixture?.query ?? ''} [${fixture?.kind ?? '-'}] → ${status}`;
    const expectation = expected(op, method === 'HEAD' ? 'GET' : method, who, fixture?.kind);
    const isPrivate = fixture ? !PUBLIC_TO_B.has(fixture.kind) : false;
    if (status >= 500) wrong.push(`${label} (server error)`);
    else if (who !== 'A' && isPrivate && status < 300) wrong.push(`${label} (private object of A)`);
    else if (who === 'anonymous' && op && !PUBLIC_OPERATIONS.has(operationKey(op)) && status !== 401)
      wrong.push(`${label} (needs a token)`);
    else if (expectation && !expectation.includes(status))
      wrong.push(`${label} (expected ${expectation.join('/')}) ${body.slice(0, 120)}`);
    // lists B reads must not hold anything of A's
    if (who === 'B' && status === 200 && method === 'GET' && body.startsWith('[')) {
      const items = JSON.parse(body) as Array<Record<string, unknown>>;
      for (const item of items) {
        const foreign =
          (path === apiPaths.tenders.mine && item.owner_id === A.user.id) ||
          (path === apiPaths.tenders.all && item.owner_id === A.user.id && item.status === 'draft') ||
          (path === apiPaths.bids.mine && aBidIds.has(Number(item.id))) ||
          (path === apiPaths.vehicles.mine &&
            typeof item.vehicle_name === 'string' &&
            item.vehicle_name.length > 0 &&
            (item as Partial<Vehicle>).id !== undefined &&
            !(await isOwnedBy('vehicles', Number(item.id), B.user.id))) ||
          (path === apiPaths.notifications.list && !(await isOwnedBy('notifications', Number(item.id), B.user.id))) ||
          (path === apiPaths.shipments.list &&
            (item as Partial<Shipment>).role !== undefined &&
            !(await involves(String(item.number), B.user.id)));
        if (foreign) leaksInLists.push(`${path}: ${JSON.stringify(item).slice(0, 100)}`);
      }
    }
    if (
      who === 'B' &&
      status === 200 &&
      method === 'GET' &&
      path === apiPaths.users.me &&
      (JSON.parse(body) as User).id === A.user.id
    )
      leaksInLists.push('B sees A as me');
  };

  const verbs = [...HTTP_METHODS, 'HEAD'];
  for (const who of ['anonymous', 'B'] as const) {
    for (const path of paths) {
      const kinds = objectKindsFor(path);
      for (const method of verbs) {
        if (kinds.length === 0) await runCell(method, path, who, undefined);
        for (const kind of kinds) await runCell(method, path, who, shared.get(kind));
      }
    }
  }
  // B's list views filtered by a tender A bid on
  const cOpen = shared.get('tender-of-C-with-A-bid');
  if (cOpen) {
    const filtered = (
      await api(app, { method: 'GET', url: `${apiPaths.bids.mine}?tender_id=${cOpen.params.id}`, token: B.accessToken })
    ).json<MyBid[]>();
    for (const bid of filtered)
      if (aBidIds.has(bid.id)) leaksInLists.push(`${apiPaths.bids.mine}?tender_id: ${bid.id}`);
    const ownerView = await api(app, {
      method: 'GET',
      url: pathTo(apiPaths.tenders.bids, { id: cOpen.params.id! }),
      token: B.accessToken,
    });
    if (ownerView.statusCode === 200 && ownerView.json<TenderBid[]>().length > 0)
      leaksInLists.push('B reads the bids of C’s tender');
  }
  const after = await privateRowsOfA(notificationIds);
  const untouched = before === after;

  // A uses all of it: reads on the shared objects, every action on a fresh copy
  for (const path of paths) {
    const kinds = objectKindsFor(path);
    for (const method of verbs) {
      if (kinds.length === 0) await runCell(method, path, 'A', undefined);
      for (const kind of kinds) {
        const changes = method !== 'GET' && method !== 'HEAD' && byPathAndMethod.has(`${method} ${path}`);
        await runCell(method, path, 'A', changes ? await make(kind) : shared.get(kind));
      }
    }
  }

  printFigure('access matrix', {
    routes: operations.length,
    cells,
    wrong: wrong.length,
    foreign_rows_in_lists: leaksInLists.length,
    private_rows_of_A_changed_by_others: untouched ? 0 : 1,
  });
  expect(wrong).toEqual([]);
  expect(leaksInLists).toEqual([]);
  expect(untouched).toBe(true);
  expect(operations.length).toBeGreaterThan(25);
}, 120_000);

async function isOwnedBy(table: 'vehicles' | 'notifications', id: number, userId: number): Promise<boolean> {
  if (table === 'vehicles')
    return Boolean(
      await database.db
        .selectFrom('vehicles')
        .select('id')
        .where('id', '=', id)
        .where('owner_id', '=', userId)
        .executeTakeFirst(),
    );
  return Boolean(
    await database.db
      .selectFrom('notifications')
      .select('id')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst(),
  );
}

async function involves(number: string, userId: number): Promise<boolean> {
  const row = await database.db
    .selectFrom('shipments')
    .select(['owner_id', 'carrier_id'])
    .where('number', '=', number)
    .executeTakeFirst();
  return row !== undefined && (row.owner_id === userId || row.carrier_id === userId);
}

// ---------------------------------------------------------------------------------------------------

it('mass assignment: fields a client may not set are never taken from a body', async () => {
  let attempts = 0;
  let kept = 0;
  const keptFields: string[] = [];
  const check = (what: string, stored: unknown, sent: unknown) => {
    attempts += 1;
    if (JSON.stringify(stored) === JSON.stringify(sent)) {
      kept += 1;
      keptFields.push(`${what}=${JSON.stringify(sent)}`);
    }
  };
  const foreignTime = '2001-02-03T04:05:06.000Z';

  // a tender: owner, number, id, counters, status and time come from the server
  const extras = {
    owner_id: B.user.id,
    number: 'YT-999999',
    id: 999_999,
    bid_count: 77,
    current_min_bid: 1,
    current_min_bid_cents: 100,
    awarded_bid_id: 1,
    created_at: foreignTime,
    is_owner: false,
    mode_mask: 0,
    search_text: 'injected',
  };
  const awardedStatus = await api(app, {
    method: 'POST',
    url: apiPaths.tenders.collection,
    token: A.accessToken,
    payload: { ...buildTenderInput(), ...extras, status: 'awarded' },
  });
  expect(awardedStatus.statusCode).toBe(400); // 'awarded' is never a status a client may choose
  const created = await api(app, {
    method: 'POST',
    url: apiPaths.tenders.collection,
    token: A.accessToken,
    payload: { ...buildTenderInput(), ...extras },
  });
  expect(created.statusCode).toBe(201);
  const tender = (
    await api(app, { method: 'GET', url: `/api/tenders/${created.json<Tender>().id}`, token: A.accessToken })
  ).json<Tender>();
  const row = await database.db.selectFrom('tenders').selectAll().where('id', '=', tender.id).executeTakeFirstOrThrow();
  check('tender.owner_id', row.owner_id, B.user.id);
  check('tender.number', row.number, extras.number);
  check('tender.id', row.id, extras.id);
  check('tender.bid_count', row.bid_count, extras.bid_count);
  check('tender.current_min_bid_cents', row.current_min_bid_cents, extras.current_min_bid_cents);
  check('tender.awarded_bid_id', row.awarded_bid_id, extras.awarded_bid_id);
  check('tender.created_at', row.created_at, foreignTime);
  check('tender.search_text', row.search_text, extras.search_text);
  check('tender.mode_mask', row.mode_mask, extras.mode_mask);
  check('tender.status', tender.status, 'awarded');

  // a bid: its bidder, status, tender and time come from the server
  const bid = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
    token: B.accessToken,
    payload: {
      bid_amount: 1000,
      status: 'accepted',
      bidder_id: A.user.id,
      tender_id: 1,
      id: 999_999,
      created_at: foreignTime,
      amount_cents: 1,
    },
  });
  expect(bid.statusCode).toBe(201);
  const bidRow = await database.db
    .selectFrom('bids')
    .selectAll()
    .where('id', '=', bid.json<PlacedBid>().id)
    .executeTakeFirstOrThrow();
  check('bid.status', bidRow.status, 'accepted');
  check('bid.bidder_id', bidRow.bidder_id, A.user.id);
  check('bid.tender_id', bidRow.tender_id, 1);
  check('bid.id', bidRow.id, 999_999);
  check('bid.created_at', bidRow.created_at, foreignTime);
  check('bid.amount_cents', bidRow.amount_cents, 1);

  // the award: only the bid chosen; the winner and the shipment's parties come from the bid
  const award = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.tenders.award, { id: tender.id }),
    token: A.accessToken,
    payload: { bid_id: bidRow.id, status: 'closed', winner_id: A.user.id, carrier_id: A.user.id },
  });
  expect(award.statusCode).toBe(200);
  // the confirmation: only the bid named in the path, by its own carrier
  const confirmed = await api(app, {
    method: 'POST',
    url: pathTo(apiPaths.bids.confirm, { id: bidRow.id }),
    token: B.accessToken,
    payload: { status: 'declined', bidder_id: A.user.id, confirm_by: foreignTime },
  });
  expect(confirmed.statusCode).toBe(200);
  const shipmentRow = await database.db
    .selectFrom('shipments')
    .selectAll()
    .where('tender_id', '=', tender.id)
    .executeTakeFirstOrThrow();
  check('shipment.carrier_id', shipmentRow.carrier_id, A.user.id);
  const moved = await api(app, {
    method: 'POST',
    url: `/api/shipments/${encodeURIComponent(shipmentRow.number)}/status`,
    token: B.accessToken,
    payload: { status: 'loaded', owner_id: B.user.id, carrier_id: C.user.id, delivered_at: foreignTime },
  });
  expect(moved.statusCode).toBe(200);
  const movedRow = await database.db
    .selectFrom('shipments')
    .selectAll()
    .where('tender_id', '=', tender.id)
    .executeTakeFirstOrThrow();
  check('shipment.owner_id', movedRow.owner_id, B.user.id);
  check('shipment.carrier_id', movedRow.carrier_id, C.user.id);
  check('shipment.delivered_at', movedRow.delivered_at, foreignTime);

  // a vehicle: its owner, id, time and documents come from the server (form fields and on update)
  const vehicleExtras = {
    owner_id: String(B.user.id),
    id: '999999',
    created_at: foreignTime,
    registration_file_id: 'a'.repeat(32),
    documents: '{"registration":"/etc/passwd"}',
  };
  const vehicleRes = await sendVehicleForm(app, {
    token: A.accessToken,
    fields: { ...vehicleFields(), ...vehicleExtras },
  });
  const vehicleAnswers = [vehicleRes.statusCode];
  if (vehicleRes.statusCode === 201) {
    const v = vehicleRes.json<Vehicle>();
    const vRow = await database.db.selectFrom('vehicles').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
    check('vehicle.owner_id', vRow.owner_id, B.user.id);
    check('vehicle.id', vRow.id, 999_999);
    check('vehicle.created_at', vRow.created_at, foreignTime);
    check('vehicle.registration_file_id', vRow.registration_file_id, vehicleExtras.registration_file_id);
    const updated = await sendVehicleForm(app, {
      token: A.accessToken,
      id: v.id,
      fields: { ...vehicleFields(), ...vehicleExtras },
    });
    vehicleAnswers.push(updated.statusCode);
    const uRow = await database.db.selectFrom('vehicles').selectAll().where('id', '=', v.id).executeTakeFirstOrThrow();
    check('vehicle.owner_id (update)', uRow.owner_id, B.user.id);
    check('vehicle.created_at (update)', uRow.created_at, foreignTime);
  }
  expect(vehicleAnswers.every((status) => status === 200 || status === 201 || status === 400)).toBe(true);

  // an account: id, time and the stored hash come from the server
  const email = `mass-${Date.now()}@example.uz`;
  const registered = await api(app, {
    method: 'POST',
    url: apiPaths.users.register,
    payload: {
      first_name: 'Mass',
      last_name: 'Assign',
      email,
      phone_number: '+998901112233',
      password: 'mass-assign-1',
      id: 1,
      created_at: foreignTime,
      password_hash: 'x',
      role: 'admin',
    },
  });
  expect(registered.statusCode).toBe(201);
  const userRow = await database.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  check('user.id', userRow.id, 1);
  check('user.created_at', userRow.created_at, foreignTime);
  check('user.password_hash', userRow.password_hash, 'x');

  printFigure('mass assignment', { fields_tried: attempts, foreign_fields_kept: kept });
  expect(keptFields).toEqual([]);
  expect(attempts).toBeGreaterThan(20);
});
