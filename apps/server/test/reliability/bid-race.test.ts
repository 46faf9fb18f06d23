import fc from 'fast-check';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { expect, it } from 'vitest';
import { apiPaths, pathTo, type PlacedBid } from '@yuk/shared';
import type { Db } from '../../src/db/database.js';
import { AppError } from '../../src/errors.js';
import { placeBid, type BidsContext } from '../../src/modules/bids/index.js';
import { awardTender, closeTender, confirmAward, declineAward } from '../../src/modules/tender-lifecycle/index.js';
import { createMemoryEventBus } from '../../src/plugins/event-bus.js';
import { buildTestApp, engine } from '../helpers.js';
import { createTender } from '../factories/index.js';
import { quickUsers, type QuickUser } from '../factories/index.js';
import { printFigure, seededRandom, size } from './support.js';

/**
 * Bid race (ASVS 11.1.6; Jepsen-style invariant checks): many carriers bid at once over HTTP while the owner
 * awards or closes, and the bids service's own functions run interleaved by fast-check's scheduler at every
 * database round trip. After each run the tender and its bids must satisfy every invariant of bidding.
 */
const SEED = Number(process.env.RELIABILITY_SEED ?? 777);
const testApp = await buildTestApp({ logLevel: 'silent' });
const { app, database } = testApp;
const users = await quickUsers(database, size(10, 24));
const [owner, ...carriers] = users as [QuickUser, ...QuickUser[]];

interface Violation {
  tenderId: number;
  rule: string;
  detail: string;
}

/** Every rule of bidding, checked on the stored rows of one tender. `placed` are the bids answered 201. */
async function checkInvariants(db: Db, tenderId: number, placed: number[] | undefined): Promise<Violation[]> {
  const violations: Violation[] = [];
  const fail = (rule: string, detail: unknown) => violations.push({ tenderId, rule, detail: JSON.stringify(detail) });
  const tender = await db
    .selectFrom('tenders')
    .select(['status', 'bid_count', 'current_min_bid_cents', 'awarded_bid_id', 'initial_price_cents'])
    .where('id', '=', tenderId)
    .executeTakeFirstOrThrow();
  const bids = await db
    .selectFrom('bids')
    .select(['id', 'bidder_id', 'amount_cents', 'status'])
    .where('tender_id', '=', tenderId)
    .orderBy('id')
    .execute();
  const shipments = await db
    .selectFrom('shipments')
    .select(['bid_id', 'carrier_id'])
    .where('tender_id', '=', tenderId)
    .execute();

  for (let i = 1; i < bids.length; i += 1) {
    if (bids[i]!.amount_cents >= bids[i - 1]!.amount_cents)
      fail('accepted bids strictly decrease by id', [bids[i - 1], bids[i]]);
  }
  if (bids[0] && bids[0].amount_cents >= tender.initial_price_cents) fail('first bid below the initial price', bids[0]);
  if (tender.bid_count !== bids.length)
    fail('bid_count equals the number of bids', { bid_count: tender.bid_count, bids: bids.length });
  const lowest = bids.length ? Math.min(...bids.map((b) => b.amount_cents)) : null;
  if (tender.current_min_bid_cents !== lowest)
    fail('current minimum equals the lowest bid', { stored: tender.current_min_bid_cents, lowest });

  const active = bids.filter((b) => b.status === 'active');
  const pending = bids.filter((b) => b.status === 'pending');
  const accepted = bids.filter((b) => b.status === 'accepted');
  const chosen = bids.filter((b) => b.status === 'awarded' || b.status === 'accepted');
  // while the chosen carrier has not confirmed, the other bids stay undecided (the award may pass to them)
  const awaiting = tender.status === 'awarded' && accepted.length === 0;
  if (active.length > 1) fail('at most one active bid', active);
  if (active.length > 0 && tender.status !== 'opened' && !awaiting)
    fail('an active bid only on an opened tender or one awaiting confirmation', { status: tender.status, active });
  if (tender.status === 'opened' && bids.length > 0 && active[0]?.id !== bids.at(-1)?.id)
    fail('the active bid is the lowest', { active, last: bids.at(-1) });
  if (tender.status === 'awarded') {
    if (chosen.length !== 1) fail('after award exactly one awarded or accepted bid', chosen);
    if (chosen[0] && chosen[0].id !== tender.awarded_bid_id)
      fail('the chosen bid is the awarded one', { chosen, awarded: tender.awarded_bid_id });
    if (accepted.length === 1) {
      if (active.length + pending.length > 0)
        fail('after confirmation no active or pending bid', [...active, ...pending]);
      if (shipments.length !== 1 || shipments[0]?.bid_id !== tender.awarded_bid_id)
        fail('one shipment for the accepted bid', shipments);
      if (shipments[0] && shipments[0].carrier_id !== accepted[0]!.bidder_id)
        fail('the shipment goes to the winner', shipments);
    } else if (shipments.length > 0) fail('no shipment before confirmation', shipments);
  } else {
    if (chosen.length > 0) fail('no awarded or accepted bid without an award', chosen);
    if (shipments.length > 0) fail('no shipment without an award', shipments);
  }
  if (tender.status === 'closed' && active.length + pending.length > 0)
    fail('a closed tender has no undecided bid', [...active, ...pending]);
  if (placed) {
    const stored = new Set(bids.map((b) => b.id));
    const answered = new Set(placed);
    for (const id of answered) if (!stored.has(id)) fail('every 201 bid is stored', id);
    for (const id of stored) if (!answered.has(id)) fail('every stored bid was answered 201', id);
  }
  return violations;
}

it(
  'bid race over HTTP: concurrent carriers with an award or a close in the middle keep every invariant',
  async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const random = seededRandom(SEED);
    const rounds = size(6, 40);
    const bidsPerRound = size(40, 200);
    let attempts = 0;
    let acceptedCount = 0;
    const violations: Violation[] = [];
    const statuses = new Map<number, number>();
    const post = async (token: string, path: string, body: unknown) => {
      const res = await fetch(`${address}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      return { status: res.status, body: await res.json() };
    };

    for (let round = 0; round < rounds; round += 1) {
      const tender = await createTender(app, owner.accessToken, { initial_price: 100_000 });
      const decision = round % 3; // 0: bids only, 1: award in the middle, 2: close in the middle
      const placed: number[] = [];
      let decided: Promise<unknown> = Promise.resolve();
      const burst = Array.from({ length: bidsPerRound }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 20)));
        const carrier = carriers[Math.floor(random() * carriers.length)]!;
        // a falling price with noise: many offers land close to each other, as in a real auction's last minutes
        const amount = Math.round(100_000 * (1 - ((i + random() * 12) / (bidsPerRound + 12)) * 0.95) * 100) / 100;
        attempts += 1;
        const res = await post(carrier.accessToken, pathTo(apiPaths.tenders.bids, { id: tender.id }), {
          bid_amount: amount,
        });
        if (res.status === 201) placed.push((res.body as PlacedBid).id);
        if (i === Math.floor(bidsPerRound / 2) && decision > 0) {
          const bidId = placed[Math.floor(random() * placed.length)] ?? 1;
          decided = post(
            owner.accessToken,
            `/api/tenders/${tender.id}/${decision === 1 ? 'award' : 'close'}`,
            decision === 1 ? { bid_id: bidId } : {},
          );
        }
      });
      await Promise.all(burst);
      await decided;
      acceptedCount += placed.length;
      violations.push(...(await checkInvariants(database.db, tender.id, placed)));
    }
    const unexpected = [...statuses.keys()].filter((status) => ![200, 201, 403, 404, 409].includes(status));
    printFigure('bid race http', {
      engine,
      seed: SEED,
      rounds,
      attempts,
      accepted: acceptedCount,
      statuses: [...statuses.entries()].map(([status, count]) => `${status}:${count}`).join(','),
      invariant_violations: violations.length,
    });
    expect(violations.slice(0, 10)).toEqual([]);
    expect(unexpected).toEqual([]);
    expect(acceptedCount).toBeGreaterThan(rounds);
  },
  size(60_000, 600_000),
);

/** Makes every database round trip a point where fast-check's scheduler chooses who goes on next. */
let interleavings = 0;
function yieldEveryQuery(scheduler: fc.Scheduler): KyselyPlugin {
  return {
    transformQuery: (args: PluginTransformQueryArgs): RootOperationNode => args.node,
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => {
      interleavings += 1;
      await scheduler.schedule(Promise.resolve(), 'query');
      return args.result;
    },
  };
}

type Action =
  | { kind: 'bid'; carrier: number; amount: number }
  | { kind: 'award'; pick: number }
  | { kind: 'close' }
  | { kind: 'confirm' }
  | { kind: 'decline' };

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('bid' as const),
      carrier: fc.nat(carriers.length - 1),
      amount: fc.integer({ min: 100, max: 99_900 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('award' as const), pick: fc.nat(20) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('close' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('confirm' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('decline' as const) }) },
);

it(
  'bid race in process: placeBid, awardTender and closeTender interleaved by fast-check at every query',
  async () => {
    const bus = createMemoryEventBus();
    let runs = 0;
    let calls = 0;
    let placedCount = 0;
    const violations: Violation[] = [];
    const unexpectedErrors: string[] = [];

    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(actionArb, { minLength: 2, maxLength: size(10, 16) }),
        async (s, actions) => {
          runs += 1;
          const tender = await createTender(app, owner.accessToken, { initial_price: 1000 });
          const ctx: BidsContext = { db: database.db.withPlugin(yieldEveryQuery(s)), bus };
          const placed: number[] = [];
          const run = async (action: Action) => {
            calls += 1;
            try {
              if (action.kind === 'bid') {
                const bid = await placeBid(ctx, carriers[action.carrier]!.user.id, tender.id, {
                  amountUsd: action.amount / 100,
                });
                placed.push(bid.id);
              } else if (action.kind === 'award') {
                const ids = await database.db
                  .selectFrom('bids')
                  .select('id')
                  .where('tender_id', '=', tender.id)
                  .orderBy('id')
                  .execute();
                const bidId = ids.length ? ids[action.pick % ids.length]!.id : 2_000_000_000;
                await awardTender(ctx, owner.user.id, tender.id, bidId);
              } else if (action.kind === 'confirm' || action.kind === 'decline') {
                // the carrier of the bid awaiting confirmation answers (if there is one now)
                const awarded = await database.db
                  .selectFrom('bids')
                  .select(['id', 'bidder_id'])
                  .where('tender_id', '=', tender.id)
                  .where('status', '=', 'awarded')
                  .executeTakeFirst();
                if (!awarded) return;
                const answer = action.kind === 'confirm' ? confirmAward : declineAward;
                await answer(ctx, awarded.bidder_id, awarded.id);
              } else {
                await closeTender(ctx, owner.user.id, tender.id);
              }
            } catch (error) {
              if (!(error instanceof AppError)) unexpectedErrors.push(`${action.kind}: ${String(error)}`);
            }
          };
          // every call starts when the scheduler says so, and goes on one query at a time
          const all = Promise.all(
            actions.map((action) => s.schedule(Promise.resolve(), action.kind).then(() => run(action))),
          );
          await s.waitFor(all);
          placedCount += placed.length;
          const found = await checkInvariants(database.db, tender.id, placed);
          violations.push(...found);
          return found.length === 0;
        },
      ),
      { seed: SEED, numRuns: size(30, 300), endOnFailure: true },
    );

    printFigure('bid race scheduled', {
      engine,
      seed: SEED,
      runs,
      calls,
      scheduling_points: interleavings,
      placed: placedCount,
      invariant_violations: violations.length,
      unexpected_errors: unexpectedErrors.length,
    });
    expect(violations).toEqual([]);
    expect(unexpectedErrors).toEqual([]);
    expect(placedCount).toBeGreaterThan(0);
  },
  size(60_000, 900_000),
);
