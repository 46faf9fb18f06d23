import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, TENDER_TOTAL_CAP, TOTAL_CAPPED_HEADER, TOTAL_COUNT_HEADER, type Tender } from '@yuk/shared';
import { changeLanguage } from '../../i18n';
import { filterActions } from '../../lib/filter-store';
import { holdFetch, jsonResponse, renderRoutes, stubFetch, type FetchCall, signedIn } from '../../test/render';
import { makeTender } from '../../test/factories';
import { giveElementsASize } from '../../test/sizes';
import { csvFile, watchDownloads } from '../../test/downloads';
import { routes } from './routes';

/** Typing-heavy journeys get more time when the machine is busy. */
const SLOW_TEST_MS = 15_000;

function renderAt(path: string) {
  return renderRoutes([...routes, { path: '*', element: <h1>404 – Sahifa topilmadi</h1> }], path);
}

function page(tenders: Tender[], total = tenders.length, next?: string): Response {
  return jsonResponse(tenders, 200, { 'X-Total-Count': String(total), ...(next ? { 'X-Next-Cursor': next } : {}) });
}

const listCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.url.startsWith('/api/tenders/all')).map((call) => new URL(call.url, 'http://x'));

describe('the tender list', () => {
  let restoreSizes: () => void;
  signedIn('uz');
  beforeEach(() => {
    restoreSizes = giveElementsASize();
    filterActions.resetFilters();
  });
  afterEach(() => {
    restoreSizes();
  });

  it(
    'sends the mode and every filter to the server, and the search once typing pauses',
    async () => {
      const { calls } = stubFetch(() => page([makeTender()]));
      const { user } = renderAt('/tenders/truck');
      expect(await screen.findByRole('heading', { level: 1, name: 'Truck tenders' })).toBeInTheDocument();
      await waitFor(() => expect(listCalls(calls)).toHaveLength(1));
      expect(Object.fromEntries(listCalls(calls)[0]!.searchParams)).toEqual({ type: 'truck', limit: '100' });

      await user.selectOptions(screen.getByLabelText('Yetkazib berish muddati'), 'Tez');
      await user.selectOptions(screen.getByLabelText('Narx'), "O'rtacha");
      await user.selectOptions(screen.getByLabelText('Joylashuv'), 'Boshqa');
      await user.selectOptions(screen.getByLabelText('Holat'), 'closed');
      await waitFor(() =>
        expect(Object.fromEntries(listCalls(calls).at(-1)!.searchParams)).toEqual({
          type: 'truck',
          delivery: 'Tez',
          price: "O'rtacha",
          location: 'Boshqa',
          status: 'closed',
          limit: '100',
        }),
      );

      const before = listCalls(calls).length;
      await user.type(screen.getByRole('searchbox', { name: 'Qidirish' }), 'Paxta');
      await waitFor(() => expect(listCalls(calls).at(-1)!.searchParams.get('q')).toBe('Paxta'));
      // one request for the whole word, not one per key
      expect(listCalls(calls).length - before).toBe(1);
    },
    SLOW_TEST_MS,
  );

  it('downloads the list as CSV with the mode and the filters on screen', async () => {
    const { names: saved, restore } = watchDownloads();
    const { calls } = stubFetch((call) =>
      call.url.includes('format=csv') ? csvFile('\uFEFFTender\r\n', 'tenders-2026-11-26.csv') : page([makeTender()]),
    );
    const { user } = renderAt('/tenders/truck');
    await user.selectOptions(await screen.findByLabelText('Narx'), 'Qimmat');
    await user.click(screen.getByRole('button', { name: 'Tenderlarni yuklab olish (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['tenders-2026-11-26.csv']));
    const csvCall = listCalls(calls).find((url) => url.searchParams.get('format') === 'csv');
    expect(Object.fromEntries(csvCall!.searchParams)).toEqual({ type: 'truck', price: 'Qimmat', format: 'csv' });
    restore();
  });

  it('offers exactly the spec options in every dropdown', async () => {
    stubFetch(() => page([]));
    renderAt('/tenders');
    const options = (label: string) =>
      within(screen.getByLabelText(label))
        .getAllByRole('option')
        .map((option) => option.textContent);
    expect(await screen.findByRole('heading', { level: 1, name: 'Barcha tenderlar' })).toBeInTheDocument();
    expect(options('Yetkazib berish muddati')).toEqual(['Barchasi', 'Tez', 'Odatdagi', 'Sekin']);
    expect(options('Narx')).toEqual(['Barchasi', 'Arzon', "O'rtacha", 'Qimmat']);
    expect(options('Joylashuv')).toEqual([
      'Barchasi',
      'Tashkent',
      'Samarqand',
      'Namangan',
      'Buxoro',
      'Andijon',
      'Boshqa',
    ]);
    expect(options('Holat')).toEqual(['Barchasi', 'opened', 'closed', 'awarded']);
  });

  it('shows the six columns, the count from X-Total-Count, and opens a row by click or Enter', async () => {
    const cement = makeTender({
      id: 7,
      name: 'Sement M400',
      origin_location: 'Samarqand',
      cargo_weight: 20000,
      initial_price: 12500,
    });
    const cotton = makeTender({ id: 8, name: 'Paxta' });
    // the list, and each tender's own page once it is opened
    stubFetch((call) => {
      const opened = [cement, cotton].find((tender) => call.url.startsWith(pathTo(apiPaths.tenders.one, tender)));
      if (!opened) return page([cement, cotton], 12345);
      return call.url.endsWith('/events') ? new Response(new ReadableStream()) : jsonResponse(opened);
    });
    const { user, router } = renderAt('/tenders');
    expect(await screen.findByText('12,345 ta tender topildi')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Tender raqami',
      'Mahsulot nomi',
      "Jo'nash joyi",
      'Manzil',
      "Og'irligi (kg)",
      'Narx (USD)',
    ]);
    const row = screen.getByRole('row', { name: 'Tender YT-000007: Sement M400' });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['YT-000007', 'Sement M400', 'Samarqand', 'Moscow', '20,000', '$12,500']);
    await user.click(within(row).getByText('Sement M400'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tender/7'));

    await router.navigate('/tenders');
    const second = await screen.findByRole('row', { name: 'Tender YT-000008: Paxta' });
    second.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tender/8'));
  });

  it("says 'Hali hech qanday tender mavjud emas.' with no filter and 'Hech qanday tender topilmadi.' with one", async () => {
    stubFetch(() => page([], 0));
    const { user } = renderAt('/tenders/plane');
    expect(await screen.findByText('Hali hech qanday tender mavjud emas.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Holat'), 'awarded');
    expect(await screen.findByText('Hech qanday tender topilmadi.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Filtrlarni tozalash' })[0]!);
    expect(await screen.findByText('Hali hech qanday tender mavjud emas.')).toBeInTheDocument();
    expect(screen.getByLabelText('Holat')).toHaveValue('');

    await user.type(screen.getByRole('searchbox', { name: 'Qidirish' }), 'zzz');
    expect(await screen.findByText('Hech qanday tender topilmadi.')).toBeInTheDocument();
  });

  it("shows 'Loading tenders...' while loading, then 'Error loading tenders: {message}' with a retry", async () => {
    const { calls, answer } = holdFetch();
    const { user } = renderAt('/tenders');
    expect(await screen.findByText('Loading tenders...')).toBeInTheDocument();
    await answer(() => jsonResponse({ error: 'Server band', code: 'SERVICE_UNAVAILABLE' }, 503));
    expect(await screen.findByText('Error loading tenders: Server band')).toBeInTheDocument();
    stubFetch(() => page([makeTender({ name: 'Sement' })]));
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByText('Sement')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThanOrEqual(1);
  });

  it("marks a verified owner's tenders and the verified-only ones", async () => {
    stubFetch(() =>
      page(
        [
          makeTender({ id: 7, name: 'Sement', owner_company: { id: 3, name: 'Silk Road', verified: true } }),
          makeTender({ id: 8, name: 'Paxta', verified_only: true, owner_company: null }),
        ],
        2,
      ),
    );
    renderAt('/tenders');
    const verified = await screen.findByRole('row', { name: 'Tender YT-000007: Sement' });
    expect(within(verified).getByRole('img', { name: 'Tasdiqlangan kompaniya' })).toBeInTheDocument();
    const onlyVerified = screen.getByRole('row', { name: 'Tender YT-000008: Paxta' });
    expect(within(onlyVerified).getByText('Tasdiqlanganlar uchun')).toBeInTheDocument();
    expect(within(onlyVerified).queryByRole('img', { name: 'Tasdiqlangan kompaniya' })).toBeNull();
  });

  it('says "1,000+" when the server stopped counting at its cap, and the table that its row count is not known', async () => {
    stubFetch(() =>
      jsonResponse([makeTender({ id: 9 })], 200, {
        [TOTAL_COUNT_HEADER]: String(TENDER_TOTAL_CAP),
        [TOTAL_CAPPED_HEADER]: 'true',
      }),
    );
    renderAt('/tenders');
    expect(await screen.findByText('1,000+ ta tender topildi')).toBeInTheDocument();
    expect(screen.getByRole('table', { name: "Tenderlar ro'yxati" })).toHaveAttribute('aria-rowcount', '-1');
  });

  it('renders only the rows in view of a huge list and asks for the next page by cursor near the end', async () => {
    const first = Array.from({ length: 100 }, (_, index) => makeTender({ id: 100_000 - index }));
    const second = Array.from({ length: 100 }, (_, index) => makeTender({ id: 99_900 - index }));
    const { calls } = stubFetch((call) =>
      new URL(call.url, 'http://x').searchParams.get('cursor') === 'page-2'
        ? page(second, 100_000, 'page-3')
        : page(first, 100_000, 'page-2'),
    );
    renderAt('/tenders');
    expect(await screen.findByText('100,000 ta tender topildi')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: "Tenderlar ro'yxati" });
    expect(table).toHaveAttribute('aria-rowcount', '100001');
    const rendered = within(table).getAllByRole('row').length;
    expect(rendered).toBeGreaterThan(10);
    expect(rendered).toBeLessThan(60);
    expect(listCalls(calls)).toHaveLength(1);

    const region = screen.getByRole('region', { name: "Tenderlar ro'yxati" });
    region.scrollTop = 48 * 90;
    fireEvent.scroll(region);
    await waitFor(() =>
      expect(listCalls(calls).map((url) => url.searchParams.get('cursor'))).toEqual([null, 'page-2']),
    );
    expect(await screen.findByRole('row', { name: /YT-099900/ })).toBeInTheDocument();
  });

  it('sends any other mode to the 404 page', async () => {
    stubFetch(() => page([]));
    renderAt('/tenders/bus');
    expect(await screen.findByRole('heading', { level: 1, name: '404 – Sahifa topilmadi' })).toBeInTheDocument();
  });

  it('speaks English and Russian', async () => {
    stubFetch(() => page([], 0));
    await changeLanguage('en');
    const english = renderAt('/tenders/plane');
    expect(await screen.findByRole('heading', { level: 1, name: 'Aviation tenders' })).toBeInTheDocument();
    expect(await screen.findByText('There are no tenders yet.')).toBeInTheDocument();
    expect(
      within(screen.getByLabelText('Delivery time'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All', 'Fast', 'Standard', 'Slow']);
    english.unmount();
    await changeLanguage('ru');
    renderAt('/tenders/ship');
    expect(await screen.findByRole('heading', { level: 1, name: 'Морские тендеры' })).toBeInTheDocument();
    expect(await screen.findByText('Тендеров пока нет.')).toBeInTheDocument();
  });
});
