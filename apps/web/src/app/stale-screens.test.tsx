import { screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, webRoutes, type Tender, type TenderBid } from '@yuk/shared';
import { makeBidder, makeTender, makeTenderBid } from '../test/factories';
import { renderWithProviders, signedIn } from '../test/render';
import { fakeApi, on } from '../test/fake-api';
import { giveElementsASize } from '../test/sizes';
import { appRoutes } from './router';

/**
 * A change made on one screen shows on the others that were loaded before it, without a reload: the screens
 * share one query cache, and each mutation refreshes every list that shows what it changed.
 */
let restoreSizes: () => void;

signedIn('uz');
beforeEach(() => {
  // My Orders is a virtual table: it draws the rows that fit, so the test gives the page a size
  restoreSizes = giveElementsASize();
});
afterEach(() => {
  restoreSizes();
});

/** A small API: one tender of the signed-in owner with two bids; awarding changes what every call answers. */
function serveOwnersTender() {
  let tender: Tender = makeTender({ id: 9, name: 'Paxta 20 t', is_owner: true, bid_count: 2, current_min_bid: 3900 });
  let bids: TenderBid[] = [
    makeTenderBid({ id: 31, bid_amount: 3900 }),
    makeTenderBid({
      id: 32,
      bid_amount: 4100,
      bidder: makeBidder({ id: 4, first_name: 'Olga', last_name: 'Petrova', phone_number: '+998935556677' }),
    }),
  ];
  return fakeApi(
    on.get(apiPaths.tenders.mine, () => [tender]),
    on.get(apiPaths.tenders.events, () => new Response(new ReadableStream(), { status: 200 })),
    on.get(apiPaths.tenders.minBid, () => ({ min_bid: tender.current_min_bid, min_step: 0.01, next_max_bid: 3899.99 })),
    on.get(apiPaths.tenders.awards, () => []),
    on.get(apiPaths.tenders.bids, () => bids),
    on.post(apiPaths.tenders.award, () => {
      tender = { ...tender, status: 'awarded' };
      bids = bids.map((bid) => ({ ...bid, status: bid.id === 32 ? 'accepted' : 'rejected' }));
      return { min_bid: tender.current_min_bid, bid_count: 2, status: 'awarded', closes_at: tender.closes_at };
    }),
    on.get(apiPaths.tenders.one, ({ params }) => (params.id === '9' ? tender : undefined)),
  );
}

async function orderStatus(name: string): Promise<string> {
  const table = await screen.findByRole('table', { name: 'Buyurtmalarim' });
  const row = await within(table).findByRole('row', { name: new RegExp(name) });
  return row.textContent ?? '';
}

describe('stale screens', () => {
  it('awarding on the tender page changes My Orders, opened before, without a reload', async () => {
    const { calls } = serveOwnersTender();
    const router = createMemoryRouter(appRoutes, { initialEntries: [webRoutes.orders] });
    const { user } = renderWithProviders(<RouterProvider router={router} />);
    // the lazy page's code loads first: a busy machine takes more than the default second
    await waitFor(async () => expect(await orderStatus('Paxta 20 t')).toMatch(/opened/), { timeout: 5000 });

    await router.navigate(pathTo(webRoutes.tender, { id: 9 }));
    await user.click(await screen.findByRole('button', { name: 'Award: Olga Petrova ($4,100)' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Award' }));
    expect(await screen.findByText('Bu tender allaqachon berilgan')).toBeInTheDocument();

    // back to My Orders, loaded two minutes' worth of "fresh" ago: it shows the award
    await router.navigate(webRoutes.orders);
    await waitFor(async () => expect(await orderStatus('Paxta 20 t')).toMatch(/awarded/), { timeout: 5000 });
    const listCalls = calls.filter((call) => new URL(call.url, 'http://x').pathname === apiPaths.tenders.mine);
    expect(listCalls.length).toBe(2);
  });
});
