import { describe, expect, it } from 'vitest';
import { AWARDABLE_BID_STATUSES, isAwardableBid, minBidAnswer } from './bid-rules.js';
import { BID_STATUSES } from './constants.js';

const NOW = Date.parse('2026-11-26T10:00:00Z');

describe('which bids the owner may still choose', () => {
  it.each(BID_STATUSES.map((status) => [status, AWARDABLE_BID_STATUSES.some((allowed) => allowed === status)]))(
    'a %s bid without a limit: %s',
    (status, awardable) => {
      expect(isAwardableBid({ status, valid_until: null }, NOW)).toBe(awardable);
    },
  );

  it('keeps undecided and closed-out bids, and no decided one', () => {
    expect([...AWARDABLE_BID_STATUSES].sort()).toEqual(['active', 'pending', 'rejected']);
  });

  it('drops a bid once its valid_until has come, whatever its status', () => {
    const ahead = new Date(NOW + 1).toISOString();
    const now = new Date(NOW).toISOString();
    expect(isAwardableBid({ status: 'active', valid_until: ahead }, NOW)).toBe(true);
    expect(isAwardableBid({ status: 'active', valid_until: now }, NOW)).toBe(false);
    expect(isAwardableBid({ status: 'rejected', valid_until: '2026-11-26T14:59:59+05:00' }, NOW)).toBe(false);
    expect(isAwardableBid({ status: 'declined', valid_until: ahead }, NOW)).toBe(false);
  });
});

describe('the min-bid answer', () => {
  it('counts down from the start price while there is no bid', () => {
    expect(minBidAnswer({ current_min_bid_cents: null, initial_price_cents: 420_000, min_step_cents: 1000 })).toEqual({
      min_bid: null,
      min_step: 10,
      next_max_bid: 4190,
    });
  });

  it('counts down from the lowest bid once there is one', () => {
    expect(minBidAnswer({ current_min_bid_cents: 390_050, initial_price_cents: 420_000, min_step_cents: 1 })).toEqual({
      min_bid: 3900.5,
      min_step: 0.01,
      next_max_bid: 3900.49,
    });
  });

  it('offers no amount when the step leaves nothing above zero', () => {
    expect(minBidAnswer({ current_min_bid_cents: 500, initial_price_cents: 420_000, min_step_cents: 500 })).toEqual({
      min_bid: 5,
      min_step: 5,
      next_max_bid: null,
    });
  });
});
