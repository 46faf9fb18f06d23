import { describe, expect, it } from 'vitest';
import { BID_STATUSES, isAwardableBid, apiPaths } from '@yuk/shared';
import { lowestAwardableBid, offerBid } from '../src/modules/bids/index.js';
import { api, buildTestApp } from './helpers.js';
import { createTender, createUser } from './factories/index.js';

/**
 * The award queries (SQL) and the owner's bid list (the shared isAwardableBid) decide the same thing: which bids
 * the owner may still choose. Over every status and every kind of validity, both give the same answer.
 */
const { app, database } = await buildTestApp();
const owner = await createUser(app);
const carrier = await createUser(app);
const carrierId = (await api(app, { method: 'GET', url: apiPaths.users.me, token: carrier.accessToken })).json<{
  id: number;
}>().id;
const tender = await createTender(app, owner.accessToken);

const NOW = Date.parse('2026-11-26T10:00:00Z');
const VALIDITIES = { none: null, past: NOW - 60_000, now: NOW, ahead: NOW + 60_000 } as const;
const cases = BID_STATUSES.flatMap((status) =>
  Object.entries(VALIDITIES).map(([validity, validUntilMs]) => ({ status, validity, validUntilMs })),
);

describe('which bids the owner may still choose', () => {
  it.each(cases)('a $status bid, valid until $validity: the queries agree with the shared rule', async (bid) => {
    const db = database.db;
    await db.deleteFrom('bids').where('tender_id', '=', tender.id).execute();
    const { id } = await db
      .insertInto('bids')
      .values({
        tender_id: tender.id,
        bidder_id: carrierId,
        amount_cents: 90_000,
        status: bid.status,
        created_at: new Date(NOW - 3_600_000).toISOString(),
        valid_until_ms: bid.validUntilMs,
        confirm_by_ms: null,
        vehicle_id: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const shared = isAwardableBid(
      { status: bid.status, valid_until: bid.validUntilMs === null ? null : new Date(bid.validUntilMs).toISOString() },
      NOW,
    );
    expect((await lowestAwardableBid(db, tender.id, NOW, null))?.id).toBe(shared ? id : undefined);
    const offered = await offerBid(db, { tenderId: tender.id, bidId: id, confirmByMs: NOW + 60_000, nowMs: NOW });
    expect(offered?.id).toBe(shared ? id : undefined);
  });
});
