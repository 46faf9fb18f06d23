import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { SHIPMENT_STORAGE_KEY, apiPaths, type MyBid } from '@yuk/shared';
import { changeLanguage } from '../../i18n';
import { filterActions } from '../../lib/filter-store';
import { findToast, jsonResponse, renderWithProviders, stubFetch, type FetchCall, signedIn } from '../../test/render';
import { makeMyBid } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { csvFile, watchDownloads } from '../../test/downloads';
import { BidsPage } from './bids-page';

const sample: MyBid[] = [
  makeMyBid({
    id: 1,
    tender_id: 11,
    number: 'YT-000011',
    name: 'Sement',
    bid_amount: 12500,
    status: 'pending',
    origin_location: 'Toshkent',
  }),
  makeMyBid({
    id: 2,
    tender_id: 12,
    number: 'YT-000012',
    name: 'Paxta',
    bid_amount: 800,
    status: 'accepted',
    origin_location: 'Samarqand',
    destination_location: 'Buxoro',
  }),
  makeMyBid({
    id: 3,
    tender_id: 13,
    number: 'YT-000013',
    name: 'Guruch',
    bid_amount: 3000,
    status: 'rejected',
    origin_location: 'Namangan',
  }),
  makeMyBid({
    id: 4,
    tender_id: 14,
    number: 'YT-000014',
    name: 'Olma',
    bid_amount: 4000,
    status: 'active',
    origin_location: 'Andijon',
  }),
];

function renderBids(path = '/bids') {
  const router = createMemoryRouter(
    [
      { path: '/bids', element: <BidsPage /> },
      { path: '/tender/:id', element: <h1>Tender page</h1> },
      { path: '/shipment/status', element: <h1>Shipment page</h1> },
      { path: '/tenders', element: <h1>Tenders page</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

function serve(bids: MyBid[], extra?: (call: FetchCall) => Response | undefined) {
  return fakeApi(
    on.all('*', (call) => extra?.(call)),
    on.get(apiPaths.bids.mine, () => bids),
    on.get(apiPaths.notifications.unreadCount, () => ({ count: 0 })),
  );
}

describe('bids screen', () => {
  signedIn('uz');
  beforeEach(() => {
    filterActions.resetFilters();
  });

  it('downloads My Bids as CSV with the tender and the filters on screen', async () => {
    const { names: saved, restore } = watchDownloads();
    const { calls } = serve(sample, (call) =>
      call.url.includes('format=csv') ? csvFile('\uFEFFTender\r\n', 'my-bids-2026-11-26.csv') : undefined,
    );
    const { user } = renderBids('/bids?tender_id=5');
    await screen.findByRole('button', { name: 'Takliflarni yuklab olish (CSV)' });
    act(() => filterActions.setFilter('deliverySpeed', 'Tez'));
    await user.click(screen.getByRole('button', { name: 'Takliflarni yuklab olish (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['my-bids-2026-11-26.csv']));
    const csvCall = new URL(calls.find((call) => call.url.includes('format=csv'))!.url, 'http://x');
    expect(csvCall.pathname).toBe('/api/bids/me');
    expect(Object.fromEntries(csvCall.searchParams)).toEqual({ tender_id: '5', delivery: 'Tez', format: 'csv' });
    restore();
  });

  it('shows the title, the seven columns, grouped USD prices, the count line and the button to /tenders', async () => {
    const { calls } = serve(sample);
    const { user, router } = renderBids();
    expect(screen.getByRole('heading', { level: 1, name: 'Takliflarim' })).toBeInTheDocument();
    expect(screen.getByText('Loading bids...')).toBeInTheDocument();
    expect(await screen.findByText('4 ta taklif topildi')).toBeInTheDocument();
    expect(calls[0]?.url).toBe('/api/bids/me');

    const table = screen.getByRole('table', { name: 'Takliflarim' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'Taklif raqami',
      'Mahsulot nomi',
      "Jo'nash joyi",
      'Yetkazish joyi',
      "Og'irligi (kg)",
      'Narxi (USD)',
      'Holati',
    ]);
    const first = within(table).getAllByRole('row')[1]!;
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['YT-000011', 'Sement', 'Toshkent', 'Samarqand', '12,000', '$12,500', 'Kutilmoqda']);
    expect(screen.getByPlaceholderText('Tender qidirish...')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: "Tenderlarni ko'rishda davom etish" }));
    expect(router.state.location.pathname).toBe('/tenders');
  });

  it('colours the statuses: pending (and empty) yellow, accepted green, rejected red, active blue, others grey', async () => {
    serve([
      ...sample,
      makeMyBid({ id: 5, tender_id: 15, number: 'YT-000015', status: '' as MyBid['status'] }),
      makeMyBid({ id: 6, tender_id: 16, number: 'YT-000016', status: 'withdrawn' as MyBid['status'] }),
    ]);
    renderBids();
    await screen.findByText('6 ta taklif topildi');
    const badge = (row: string) =>
      within(screen.getByRole('row', { name: new RegExp(row) })).getAllByRole('cell')[6]!.firstElementChild!
        .firstElementChild!;
    expect(badge('YT-000011')).toHaveTextContent('Kutilmoqda');
    expect(badge('YT-000011')).toHaveClass('text-yellow-200');
    expect(badge('YT-000012')).toHaveTextContent('Qabul qilingan');
    expect(badge('YT-000012')).toHaveClass('text-emerald-200');
    expect(badge('YT-000013')).toHaveTextContent('Rad etilgan');
    expect(badge('YT-000013')).toHaveClass('text-red-200');
    expect(badge('YT-000014')).toHaveTextContent('Faol');
    expect(badge('YT-000014')).toHaveClass('text-sky-200');
    expect(badge('YT-000015')).toHaveTextContent('Kutilmoqda');
    expect(badge('YT-000015')).toHaveClass('text-yellow-200');
    expect(badge('YT-000016')).toHaveTextContent('withdrawn');
    expect(badge('YT-000016')).toHaveClass('text-slate-200');
  });

  it('searches the name, origin and destination; filters the location and the price; clears the filters', async () => {
    serve(sample);
    const { user } = renderBids();
    await screen.findByText('4 ta taklif topildi');
    const search = screen.getByRole('searchbox', { name: 'Qidirish' });

    await user.type(search, 'BUXORO');
    expect(await screen.findByText('1 ta taklif topildi')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /YT-000012/ })).toBeInTheDocument();
    await user.clear(search);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Joylashuv' }), 'Boshqa');
    expect(await screen.findByText('2 ta taklif topildi')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /YT-000013/ })).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /YT-000014/ })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Narx' }), "O'rtacha");
    expect(await screen.findByText('2 ta taklif topildi')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Joylashuv' }), 'Toshkent');
    // Toshkent's only bid is 12,500 (Qimmat): nothing left, and a location is chosen
    expect(await screen.findByText('Hech qanday natija topilmadi')).toBeInTheDocument();
    expect(screen.getByText('0 ta taklif topildi')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Filtrlarni tozalash' }));
    expect(await screen.findByText('4 ta taklif topildi')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Narx' })).toHaveValue('');
  });

  it("says 'Hali hech qanday taklif bermagan' when there are no bids", async () => {
    serve([]);
    renderBids();
    expect(await screen.findByText('Hali hech qanday taklif bermagan')).toBeInTheDocument();
    expect(screen.getByText('0 ta taklif topildi')).toBeInTheDocument();
  });

  it('the price filter alone keeps the no-bids text; a search with no match shows noResultsFound', async () => {
    serve([sample[0]!]);
    const { user } = renderBids();
    await screen.findByText('1 ta taklif topildi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Narx' }), 'Arzon');
    expect(await screen.findByText('Hali hech qanday taklif bermagan')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Narx' }), '');
    await user.type(screen.getByRole('searchbox'), 'yoq narsa');
    expect(await screen.findByText('Hech qanday natija topilmadi')).toBeInTheDocument();
  });

  it("filters the delivery time by the dates of the bids' tenders, with no further calls", async () => {
    const dated = [
      makeMyBid({
        id: 1,
        tender_id: 11,
        number: 'YT-000011',
        shipment_date: '2025-03-01',
        delivery_date: '2025-03-03',
      }),
      makeMyBid({
        id: 2,
        tender_id: 12,
        number: 'YT-000012',
        shipment_date: '2025-03-01',
        delivery_date: '2025-03-06',
      }),
      makeMyBid({
        id: 3,
        tender_id: 13,
        number: 'YT-000013',
        shipment_date: '2025-03-01',
        delivery_date: '2025-03-20',
      }),
      makeMyBid({
        id: 4,
        tender_id: 14,
        number: 'YT-000014',
        shipment_date: '2025-03-01',
        delivery_date: '2025-03-04',
      }),
    ];
    const { calls } = serve(dated);
    const { user } = renderBids();
    await screen.findByText('4 ta taklif topildi');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Yetkazish muddati' }), 'Tez');
    expect(await screen.findByText('2 ta taklif topildi')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Yetkazish muddati' }), 'Sekin');
    expect(await screen.findByText('1 ta taklif topildi')).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /YT-000013/ })).toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/tenders/'))).toHaveLength(0);
  });

  it('a row opens its tender; an accepted bid has Track, which keeps the number and opens the shipment status', async () => {
    serve(sample);
    const { user, router } = renderBids();
    await screen.findByText('4 ta taklif topildi');
    expect(screen.getAllByRole('button', { name: /kuzatish/ })).toHaveLength(1);
    const track = screen.getByRole('button', { name: 'Track: YT-000012 yukini kuzatish' });
    expect(track).toHaveTextContent('Track');
    await user.click(track);
    expect(router.state.location.pathname).toBe('/shipment/status');
    expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000012');

    await router.navigate('/bids');
    await user.click(await screen.findByText('Guruch'));
    expect(router.state.location.pathname).toBe('/tender/13');
  });

  it('Track works from the keyboard without opening the row', async () => {
    serve(sample);
    const { user, router } = renderBids();
    await screen.findByText('4 ta taklif topildi');
    screen.getByRole('button', { name: 'Track: YT-000012 yukini kuzatish' }).focus();
    await user.keyboard('{Enter}');
    expect(router.state.location.pathname).toBe('/shipment/status');
  });

  it("narrows to one tender from ?tender_id= (the shared state's tenderId) and shows all again", async () => {
    const { calls } = serve([sample[1]!]);
    const { user, router } = renderBids('/bids?tender_id=12');
    await screen.findByText('Faqat YT-000012 tenderi');
    await waitFor(() => expect(calls.some((call) => call.url === '/api/bids/me?tender_id=12')).toBe(true));
    await user.click(screen.getByRole('button', { name: "Barcha takliflarni ko'rsatish" }));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/bids/me'));
    expect(router.state.location.search).toBe('');
  });

  it("a failed load shows 'Error loading bids', toasts the server's text (else 'Failed to fetch bids') and retries", async () => {
    let fail = true;
    stubFetch(() => (fail ? jsonResponse({ error: 'Server band', code: 'INTERNAL' }, 500) : jsonResponse(sample)));
    const { user } = renderBids();
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading bids');
    expect(await findToast('Server band')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('4 ta taklif topildi')).toBeInTheDocument();
  });

  it("toasts 'Failed to fetch bids' when the answer has no text", async () => {
    stubFetch(
      () => new Response('<html>bad gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } }),
    );
    renderBids();
    expect(await findToast('Failed to fetch bids')).toBeInTheDocument();
  });

  it('pages long lists with "Show more"', async () => {
    serve(
      Array.from({ length: 120 }, (_, index) =>
        makeMyBid({ id: index + 1, tender_id: index + 1, number: `YT-${index + 1}` }),
      ),
    );
    const { user } = renderBids();
    await screen.findByText('120 ta taklif topildi');
    expect(screen.getAllByRole('row')).toHaveLength(51);
    await user.click(screen.getByRole('button', { name: "Yana 50 tasini ko'rsatish" }));
    expect(screen.getAllByRole('row')).toHaveLength(101);
    await user.click(screen.getByRole('button', { name: "Yana 20 tasini ko'rsatish" }));
    expect(screen.getAllByRole('row')).toHaveLength(121);
    expect(screen.queryByRole('button', { name: /ko'rsatish/ })).toBeNull();
  });

  it('reads in English and Russian', async () => {
    serve(sample);
    await changeLanguage('en');
    renderBids();
    expect(screen.getByRole('heading', { level: 1, name: 'Bids' })).toBeInTheDocument();
    expect(await screen.findByText('4 bids found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Browsing Tenders' })).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Search tender...')).toBeInTheDocument();
    await changeLanguage('ru');
    expect(await screen.findByText('Найдено ставок: 4')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Мои ставки' })).toBeInTheDocument();
    await changeLanguage('uz');
  });
});

describe('awards awaiting my confirmation', () => {
  signedIn('en');
  beforeEach(() => {
    filterActions.resetFilters();
  });

  const inAnHour = new Date(Date.now() + 60 * 60_000 + 30_000).toISOString();
  const awarded = makeMyBid({
    id: 9,
    tender_id: 19,
    number: 'YT-000019',
    name: 'Un',
    bid_amount: 2100,
    status: 'awarded',
    confirm_by: inAnHour,
  });

  it('come first, with the deadline counting down, and Confirm sends the answer', async () => {
    const { calls } = serve([...sample, awarded], (call) =>
      call.url === '/api/bids/9/confirm' ? jsonResponse({ ...awarded, status: 'accepted' }) : undefined,
    );
    const { user } = renderBids();
    const section = await screen.findByRole('region', { name: 'Awaiting your confirmation' });
    expect(section).toHaveTextContent('YT-000019');
    expect(section).toHaveTextContent('Your price: $2,100');
    expect(within(section).getByRole('timer')).toHaveTextContent(/^01:00:\d\d$/);
    // the awaiting award sits above the list of bids
    const table = screen.getByRole('table');
    expect(section.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.click(within(section).getByRole('button', { name: 'Confirm YT-000019' }));
    expect(await findToast('Confirmed: the shipment is created')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/bids/9/confirm' && call.method === 'POST')).toBe(true);
  });

  it('Decline asks first, then sends the answer; the server refusal is toasted', async () => {
    const { calls } = serve([awarded], (call) =>
      call.url === '/api/bids/9/decline'
        ? jsonResponse({ error: 'The time to confirm has passed', code: 'AWARD_CONFIRM_EXPIRED' }, 409)
        : undefined,
    );
    const { user } = renderBids();
    const section = await screen.findByRole('region', { name: 'Awaiting your confirmation' });
    await user.click(within(section).getByRole('button', { name: 'Decline YT-000019' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the load' });
    expect(calls.some((call) => call.url.endsWith('/decline'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await findToast('The time to confirm has passed')).toBeInTheDocument();
    expect(calls.some((call) => call.url === '/api/bids/9/decline' && call.method === 'POST')).toBe(true);
  });

  it('is not shown without an award waiting', async () => {
    serve(sample);
    renderBids();
    await screen.findByRole('table');
    expect(screen.queryByRole('region', { name: 'Awaiting your confirmation' })).not.toBeInTheDocument();
  });
});
