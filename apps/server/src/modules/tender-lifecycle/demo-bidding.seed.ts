import { marketToday } from '@yuk/shared';
import type { Db } from '../../db/database.js';
import { createMemoryEventBus } from '../../plugins/event-bus.js';
import { placeBid } from '../bids/index.js';
import { moveShipment } from '../shipments/index.js';
import { listOwnerTendersInStatus, setTenderWindow } from '../tenders/index.js';
import { awardTender, confirmAward, type LifecycleContext } from './lifecycle.service.js';

/** Deterministic, so the demo looks the same on every machine. */
function randomSource(seed: number) {
  let state = seed;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

/**
 * Demo bidding through the real rules (so statuses, notifications and shipments are what users would
 * see): the two carriers bid many open tenders down, and the tenders the demo marks awarded get real
 * winning bids and shipments at every step.
 */
export async function seedDemoBids(db: Db, shipperId: number, carrierIds: [number, number]): Promise<void> {
  const ctx: LifecycleContext = { db, bus: createMemoryEventBus() };
  const random = randomSource(20261121);
  const today = marketToday();

  const open = await listOwnerTendersInStatus(db, shipperId, 'opened', { openOn: today });
  for (const tender of open) {
    if (random() > 0.55) continue;
    let price = tender.initial_price_cents / 100;
    const rounds = 1 + Math.floor(random() * 5);
    for (let round = 0; round < rounds; round += 1) {
      price = Math.floor(price * (0.9 + random() * 0.07));
      if (price <= 1) break;
      await placeBid(ctx, carrierIds[round % 2]!, tender.id, { amountUsd: price });
    }
  }

  // The awarded tenders of the demo: bid and award them for real, then move their shipments along.
  const awarded = await listOwnerTendersInStatus(db, shipperId, 'awarded', { withoutAwardedBid: true });
  let index = 0;
  for (const tender of awarded) {
    await setTenderWindow(db, tender.id, { status: 'opened', tender_end_date: today });
    const first = await placeBid(ctx, carrierIds[index % 2]!, tender.id, {
      amountUsd: Math.floor((tender.initial_price_cents / 100) * 0.95),
    });
    const second = await placeBid(ctx, carrierIds[(index + 1) % 2]!, tender.id, {
      amountUsd: Math.floor((tender.initial_price_cents / 100) * 0.9),
    });
    const winner = random() < 0.7 ? second : first;
    const winnerId = winner === second ? carrierIds[(index + 1) % 2]! : carrierIds[index % 2]!;
    await awardTender(ctx, shipperId, tender.id, winner.id);
    await confirmAward(ctx, winnerId, winner.id);
    await setTenderWindow(db, tender.id, { tender_end_date: tender.tender_end_date });
    const number = winner.tender_number;
    const step = index % 4; // 0 awarded, 1 loaded, 2 on the way, 3 delivered
    if (step >= 1) await moveShipment(ctx, winnerId, number, 'loaded');
    if (step >= 2) await moveShipment(ctx, winnerId, number, 'on_the_way');
    if (step >= 3) await moveShipment(ctx, shipperId, number, 'delivered');
    index += 1;
  }
}
