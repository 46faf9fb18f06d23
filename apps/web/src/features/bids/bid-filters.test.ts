import { describe, expect, it } from 'vitest';
import type { MyBid } from '@yuk/shared';
import { makeMyBid } from '../../test/factories';
import { bidMatchesLocation, bidMatchesSearch, emptyKind, filterBids, type BidFilters } from './bid-filters';

const none: BidFilters = { search: '', deliverySpeed: '', priceRange: '', location: '' };
const ids = (bids: MyBid[]) => bids.map((item) => item.id);

describe('bids screen filters', () => {
  it("search: a case-insensitive substring of the tender's name, origin or destination, nothing else", () => {
    const row = makeMyBid({
      name: 'Paxta tolasi',
      origin_location: 'Buxoro',
      destination_location: 'Riga, Latvia',
      number: 'YT-777',
    });
    expect(bidMatchesSearch(row, 'PAXTA')).toBe(true);
    expect(bidMatchesSearch(row, 'buxo')).toBe(true);
    expect(bidMatchesSearch(row, 'latvia')).toBe(true);
    expect(bidMatchesSearch(row, '  riga ')).toBe(true);
    expect(bidMatchesSearch(row, 'YT-777')).toBe(false);
    expect(bidMatchesSearch(row, 'Sement')).toBe(false);
    expect(bidMatchesSearch(row, '')).toBe(true);
  });

  it("location: the origin contains the city (any letter case, common spellings); 'Boshqa' is none of the listed cities", () => {
    expect(bidMatchesLocation('Toshkent sh., Chilonzor', 'Toshkent')).toBe(true);
    expect(bidMatchesLocation('TOSHKENT', 'Toshkent')).toBe(true);
    expect(bidMatchesLocation('Tashkent', 'Toshkent')).toBe(true);
    expect(bidMatchesLocation('Samarqand', 'Toshkent')).toBe(false);
    expect(bidMatchesLocation('Samarkand region', 'Samarqand')).toBe(true);
    expect(bidMatchesLocation('Buxoro', 'Boshqa')).toBe(true);
    expect(bidMatchesLocation('Namangan', 'Boshqa')).toBe(true);
    expect(bidMatchesLocation('Toshkent', 'Boshqa')).toBe(false);
    expect(bidMatchesLocation('samarqand viloyati', 'Boshqa')).toBe(false);
    expect(bidMatchesLocation('Toshkent', 'Toshkent'.toUpperCase())).toBe(true);
    // only the origin counts
    expect(
      filterBids([makeMyBid({ origin_location: 'Buxoro', destination_location: 'Toshkent' })], {
        ...none,
        location: 'Toshkent',
      }),
    ).toEqual([]);
  });

  it("price: the tender list's bands on the bid amount (Arzon < 1000, O'rtacha 1000–5000 inclusive, Qimmat > 5000)", () => {
    const bids = [999.99, 1000, 5000, 5000.01].map((amount, index) => makeMyBid({ id: index + 1, bid_amount: amount }));
    expect(ids(filterBids(bids, { ...none, priceRange: 'Arzon' }))).toEqual([1]);
    expect(ids(filterBids(bids, { ...none, priceRange: "O'rtacha" }))).toEqual([2, 3]);
    expect(ids(filterBids(bids, { ...none, priceRange: 'Qimmat' }))).toEqual([4]);
  });

  it("delivery time: the shared rule on the bid's tender dates (Tez ≤ 3 days, Odatdagi 4–7, Sekin ≥ 8)", () => {
    const bids = [
      makeMyBid({ id: 1, shipment_date: '2025-03-01', delivery_date: '2025-03-04' }),
      makeMyBid({ id: 2, shipment_date: '2025-03-01', delivery_date: '2025-03-08' }),
      makeMyBid({ id: 3, shipment_date: '2025-03-01', delivery_date: '2025-03-09' }),
    ];
    expect(ids(filterBids(bids, { ...none, deliverySpeed: 'Tez' }))).toEqual([1]);
    expect(ids(filterBids(bids, { ...none, deliverySpeed: 'Odatdagi' }))).toEqual([2]);
    expect(ids(filterBids(bids, { ...none, deliverySpeed: 'Sekin' }))).toEqual([3]);
    expect(ids(filterBids(bids, none))).toEqual([1, 2, 3]);
  });

  it('combines every filter', () => {
    const bids = [
      makeMyBid({ id: 1, name: 'Un', origin_location: 'Toshkent', bid_amount: 800, delivery_date: '2025-03-02' }),
      makeMyBid({ id: 2, name: 'Un', origin_location: 'Toshkent', bid_amount: 800, delivery_date: '2025-03-20' }),
      makeMyBid({ id: 3, name: 'Un', origin_location: 'Samarqand', bid_amount: 800, delivery_date: '2025-03-02' }),
      makeMyBid({ id: 4, name: 'Guruch', origin_location: 'Toshkent', bid_amount: 800, delivery_date: '2025-03-02' }),
      makeMyBid({ id: 5, name: 'Un', origin_location: 'Toshkent', bid_amount: 1800, delivery_date: '2025-03-02' }),
    ];
    expect(
      ids(filterBids(bids, { search: 'un', deliverySpeed: 'Tez', priceRange: 'Arzon', location: 'Toshkent' })),
    ).toEqual([1]);
  });

  it('picks the empty text as the spec says: noResultsFound only for a search or a location', () => {
    expect(emptyKind({ search: '', location: '' })).toBe('none');
    expect(emptyKind({ search: 'x', location: '' })).toBe('noResults');
    expect(emptyKind({ search: '', location: 'Boshqa' })).toBe('noResults');
    expect(emptyKind({ search: '   ', location: '' })).toBe('none');
  });
});
