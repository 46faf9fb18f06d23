import type { AwardOrigin, AwardOutcome } from '@yuk/shared';
import type { Db } from '../../db/database.js';

/** Writes one award into the tender's history. */
export async function recordAward(
  trx: Db,
  award: {
    tenderId: number;
    bidId: number;
    origin: AwardOrigin;
    outcome: AwardOutcome;
    awardedAt: string;
    confirmByMs: number | null;
  },
): Promise<void> {
  await trx
    .insertInto('tender_awards')
    .values({
      tender_id: award.tenderId,
      bid_id: award.bidId,
      origin: award.origin,
      outcome: award.outcome,
      awarded_at: award.awardedAt,
      confirm_by_ms: award.confirmByMs,
      decided_at: award.outcome === 'awaiting' ? null : award.awardedAt,
    })
    .execute();
}

/** The carrier's answer (or their silence) on the award awaiting it. */
export async function settleAward(trx: Db, bidId: number, outcome: AwardOutcome, decidedAt: string): Promise<void> {
  await trx
    .updateTable('tender_awards')
    .set({ outcome, decided_at: decidedAt })
    .where('bid_id', '=', bidId)
    .where('outcome', '=', 'awaiting')
    .execute();
}

/** A tender's awards in order, with the bids and carriers they went to. */
export function listAwards(db: Db, tenderId: number) {
  return db
    .selectFrom('tender_awards')
    .innerJoin('bids', 'bids.id', 'tender_awards.bid_id')
    .innerJoin('users', 'users.id', 'bids.bidder_id')
    .select([
      'tender_awards.id',
      'tender_awards.bid_id',
      'tender_awards.origin',
      'tender_awards.outcome',
      'tender_awards.awarded_at',
      'tender_awards.confirm_by_ms',
      'tender_awards.decided_at',
      'bids.amount_cents',
      'users.id as bidder_id',
      'users.first_name',
      'users.last_name',
    ])
    .where('tender_awards.tender_id', '=', tenderId)
    .orderBy('tender_awards.id')
    .execute();
}
