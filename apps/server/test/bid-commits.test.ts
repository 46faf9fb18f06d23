import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, webRoutes } from '@yuk/shared';
import { placeBid } from '../src/modules/bids/index.js';
import { commitBid } from '../src/modules/bids/bid-batcher.js';
import { createMemoryEventBus } from '../src/plugins/event-bus.js';
import { api, buildTestApp, engine, sql } from './helpers.js';
import { createUser } from './factories/index.js';
import { createTender, scheduledCloseMs, setTenderClose } from './factories/index.js';

const { app, database } = await buildTestApp();
const ctx = { db: database.db, bus: createMemoryEventBus() };

const owner = await createUser(app);
const carriers = await Promise.all([createUser(app), createUser(app), createUser(app)]);
const me = async (token: string) =>
  (await api(app, { method: 'GET', url: apiPaths.users.me, token })).json<{ id: number }>().id;
const carrierIds = await Promise.all(carriers.map((carrier) => me(carrier.accessToken)));

async function storedBids(tenderId: number) {
  return database.db
    .selectFrom('bids')
    .select(['id', 'bidder_id', 'amount_cents', 'status'])
    .where('tender_id', '=', tenderId)
    .orderBy('id')
    .execute();
}

describe('bids sent at the same moment', () => {
  it('are written as one serialization: accepted amounts strictly decrease in commit order and the lowest wins', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
    const amounts = [900, 950, 800, 990, 850];
    const outcomes = await Promise.allSettled(
      amounts.map((amount, i) => placeBid(ctx, carrierIds[i % 3]!, tender.id, { amountUsd: amount })),
    );
    const bids = await storedBids(tender.id);
    for (let i = 1; i < bids.length; i += 1) expect(bids[i]!.amount_cents).toBeLessThan(bids[i - 1]!.amount_cents);
    expect(bids.at(-1)!.amount_cents).toBe(80_000);
    expect(bids.filter((bid) => bid.status === 'active')).toEqual([expect.objectContaining({ amount_cents: 80_000 })]);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'BID_NOT_LOWER' });
    }
    // the five share a commit, highest first, so every one of them is recorded
    expect(outcomes.every((outcome) => outcome.status === 'fulfilled')).toBe(true);
    expect(bids.map((bid) => bid.amount_cents / 100)).toEqual([990, 950, 900, 850, 800]);
  });

  it('on several tenders share a commit: each tender takes its own in order, a refused one writes nothing', async () => {
    // on PostgreSQL one statement writes the first bid on each tender, the next one the second, and so on
    const [first, second, third] = await Promise.all(
      [1000, 1000, 1000].map((initial_price) => createTender(app, owner.accessToken, { initial_price })),
    );
    const offers: [number, number, number][] = [
      [carrierIds[0]!, first!.id, 900],
      [carrierIds[1]!, second!.id, 950],
      [carrierIds[2]!, first!.id, 800],
      [carrierIds[0]!, third!.id, 1200], // above the initial price: refused
      [carrierIds[1]!, first!.id, 850],
      [carrierIds[2]!, second!.id, 940],
      [carrierIds[0]!, third!.id, 700],
    ];
    const outcomes = await Promise.allSettled(
      offers.map(([bidder, tenderId, amountUsd]) => placeBid(ctx, bidder, tenderId, { amountUsd })),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.bid_amount : undefined))).toEqual([
      900,
      950,
      800,
      undefined,
      850,
      940,
      700,
    ]);
    const expected: [number, number[][]][] = [
      [
        first!.id,
        [
          [carrierIds[0]!, 90_000, 0],
          [carrierIds[1]!, 85_000, 0],
          [carrierIds[2]!, 80_000, 1],
        ],
      ],
      [
        second!.id,
        [
          [carrierIds[1]!, 95_000, 0],
          [carrierIds[2]!, 94_000, 1],
        ],
      ],
      [third!.id, [[carrierIds[0]!, 70_000, 1]]],
    ];
    for (const [tenderId, bids] of expected) {
      const stored = await storedBids(tenderId);
      expect(stored.map((bid) => [bid.bidder_id, bid.amount_cents, bid.status === 'active' ? 1 : 0])).toEqual(bids);
      const row = await database.db
        .selectFrom('tenders')
        .select(['current_min_bid_cents', 'bid_count'])
        .where('id', '=', tenderId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ current_min_bid_cents: bids.at(-1)![1], bid_count: bids.length });
    }
    // the owner heard of each bid, and each carrier outbid on another tender than their own of this batch
    const told = await database.db
      .selectFrom('notifications')
      .select(({ fn }) => ['kind', fn.countAll<number>().as('count')])
      .where(
        'link',
        'in',
        [first, second, third].map((tender) => pathTo(webRoutes.tender, { id: tender!.id })),
      )
      .groupBy('kind')
      .orderBy('kind')
      .execute();
    expect(told.map((row) => [row.kind, Number(row.count)])).toEqual([
      ['bid_received', 6],
      ['outbid', 3],
    ]);
  });

  it('keep their own answers when one of them fails: the others are written, the failing one alone is refused', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
    const missingUser = 2_000_000_000; // no such user: its insert breaks the foreign key
    const outcomes = await Promise.allSettled([
      placeBid(ctx, carrierIds[0]!, tender.id, { amountUsd: 900 }),
      placeBid(ctx, missingUser, tender.id, { amountUsd: 800 }),
      placeBid(ctx, carrierIds[1]!, tender.id, { amountUsd: 700 }),
    ]);
    expect(outcomes[0].status).toBe('fulfilled');
    expect(outcomes[1].status).toBe('rejected');
    expect(outcomes[2].status).toBe('fulfilled');
    const bids = await storedBids(tender.id);
    expect(bids.map((bid) => [bid.bidder_id, bid.amount_cents])).toEqual([
      [carrierIds[0], 90_000],
      [carrierIds[1], 70_000],
    ]);
    const row = await database.db
      .selectFrom('tenders')
      .select(['current_min_bid_cents', 'bid_count'])
      .where('id', '=', tender.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_min_bid_cents: 70_000, bid_count: 2 });
  });

  it('from two writers at once (two instances on one database) keep one active bid, the lowest, and every rule', async () => {
    // each Kysely instance gets its own batcher: two of them commit concurrently, as two app instances do
    const writers = [ctx, { db: database.db.withoutPlugins(), bus: ctx.bus }];
    const tender = await createTender(app, owner.accessToken, { initial_price: 10_000 });
    let amount = 10_000;
    for (let round = 0; round < 8; round += 1) {
      // one writer gets a few bids, the other a single lower one: whichever commits second must see (and demote)
      // what the first committed while it waited for the tender's lock
      const [many, one] = round % 2 === 0 ? writers : [writers[1]!, writers[0]!];
      const offers = [
        ...[1, 2, 3, 4, 5].map((step) => ({ writer: many!, carrier: carrierIds[step % 3]!, usd: amount - step })),
        { writer: one!, carrier: carrierIds[round % 3]!, usd: amount - 10 },
      ];
      amount -= 20;
      const outcomes = await Promise.allSettled(
        offers.map((offer) => placeBid(offer.writer, offer.carrier, tender.id, { amountUsd: offer.usd })),
      );
      for (const outcome of outcomes) {
        if (outcome.status === 'rejected') expect(outcome.reason).toMatchObject({ code: 'BID_NOT_LOWER' });
      }
      const bids = await storedBids(tender.id);
      for (let i = 1; i < bids.length; i += 1) expect(bids[i]!.amount_cents).toBeLessThan(bids[i - 1]!.amount_cents);
      expect(bids.filter((bid) => bid.status === 'active')).toEqual([bids.at(-1)]);
      expect(bids.slice(0, -1).every((bid) => bid.status === 'pending')).toBe(true);
      const row = await database.db
        .selectFrom('tenders')
        .select(['current_min_bid_cents', 'bid_count'])
        .where('id', '=', tender.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ current_min_bid_cents: bids.at(-1)!.amount_cents, bid_count: bids.length });
    }
    // every accepted bid told the owner, in the same commit as the bid
    const told = await database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'bid_received')
      .where('link', '=', `/tender/${tender.id}`)
      .executeTakeFirstOrThrow();
    expect(Number(told.count)).toBe((await storedBids(tender.id)).length);
  });

  it('on one tender in its last minutes are each judged against the tender the bids before them left', async () => {
    // one batch: the first bid extends the close, the second comes after the old close but before the new one
    // (accepted, and extends it again), the third after both (refused); the step holds between bids of the batch
    const tender = await createTender(app, owner.accessToken, {
      initial_price: 1000,
      soft_close_minutes: 5,
      min_step: 10,
    });
    const closesAt = Date.now() + 60_000;
    await setTenderClose(database, tender.id, closesAt);
    const attempt = (bidderId: number, usd: number, nowMs: number) =>
      commitBid(database.db, {
        tenderId: tender.id,
        bidderId,
        amountCents: usd * 100,
        nowMs,
        validUntilMs: null,
        vehicleId: null,
      });
    const written = await Promise.all([
      attempt(carrierIds[0]!, 995, closesAt - 30_000), // not the step below 1,000: refused
      attempt(carrierIds[1]!, 990, closesAt - 30_000),
      attempt(carrierIds[2]!, 985, closesAt - 20_000), // not the step below 990: refused
      attempt(carrierIds[0]!, 980, closesAt + 10_000),
      attempt(carrierIds[1]!, 970, closesAt + 400_000),
    ]);
    expect(written.map((bid) => bid?.bid.amount_cents)).toEqual([undefined, 99_000, undefined, 98_000, undefined]);
    expect(written.map((bid) => bid?.tender.extended)).toEqual([undefined, true, undefined, true, undefined]);
    expect(written.map((bid) => bid?.tender.closes_at_ms)).toEqual([
      undefined,
      closesAt - 30_000 + 5 * 60_000,
      undefined,
      closesAt + 10_000 + 5 * 60_000,
      undefined,
    ]);
    expect(written[3]!.notifications.filter((n) => n.kind === 'outbid').map((n) => n.userId)).toEqual([carrierIds[1]]);
    const bids = await storedBids(tender.id);
    expect(bids.map((bid) => [bid.bidder_id, bid.amount_cents, bid.status])).toEqual([
      [carrierIds[1], 99_000, 'pending'],
      [carrierIds[0], 98_000, 'active'],
    ]);
    const row = await database.db
      .selectFrom('tenders')
      .select(['current_min_bid_cents', 'bid_count', 'closes_at_ms'])
      .where('id', '=', tender.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ current_min_bid_cents: 98_000, bid_count: 2, closes_at_ms: closesAt + 10_000 + 5 * 60_000 });
    expect(await scheduledCloseMs(database, tender.id)).toBe(closesAt + 10_000 + 5 * 60_000);
  });

  it('each answer over HTTP reports its own bid', async () => {
    const tender = await createTender(app, owner.accessToken, { initial_price: 500 });
    const answers = await Promise.all(
      [400, 450, 300].map((amount, i) =>
        api(app, {
          method: 'POST',
          url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
          token: carriers[i]!.accessToken,
          payload: { bid_amount: amount },
        }),
      ),
    );
    const accepted = answers
      .filter((answer) => answer.statusCode === 201)
      .map((answer) => answer.json<{ bid_amount: number; id: number }>());
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const bids = await storedBids(tender.id);
    expect(accepted.map((bid) => bid.id).sort((a, b) => a - b)).toEqual(bids.map((bid) => bid.id));
    for (const bid of accepted)
      expect(bids.find((stored) => stored.id === bid.id)!.amount_cents).toBe(bid.bid_amount * 100);
    expect(Math.min(...accepted.map((bid) => bid.bid_amount))).toBe(300);
  });
});

describe.runIf(engine === 'postgres')('a batch waiting for its tenders on PostgreSQL', () => {
  const settle = <T>(promise: Promise<T>, ms: number) =>
    Promise.race([
      promise.then(() => 'answered' as const),
      new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), ms)),
    ]);

  it('holds back the bids on its tenders only: a bid on another tender is written meanwhile', async () => {
    const [held, free] = await Promise.all(
      [1000, 1000].map((initial_price) => createTender(app, owner.accessToken, { initial_price })),
    );
    let locked!: () => void;
    let release!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const released = new Promise<void>((resolve) => (release = resolve));
    // another transaction holds the first tender's row, as a batch of another instance would
    const holder = database.db.transaction().execute(async (trx) => {
      await sql`select id from tenders where id = ${held!.id} for update`.execute(trx);
      locked();
      await released;
    });
    await isLocked;
    try {
      const first = placeBid(ctx, carrierIds[0]!, held!.id, { amountUsd: 900 });
      await expect.poll(async () => (await settle(first, 50)) === 'waiting' && (await lockWaiters()) > 0).toBe(true);
      // a second batch goes while the first waits for the row
      const other = placeBid(ctx, carrierIds[1]!, free!.id, { amountUsd: 900 });
      expect(await settle(other, 3000)).toBe('answered');
      expect((await other).bid_amount).toBe(900);
      // a bid on the held tender waits for the batch writing it
      const next = placeBid(ctx, carrierIds[2]!, held!.id, { amountUsd: 800 });
      expect(await settle(next, 200)).toBe('waiting');
      release();
      expect([(await first).bid_amount, (await next).bid_amount]).toEqual([900, 800]);
    } finally {
      release();
      await holder;
    }
    const bids = await storedBids(held!.id);
    expect(bids.map((bid) => [bid.amount_cents / 100, bid.status])).toEqual([
      [900, 'pending'],
      [800, 'active'],
    ]);
  });
});

/** Sessions of this database waiting for a row lock held by another transaction. */
async function lockWaiters() {
  const result = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(database.db);
  return result.rows[0]!.waiting;
}
