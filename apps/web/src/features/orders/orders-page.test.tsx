import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SHIPMENT_STORAGE_KEY, webRoutes, type Tender } from '@yuk/shared';
import { filterActions } from '../../lib/filter-store';
import { holdFetch, jsonResponse, renderRoutes, stubFetch, signedIn } from '../../test/render';
import { makeTender } from '../../test/factories';
import { giveElementsASize } from '../../test/sizes';
import { csvFile, watchDownloads } from '../../test/downloads';
import { routes } from './routes';

/** Typing-heavy journeys get more time when the machine is busy. */
const SLOW_TEST_MS = 15_000;

let nextId = 1;
/** One of the signed-in user's tenders, as My Orders lists it. */
function order(overrides: Partial<Tender> = {}): Tender {
  const id = overrides.id ?? nextId++;
  return makeTender({
    id,
    name: `Buyurtma ${id}`,
    cargo_weight: 1000,
    cargo_volume: 10,
    origin_location: 'Nukus',
    delivery_date: '2026-12-02',
    initial_price: 500,
    owner_id: 7,
    is_owner: true,
    ...overrides,
  });
}

function renderAt(path: string, state?: unknown) {
  return renderRoutes(
    [
      ...routes,
      { path: webRoutes.tender, element: <h1>Tender page</h1> },
      { path: webRoutes.shipmentStatus, element: <h1>Shipment status</h1> },
    ],
    { pathname: path, state },
  );
}

/** The product names of the rows on screen (read straight from the table: role queries are slow on big tables). */
async function shownNames(): Promise<string[]> {
  const table = await waitFor(() => {
    const found = document.querySelector<HTMLTableElement>('table');
    if (!found) throw new Error('no table yet');
    return found;
  });
  expect(table).toHaveAccessibleName('Buyurtmalarim');
  return [...table.querySelectorAll('tbody tr[aria-rowindex]')].map((row) => row.children[1]?.textContent ?? '');
}

describe('My Orders', () => {
  let restoreSizes: () => void = () => {};
  signedIn('uz');
  beforeEach(() => {
    filterActions.resetFilters();
    restoreSizes = giveElementsASize();
  });
  afterEach(() => {
    restoreSizes();
  });

  it(
    "filters by the orders price bands on the client: Arzon ≤ 1000, O'rtacha to 5000, Qimmat above; non-numbers only unfiltered",
    async () => {
      const prices: [string, unknown][] = [
        ['exactly 1000', 1000],
        ['1000.01', 1000.01],
        ['exactly 5000', 5000],
        ['5000.01', 5000.01],
        ['not a number', 'kelishiladi'],
      ];
      // the API's answer, with one price that is not a number (the screen must cope with it)
      const { calls } = stubFetch(() =>
        jsonResponse(prices.map(([name, initial_price]) => ({ ...order({ name }), initial_price }))),
      );
      const { user } = renderAt('/orders');
      expect(await shownNames()).toEqual(prices.map(([name]) => name));

      const price = screen.getByLabelText('Narx');
      await user.selectOptions(price, 'Arzon');
      expect(await shownNames()).toEqual(['exactly 1000']);
      await user.selectOptions(price, "O'rtacha");
      expect(await shownNames()).toEqual(['1000.01', 'exactly 5000']);
      await user.selectOptions(price, 'Qimmat');
      expect(await shownNames()).toEqual(['5000.01']);
      // filtering happens here, with one call for the list
      expect(calls.map((call) => new URL(call.url, 'http://x').pathname)).toEqual(['/api/tenders/me']);
    },
    SLOW_TEST_MS,
  );

  it(
    "matches the location against the origin (Toshkent … Farg'ona) and searches four fields in any letter case",
    async () => {
      stubFetch(() =>
        jsonResponse([
          order({ name: 'Paxta', origin_location: 'Tashkent', cargo_type: 'Truck' }),
          order({
            name: 'Gilos',
            origin_location: 'Fergana',
            destination_location: 'Almaty',
            cargo_type: 'Aviation cargo',
          }),
          order({ name: 'Sement', origin_location: 'Samarqand', destination_location: 'Toshkent' }),
        ]),
      );
      const { user } = renderAt('/orders');
      expect(await shownNames()).toEqual(['Paxta', 'Gilos', 'Sement']);
      const location = screen.getByLabelText('Joylashuv');
      expect(
        within(location)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Barchasi', 'Toshkent', 'Samarqand', 'Buxoro', 'Andijon', "Farg'ona"]);
      await user.selectOptions(location, 'Toshkent');
      expect(await shownNames()).toEqual(['Paxta']);
      await user.selectOptions(location, "Farg'ona");
      expect(await shownNames()).toEqual(['Gilos']);
      await user.selectOptions(location, '');

      const search = screen.getByRole('searchbox', { name: 'Qidirish' });
      await user.click(search);
      await user.paste('AVIATION');
      await waitFor(async () => expect(await shownNames()).toEqual(['Gilos']));
      await user.clear(search);
      await user.paste('toshkent');
      // a city is searched under every spelling: Toshkent finds Tashkent too
      await waitFor(async () => expect(await shownNames()).toEqual(['Paxta', 'Sement']));
      await user.clear(search);
      await user.paste('almaty');
      await waitFor(async () => expect(await shownNames()).toEqual(['Gilos']));
    },
    SLOW_TEST_MS,
  );

  it('filters by delivery time with the shared rule (Tez up to 3 days, Odatdagi 4–7, Sekin 8 and more)', async () => {
    stubFetch(() =>
      jsonResponse([
        order({ name: '3 days', shipment_date: '2026-12-01', delivery_date: '2026-12-04' }),
        order({ name: '4 days', shipment_date: '2026-12-01', delivery_date: '2026-12-05' }),
        order({ name: '8 days', shipment_date: '2026-12-01', delivery_date: '2026-12-09' }),
      ]),
    );
    const { user } = renderAt('/orders');
    await shownNames();
    const delivery = screen.getByLabelText('Yetkazib berish muddati');
    await user.selectOptions(delivery, 'Tez');
    expect(await shownNames()).toEqual(['3 days']);
    await user.selectOptions(delivery, 'Odatdagi');
    expect(await shownNames()).toEqual(['4 days']);
    await user.selectOptions(delivery, 'Sekin');
    expect(await shownNames()).toEqual(['8 days']);
  });

  it("shows 'Hech qanday buyurtma topilmadi' with a way forward when there are none, or none match", async () => {
    stubFetch(() => jsonResponse([]));
    const first = renderAt('/orders');
    expect(await screen.findByText('Hech qanday buyurtma topilmadi')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Create Order' }).map((link) => link.getAttribute('href'))).toEqual([
      '/orders/create',
      '/orders/create',
    ]);
    first.unmount();

    stubFetch(() => jsonResponse([order({ initial_price: 9000 })]));
    const { user } = renderAt('/orders');
    await shownNames();
    await user.selectOptions(screen.getByLabelText('Narx'), 'Arzon');
    expect(await screen.findByText('Hech qanday buyurtma topilmadi')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Filtrlarni tozalash' })[0]!);
    expect(await shownNames()).toHaveLength(1);
  });

  it('shows N/A for missing values, opens a row, and tracks an awarded order', async () => {
    stubFetch(() =>
      jsonResponse([
        {
          ...order({ id: 41, name: 'Bo‘sh', status: 'awarded' }),
          origin_location: '',
          cargo_weight: null,
          initial_price: null,
        },
      ]),
    );
    const { user, router } = renderAt('/orders');
    const row = await screen.findByRole('row', { name: 'Buyurtma YT-000041: Bo‘sh' });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(0, 7)).toEqual(['YT-000041', 'Bo‘sh', 'N/A', 'Moscow', 'N/A', 'N/A', 'awarded']);

    await user.click(within(row).getByRole('button', { name: 'Track: YT-000041' }));
    expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000041');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipment/status'));

    await router.navigate('/orders');
    await user.click(within(await screen.findByRole('row', { name: /YT-000041/ })).getByText('Moscow'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tender/41'));
  });

  it('appends a tender passed in the navigation state when it is not in the list yet', async () => {
    stubFetch(() => jsonResponse([order({ id: 51, name: 'Birinchi' })]));
    renderAt('/orders', { tender: order({ id: 52, name: 'Yangi' }) });
    expect(await shownNames()).toEqual(['Birinchi', 'Yangi']);
  });

  it("shows a spinner while loading, then the error with a Retry button (default 'Failed to fetch orders. Please try again later.')", async () => {
    const { answer } = holdFetch();
    const { user } = renderAt('/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.getByText('Buyurtmalar yuklanmoqda...')).toBeInTheDocument();
    await answer(() => new Response('', { status: 500 }));
    expect(await screen.findByText('Failed to fetch orders. Please try again later.')).toBeInTheDocument();
    stubFetch(() => jsonResponse([order({ name: 'Qaytdi' })]));
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await shownNames()).toEqual(['Qaytdi']);
  });

  it('downloads the list as CSV with the filters on screen, and links to the import', async () => {
    const { names: saved, restore } = watchDownloads();
    const { calls } = stubFetch((call) =>
      call.url.includes('format=csv')
        ? csvFile('\uFEFFTender raqami\r\n', 'my-orders-2026-11-26.csv')
        : jsonResponse([order({ name: 'Sement' })]),
    );
    const { user } = renderAt('/orders');
    expect(await shownNames()).toEqual(['Sement']);
    expect(screen.getByRole('link', { name: 'CSV dan import' })).toHaveAttribute('href', webRoutes.importTenders);
    act(() => {
      filterActions.setSearch(' sement ');
      filterActions.setFilter('priceRange', 'Arzon');
      filterActions.setFilter('location', 'Toshkent');
    });
    await user.click(screen.getByRole('button', { name: 'Buyurtmalarni yuklab olish (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['my-orders-2026-11-26.csv']));
    const csvCall = new URL(calls.find((call) => call.url.includes('format=csv'))!.url, 'http://x');
    expect(csvCall.pathname).toBe('/api/tenders/me');
    expect(Object.fromEntries(csvCall.searchParams)).toEqual({
      q: 'sement',
      price: 'Arzon',
      location: 'Toshkent',
      format: 'csv',
    });
    restore();
  });

  it('reads every page of the list by cursor', async () => {
    const { calls } = stubFetch((call) =>
      new URL(call.url, 'http://x').searchParams.get('cursor') === 'next'
        ? jsonResponse([order({ name: 'Ikkinchi' })])
        : jsonResponse([order({ name: 'Birinchi' })], 200, { 'X-Next-Cursor': 'next' }),
    );
    renderAt('/orders');
    expect(await shownNames()).toEqual(['Birinchi', 'Ikkinchi']);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/tenders/me?limit=500',
      '/api/tenders/me?limit=500&cursor=next',
    ]);
  });
});
