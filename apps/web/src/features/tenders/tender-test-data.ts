import type { Tender } from '@yuk/shared';
import { tenderNumber } from '@yuk/shared';

let nextId = 500;

/** A tender as the API returns it; tests change only what they look at. */
export function makeTender(overrides: Partial<Tender> = {}): Tender {
  const id = overrides.id ?? nextId++;
  return {
    id,
    number: tenderNumber(id),
    name: `Paxta tolasi ${id}`,
    cargo_type: 'Truck - tented',
    cargo_weight: 12500,
    cargo_volume: 40.5,
    origin_location: 'Tashkent',
    destination_location: 'Moscow',
    shipment_date: '2026-12-01',
    delivery_date: '2026-12-06',
    tender_start_date: '2026-11-20',
    tender_end_date: '2026-11-30',
    initial_price: 4200,
    status: 'opened',
    current_min_bid: null,
    bid_count: 0,
    requirements: null,
    notes: null,
    incoterms: null,
    owner_id: 1,
    is_owner: false,
    created_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  };
}

/**
 * jsdom lays nothing out: gives every element a size so the virtualized tables render the rows in view.
 * Returns the function that puts jsdom's own (zero) sizes back.
 */
export function giveElementsASize(height = 800, width = 1200): () => void {
  const sizes = [
    [HTMLElement.prototype, 'offsetHeight', height],
    [HTMLElement.prototype, 'offsetWidth', width],
    [Element.prototype, 'clientHeight', height],
    [Element.prototype, 'clientWidth', width],
  ] as const;
  const originals = sizes.map(([proto, key]) => [proto, key, Object.getOwnPropertyDescriptor(proto, key)] as const);
  for (const [proto, key, value] of sizes) Object.defineProperty(proto, key, { configurable: true, get: () => value });
  return () => {
    for (const [proto, key, descriptor] of originals) if (descriptor) Object.defineProperty(proto, key, descriptor);
  };
}
