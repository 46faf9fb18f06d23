import { describe, expect, it } from 'vitest';
import type { TenderStatus, VerificationStatus } from '@yuk/shared';
import { placeBidsInOrder } from '../src/modules/bids/bids.repository.js';
import {
  lockTenders,
  lowerCurrentMinimum,
  takeAtBuyNowPrice,
  tradeRefusal,
  type Trade,
} from '../src/modules/tenders/index.js';
import { createTender, pendingCompany, quickUsers } from './factories/index.js';
import { buildTestApp, engine } from './helpers.js';

// Who may bid or buy now is decided by one conditional update each (tenders.repository.ts); tradeRefusal
// explains a refusal after the fact. Over every combination of tender, company and bid states the two must
// agree: the update goes through exactly when tradeRefusal finds nothing in the way.

const { app, database } = await buildTestApp();
const db = database.db;
const [owner, companyless, withCompany] = await quickUsers(database, 3);
const company = await pendingCompany(app, withCompany!.accessToken);
const tender = await createTender(app, owner!.accessToken);

const INITIAL_CENTS = 150_000;
const STEP_CENTS = 5_000;
const NOW_MS = Date.now();

type Trader = 'owner' | 'no company' | `${VerificationStatus}${'' | ' suspended'}`;
const traders: Trader[] = ['owner', 'no company', 'pending', 'verified', 'verified suspended'];

interface State {
  status: TenderStatus;
  closed: boolean;
  verifiedOnly: boolean;
  trader: Trader;
  currentMinCents: number | null;
  buyNowCents: number | null;
}

/** The bids tried on each state, relative to its minimum, and buying it now. */
const trades = (minimum: number): Record<string, Trade> => ({
  'a bid a step below': { amountCents: minimum - STEP_CENTS },
  'a bid inside the step': { amountCents: minimum - STEP_CENTS + 1 },
  'a bid at the minimum': { amountCents: minimum },
  'buying now': { buyNow: true },
});

async function setUp(state: State): Promise<number> {
  await db
    .updateTable('tenders')
    .set({
      status: state.status,
      closes_at_ms: state.closed ? NOW_MS - 1000 : NOW_MS + 3_600_000,
      verified_only: state.verifiedOnly ? 1 : 0,
      initial_price_cents: INITIAL_CENTS,
      current_min_bid_cents: state.currentMinCents,
      min_step_cents: STEP_CENTS,
      buy_now_price_cents: state.buyNowCents,
      soft_close_minutes: 0,
    })
    .where('id', '=', tender.id)
    .execute();
  const [verification, suspended] = state.trader.split(' ');
  if (state.trader !== 'owner' && state.trader !== 'no company') {
    await db
      .updateTable('companies')
      .set({
        verification_status: verification as VerificationStatus,
        suspended_at: suspended ? new Date(NOW_MS).toISOString() : null,
      })
      .where('id', '=', company.id)
      .execute();
  }
  if (state.trader === 'owner') return owner!.user.id;
  return state.trader === 'no company' ? companyless!.user.id : withCompany!.user.id;
}

/** Whether the trade's own conditional update lets it through (rolled back either way). */
async function sqlAllows(userId: number, trade: Trade): Promise<boolean> {
  let allowed = false;
  await db
    .transaction()
    .execute(async (trx) => {
      allowed =
        'buyNow' in trade
          ? (await takeAtBuyNowPrice(trx, { tenderId: tender.id, buyerId: userId, nowMs: NOW_MS })) !== undefined
          : (await lowerCurrentMinimum(trx, {
              tenderId: tender.id,
              bidderId: userId,
              amountCents: trade.amountCents,
              nowMs: NOW_MS,
            })) !== undefined;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return allowed;
}

/** Whether PostgreSQL's statement for a batch of bids (lowerMinimumsInOrder) lets the same bid through. */
async function batchAllows(userId: number, amountCents: number): Promise<boolean> {
  let allowed = false;
  await db
    .transaction()
    .execute(async (trx) => {
      await lockTenders(trx, [tender.id]);
      const placed = await placeBidsInOrder(trx, [
        {
          tender_id: tender.id,
          bidder_id: userId,
          amount_cents: amountCents,
          status: 'active',
          created_at: new Date(NOW_MS).toISOString(),
          valid_until_ms: null,
          vehicle_id: null,
          now_ms: NOW_MS,
        },
      ]);
      allowed = placed.length === 1;
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return allowed;
}

class RolledBack extends Error {}

function* states(): Generator<State> {
  for (const status of ['draft', 'opened', 'closed', 'awarded'] as const)
    for (const closed of [false, true])
      for (const verifiedOnly of [false, true])
        for (const trader of traders)
          for (const currentMinCents of [null, 100_000])
            for (const buyNowCents of [null, 120_000, 100_000, 80_000])
              yield { status, closed, verifiedOnly, trader, currentMinCents, buyNowCents };
}

describe('who may bid or buy now', () => {
  it('tradeRefusal names a reason exactly when the conditional update refuses, over every state', async () => {
    const disagreements: string[] = [];
    const seen = new Set<string>();
    for (const state of states()) {
      for (const [name, trade] of Object.entries(trades(state.currentMinCents ?? INITIAL_CENTS))) {
        // the buy-now price only matters to buying now: bids are tried on one of its values
        if (!('buyNow' in trade) && state.buyNowCents !== null) continue;
        const userId = await setUp(state);
        const refusal = await tradeRefusal(db, userId, tender.id, trade, NOW_MS);
        const allowed = await sqlAllows(userId, trade);
        seen.add(refusal?.code ?? 'allowed');
        if (allowed !== (refusal === undefined)) {
          disagreements.push(`${name} on ${JSON.stringify(state)}: SQL ${allowed}, tradeRefusal ${refusal?.code}`);
        }
        // on PostgreSQL the batches write bids with their own statement: it must agree too
        if (engine === 'postgres' && !('buyNow' in trade)) {
          const inBatch = await batchAllows(userId, trade.amountCents);
          if (inBatch !== allowed)
            disagreements.push(`${name} on ${JSON.stringify(state)}: SQL ${allowed}, batch ${inBatch}`);
        }
      }
    }
    expect(disagreements).toEqual([]);
    // the table reaches every rule
    expect([...seen].sort()).toEqual([
      'BID_NOT_LOWER',
      'BID_OWN_TENDER',
      'BID_STEP_TOO_SMALL',
      'BUY_NOW_UNAVAILABLE',
      'COMPANY_NOT_VERIFIED',
      'COMPANY_SUSPENDED',
      'TENDER_ALREADY_AWARDED',
      'TENDER_NOT_FOUND',
      'TENDER_NOT_OPEN',
      'allowed',
    ]);
  });
});
