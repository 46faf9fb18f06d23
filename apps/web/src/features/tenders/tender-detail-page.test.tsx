import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'sonner';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SHIPMENT_STORAGE_KEY,
  apiPaths,
  webRoutes,
  type LanePrice,
  type Tender,
  type TenderAward,
  type TenderBid,
  type Vehicle,
} from '@yuk/shared';
import { changeLanguage } from '../../i18n';
import { type FetchCall, findToast, jsonResponse, renderRoutes, signedIn } from '../../test/render';
import { makeBidder, makeTender, makeTenderBid, makeVehicle } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { sseResponse } from '../../test/sse';
import { routes } from './routes';
import { minBidOf } from './api/live-state';

/** The close time of the factory's tenders. */
const CLOSES_AT = makeTender().closes_at;

interface Server {
  tender?: Tender | Response;
  minBid?: number | null;
  lanePrice?: LanePrice;
  bids?: TenderBid[];
  awards?: TenderAward[];
  /** My vehicles, for the bid form's choice. */
  vehicles?: Vehicle[];
  onBid?: (call: FetchCall) => Response | Promise<Response>;
  onAction?: (call: FetchCall) => Response | Promise<Response>;
  onBuyNow?: (call: FetchCall) => Response | Promise<Response>;
}

function serve(server: Server) {
  const stream = sseResponse();
  const tender = server.tender instanceof Response ? undefined : server.tender;
  const api = fakeApi(
    on.get(apiPaths.tenders.events, () => stream.response),
    on.get(apiPaths.tenders.minBid, () =>
      minBidOf(server.minBid ?? null, tender?.initial_price ?? 0, tender?.min_step ?? 0.01),
    ),
    on.get(apiPaths.tenders.awards, () => server.awards ?? []),
    on.get(apiPaths.market.lanePrice, () => server.lanePrice ?? { insufficient_data: true }),
    on.get(apiPaths.vehicles.mine, () => server.vehicles ?? []),
    on.post(apiPaths.tenders.bids, (call) => server.onBid!(call)),
    on.get(apiPaths.tenders.bids, () => server.bids ?? []),
    ...[apiPaths.tenders.award, apiPaths.tenders.close, apiPaths.tenders.publish].map((path) =>
      on.post(path, (call) => server.onAction!(call)),
    ),
    on.post(apiPaths.tenders.buyNow, (call) => server.onBuyNow!(call)),
    on.get(apiPaths.tenders.one, () => server.tender),
  );
  return { ...api, stream };
}

function renderAt(path: string) {
  return renderRoutes(
    [
      ...routes,
      { path: webRoutes.shipmentStatus, element: <h1>Shipment status</h1> },
      { path: webRoutes.bids, element: <h1>Bids</h1> },
    ],
    path,
  );
}

describe('the tender detail', () => {
  // the page is a lazy route: loaded once here, so that no test's waits include compiling it
  beforeAll(() => import('./tender-detail-page'));
  signedIn('uz');

  it('shows every row of the spec with dd.MM.yyyy dates, USD prices and the current lowest bid', async () => {
    serve({
      tender: makeTender({ id: 9, name: 'Sement M400', cargo_type: 'Truck (flatbed)', initial_price: 4200 }),
      minBid: 3900.5,
    });
    renderAt('/tender/9');
    expect(await screen.findByText('Loading tender details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Tender #YT-000009' })).toBeInTheDocument();
    const facts = Object.fromEntries(
      [...document.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    );
    await waitFor(() => expect(screen.getByText('$3,900.50')).toBeInTheDocument());
    expect(facts).toMatchObject({
      Nomi: 'Sement M400',
      'Yuk turi': 'Truck (flatbed)',
      "Og'irligi (kg)": '12,500',
      'Hajmi (m³)': '40.5',
      "Jo'nash joyi": 'Tashkent',
      Manzil: 'Moscow',
      "Jo'natish sanasi": '01.12.2026',
      'Yetkazib berish sanasi': '06.12.2026',
      'Tender boshlanish sanasi': '20.11.2026',
      'Tender tugash sanasi': '30.11.2026',
      "Boshlang'ich narx (USD)": '$4,200',
      Holat: 'opened',
    });
    expect(screen.getByText('Joriy eng past taklif (USD)')).toBeInTheDocument();
  });

  it("shows where the lowest bid sits against the lane's typical price, and nothing while deals are too few", async () => {
    const { calls } = serve({
      tender: makeTender({
        id: 9,
        cargo_type: 'Truck (flatbed)',
        origin_location: 'Toshkent',
        destination_location: 'Moskva',
      }),
      minBid: 3900.5,
      lanePrice: {
        insufficient_data: false,
        deals: 12,
        carriers: 5,
        median: 3200,
        p25: 3000,
        p75: 3500,
        per_ton_median: 256,
        period_start: '2026-08-28',
        period_end: '2026-11-25',
      },
    });
    renderAt('/tender/9');
    expect(
      await screen.findByText(
        "Hozirgi eng past narx bu yo'nalishning odatiy oralig'idan ($3,000–$3,500, 12 ta bitim) yuqori",
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.url.startsWith(apiPaths.market.lanePrice))?.url).toBe(
      '/api/market/lane-price?origin=Toshkent&destination=Moskva&mode=truck',
    );
  });

  it('shows no lane range while the lane has too few deals', async () => {
    const { calls } = serve({ tender: makeTender({ id: 9 }), minBid: 3900.5 });
    renderAt('/tender/9');
    await screen.findByText('$3,900.50');
    await waitFor(() => expect(calls.some((call) => call.url.startsWith(apiPaths.market.lanePrice))).toBe(true));
    expect(screen.queryByText(/odatiy oralig/)).not.toBeInTheDocument();
  });

  it('leaves the lowest-bid row out while there is no bid', async () => {
    serve({ tender: makeTender({ id: 9 }), minBid: null });
    renderAt('/tender/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tender #YT-000009' })).toBeInTheDocument();
    expect(screen.queryByText('Joriy eng past taklif (USD)')).toBeNull();
  });

  it("answers a missing tender with 'Tender not found', a bad id without asking, and other failures with 'Error loading tender'", async () => {
    serve({ tender: jsonResponse({ error: 'Tender topilmadi', code: 'TENDER_NOT_FOUND' }, 404) });
    const first = renderAt('/tender/404');
    expect(await screen.findByText('Tender not found')).toBeInTheDocument();
    first.unmount();

    const { calls } = serve({ tender: makeTender() });
    const second = renderAt('/tender/abc');
    expect(await screen.findByText('Tender not found')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    second.unmount();

    serve({ tender: new Response('', { status: 500 }) });
    renderAt('/tender/9');
    expect(await screen.findByText('Error loading tender')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
  });

  it("says 'Bu tender yopilgan' on a closed tender and 'Bu tender allaqachon berilgan' on an awarded one, with no bid form", async () => {
    serve({ tender: makeTender({ id: 9, status: 'closed' }) });
    const closed = renderAt('/tender/9');
    expect(await screen.findByText('Bu tender yopilgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Taklifingizni bildiring' })).toBeNull();
    closed.unmount();

    serve({ tender: makeTender({ id: 9, status: 'awarded' }) });
    renderAt('/tender/9');
    expect(await screen.findByText('Bu tender allaqachon berilgan')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Taklifingizni bildiring' })).toBeNull();
  });

  describe('the bid form', () => {
    it('is disabled while empty; a price of 0 or below toasts the spec text and calls nothing', async () => {
      const onBid = vi.fn();
      serve({ tender: makeTender({ id: 9 }), minBid: 1500, onBid });
      const { user } = renderAt('/tender/9');
      const submit = await screen.findByRole('button', { name: 'Taklifingizni bildiring' });
      expect(submit).toBeDisabled();
      const amount = screen.getByLabelText('Taklif narxi (USD)');
      expect(amount).toHaveAttribute('type', 'number');
      await user.type(amount, '0');
      expect(submit).toBeEnabled();
      await user.click(submit);
      expect(await findToast("Iltimos, to'g'ri narx kiriting")).toBeInTheDocument();
      act(() => void toast.dismiss());
      await waitFor(() => expect(screen.queryByText("Iltimos, to'g'ri narx kiriting")).toBeNull());
      await user.clear(amount);
      await user.type(amount, '-5');
      await user.click(submit);
      expect(await findToast("Iltimos, to'g'ri narx kiriting")).toBeInTheDocument();
      expect(onBid).not.toHaveBeenCalled();
    });

    it('must be strictly lower than the lowest bid, else the initial price', async () => {
      const onBid = vi.fn();
      serve({ tender: makeTender({ id: 9, initial_price: 4200 }), minBid: 1500, onBid });
      const first = renderAt('/tender/9');
      const amount = await screen.findByLabelText('Taklif narxi (USD)');
      await waitFor(() => expect(amount).toHaveAccessibleDescription(/1,500 USD/));
      await first.user.type(amount, '1500');
      await first.user.click(screen.getByRole('button', { name: 'Taklifingizni bildiring' }));
      expect(await findToast("Taklifingiz 1,500 USD dan kam bo'lishi kerak")).toBeInTheDocument();
      first.unmount();

      serve({ tender: makeTender({ id: 9, initial_price: 4200 }), minBid: null, onBid });
      const second = renderAt('/tender/9');
      const again = await screen.findByLabelText('Taklif narxi (USD)');
      await second.user.type(again, '4200');
      await second.user.click(screen.getByRole('button', { name: 'Taklifingizni bildiring' }));
      expect(await findToast("Taklifingiz 4,200 USD dan kam bo'lishi kerak")).toBeInTheDocument();
      expect(onBid).not.toHaveBeenCalled();
    });

    it("shows 'Yuborilmoqda...' while sending, toasts success and opens /tenders/success with the real number and amount", async () => {
      let answer: (response: Response) => void = () => {};
      const { calls } = serve({
        tender: makeTender({ id: 9 }),
        minBid: 1500,
        onBid: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      const { user, router } = renderAt('/tender/9');
      await user.type(await screen.findByLabelText('Taklif narxi (USD)'), '1200');
      await user.click(screen.getByRole('button', { name: 'Taklifingizni bildiring' }));
      expect(await screen.findByRole('button', { name: 'Yuborilmoqda...' })).toBeDisabled();
      const sent = calls.find((call) => call.method === 'POST');
      expect(sent).toMatchObject({ url: '/api/tenders/9/bids', body: { bid_amount: 1200 } });
      expect(sent?.headers.authorization).toBe('Bearer token');

      answer(
        jsonResponse(
          {
            id: 77,
            tender_id: 9,
            tender_number: 'YT-000009',
            bid_amount: 1200,
            status: 'active',
            created_at: '2026-11-21T10:00:00.000Z',
          },
          201,
        ),
      );
      expect(await findToast('Taklif muvaffaqiyatli yuborildi!')).toBeInTheDocument();
      await waitFor(() => expect(router.state.location.pathname).toBe('/tenders/success'));
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Your Bid Has Been Submitted!' }),
      ).toBeInTheDocument();
      expect(screen.getByText('Tender raqami: YT-000009')).toBeInTheDocument();
      expect(screen.getByText('Taklifingiz: $1,200')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'View Your Bids' })).toHaveAttribute('href', '/bids');
      expect(screen.getByRole('link', { name: 'Continue Browsing Tenders' })).toHaveAttribute('href', '/tenders');
    });

    it("toasts the server's refusal, or the spec's default when it gives no text", async () => {
      serve({
        tender: makeTender({ id: 9 }),
        minBid: 1500,
        onBid: () =>
          jsonResponse({ error: "Taklifingiz 1,400 USD dan kam bo'lishi kerak", code: 'BID_NOT_LOWER' }, 409),
      });
      const first = renderAt('/tender/9');
      await first.user.type(await screen.findByLabelText('Taklif narxi (USD)'), '1450');
      await first.user.click(screen.getByRole('button', { name: 'Taklifingizni bildiring' }));
      expect(await findToast("Taklifingiz 1,400 USD dan kam bo'lishi kerak")).toBeInTheDocument();
      expect(first.router.state.location.pathname).toBe('/tender/9');
      first.unmount();

      serve({ tender: makeTender({ id: 9 }), minBid: 1500, onBid: () => new Response('', { status: 502 }) });
      const second = renderAt('/tender/9');
      await second.user.type(await screen.findByLabelText('Taklif narxi (USD)'), '1450');
      await second.user.click(screen.getByRole('button', { name: 'Taklifingizni bildiring' }));
      expect(await findToast('Taklif yuborishda xatolik yuz berdi')).toBeInTheDocument();
    });
  });

  it('follows the live stream with the bearer header: the lowest bid and the status change while the page is open', async () => {
    const { calls, stream } = serve({ tender: makeTender({ id: 9, initial_price: 4200 }), minBid: null });
    renderAt('/tender/9');
    expect(await screen.findByRole('button', { name: 'Taklifingizni bildiring' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.url === '/api/tenders/9/events')).toBe(true));
    const events = calls.find((call) => call.url === '/api/tenders/9/events');
    expect(events?.headers).toMatchObject({ authorization: 'Bearer token', accept: 'text/event-stream' });

    stream.send('state', { min_bid: 3100, bid_count: 2, status: 'opened', closes_at: CLOSES_AT });
    expect(await screen.findByText('$3,100')).toBeInTheDocument();
    expect(screen.getByLabelText('Taklif narxi (USD)')).toHaveAccessibleDescription(/3,100 USD/);

    stream.send('state', { min_bid: 2950, bid_count: 3, status: 'awarded', closes_at: CLOSES_AT });
    expect(await screen.findByText('Bu tender allaqachon berilgan')).toBeInTheDocument();
    expect(screen.getByText('$2,950')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Taklifingizni bildiring' })).toBeNull();
  });

  describe("the owner's view", () => {
    it('lists the bids instead of a bid form and awards one after confirmation', async () => {
      const onAction = vi.fn(() =>
        jsonResponse({ min_bid: 3900, bid_count: 2, status: 'awarded', closes_at: CLOSES_AT }),
      );
      const { calls } = serve({
        tender: makeTender({ id: 9, is_owner: true, bid_count: 2 }),
        minBid: 3900,
        bids: [
          makeTenderBid(),
          makeTenderBid({
            id: 32,
            bid_amount: 4100,
            status: 'pending',
            bidder: makeBidder({ id: 4, first_name: 'Olga', last_name: 'Petrova', phone_number: '+998935556677' }),
          }),
        ],
        onAction,
      });
      const { user } = renderAt('/tender/9');
      const table = await screen.findByRole('table', { name: 'Tender takliflari' });
      expect(screen.queryByRole('button', { name: 'Taklifingizni bildiring' })).toBeNull();
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['$3,900', '$4,100']);
      expect(within(rows[0]!).getByText('Faol')).toBeInTheDocument();
      expect(within(rows[1]!).getByText('Kutilmoqda')).toBeInTheDocument();
      expect(within(rows[0]!).getByText('Aziz Rahimov')).toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Award: Olga Petrova ($4,100)' }));
      const dialog = screen.getByRole('dialog', { name: 'Tenderni berish' });
      expect(dialog).toHaveTextContent('Olga Petrova');
      expect(onAction).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Award' }));
      expect(await findToast('Tender Olga Petrovaga berildi')).toBeInTheDocument();
      expect(calls.find((call) => call.url === '/api/tenders/9/award')).toMatchObject({
        method: 'POST',
        body: { bid_id: 32 },
      });
      expect(await screen.findByText('Bu tender allaqachon berilgan')).toBeInTheDocument();
      expect(screen.queryByRole('dialog')).toBeNull();
    });

    it("closes an opened tender after confirmation, and toasts the server's refusal", async () => {
      const onAction = vi
        .fn<(call: FetchCall) => Response>()
        .mockReturnValueOnce(jsonResponse({ error: 'Amalni bajarib boʻlmadi', code: 'CONFLICT' }, 409))
        .mockReturnValueOnce(jsonResponse({ min_bid: null, bid_count: 0, status: 'closed', closes_at: CLOSES_AT }));
      serve({ tender: makeTender({ id: 9, is_owner: true }), onAction });
      const { user } = renderAt('/tender/9');
      await user.click(await screen.findByRole('button', { name: 'Close tender' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Tenderni yopish' })).getByRole('button', { name: 'Close tender' }),
      );
      expect(await findToast('Amalni bajarib boʻlmadi')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Close tender' }));
      await user.click(
        within(screen.getByRole('dialog', { name: 'Tenderni yopish' })).getByRole('button', { name: 'Close tender' }),
      );
      expect(await findToast('Tender yopildi')).toBeInTheDocument();
      expect(await screen.findByText('Bu tender yopilgan')).toBeInTheDocument();
      expect(onAction.mock.calls.map(([call]) => call.url)).toEqual(['/api/tenders/9/close', '/api/tenders/9/close']);
    });

    it('publishes a draft after confirmation, showing the pending state', async () => {
      let answer: (response: Response) => void = () => {};
      serve({
        tender: makeTender({ id: 9, is_owner: true, status: 'draft' }),
        onAction: () => new Promise<Response>((resolve) => (answer = resolve)),
      });
      const { user } = renderAt('/tender/9');
      expect(await screen.findByText(/qoralama/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Publish' }));
      const dialog = screen.getByRole('dialog', { name: "Tenderni e'lon qilish" });
      await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
      expect(await within(dialog).findByRole('button', { name: "E'lon qilinmoqda..." })).toBeDisabled();
      answer(jsonResponse({ min_bid: null, bid_count: 0, status: 'opened', closes_at: CLOSES_AT }));
      expect(await findToast("Tender e'lon qilindi")).toBeInTheDocument();
      expect(await screen.findByRole('button', { name: 'Close tender' })).toBeInTheDocument();
    });

    it("keeps the shipment number under 'shipment' and opens the status page from an awarded tender", async () => {
      serve({
        tender: makeTender({ id: 9, is_owner: true, status: 'awarded' }),
        bids: [makeTenderBid({ status: 'accepted' })],
      });
      const { user, router } = renderAt('/tender/9');
      expect(await screen.findByText('Qabul qilingan')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Award/ })).toBeNull();
      await user.click(screen.getByRole('button', { name: 'Track shipment' }));
      expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000009');
      await waitFor(() => expect(router.state.location.pathname).toBe('/shipment/status'));
    });
  });
});

describe('the bid-submitted page', () => {
  signedIn('uz');

  it('reached without a bid, shows the texts without a number', async () => {
    renderAt('/tenders/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Bid Has Been Submitted!' })).toBeInTheDocument();
    expect(screen.getByText('Taklifingiz qabul qilinsa, sizga xabar beramiz.')).toBeInTheDocument();
    expect(screen.queryByText(/Tender raqami/)).toBeNull();
  });

  it('speaks English and Russian', async () => {
    await changeLanguage('en');
    const english = renderAt('/tenders/success');
    expect(await screen.findByText('We will notify you if your offer is accepted.')).toBeInTheDocument();
    english.unmount();
    await changeLanguage('ru');
    renderAt('/tenders/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ваше предложение отправлено!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Продолжить просмотр тендеров' })).toBeInTheDocument();
  });
});

describe('the auction on the tender page', () => {
  signedIn('en');

  const soon = () => new Date(Date.now() + 2 * 60 * 60_000 + 5 * 60_000 + 30_000).toISOString();

  it('shows when bidding ends in Tashkent time with the time left, the step and the highest bid accepted now', async () => {
    const closesAt = soon();
    serve({
      tender: makeTender({
        id: 9,
        initial_price: 4200,
        current_min_bid: 4000,
        min_step: 50,
        soft_close_minutes: 5,
        closes_at: closesAt,
      }),
      minBid: 4000,
    });
    renderAt('/tender/9');
    const auction = await screen.findByRole('region', { name: 'Auction' });
    expect(auction).toHaveTextContent(/Bidding ends\d\d\.\d\d\.\d{4} \d\d:\d\d \(Tashkent time\)/);
    expect(within(auction).getByRole('timer')).toHaveTextContent(/^02:0[45]:\d\d$/);
    expect(auction).toHaveTextContent('A bid in the last 5 min extends bidding by 5 min');
    expect(auction).toHaveTextContent('Minimum step$50');
    await waitFor(() => expect(auction).toHaveTextContent('Highest bid accepted now$3,950'));
    expect(auction).not.toHaveTextContent('Reserve');
    expect(screen.getByLabelText('Your price (USD)')).toHaveAccessibleDescription(
      /Minimum step 50 USD: at most 3,950 USD/,
    );
  });

  it('refuses a bid closer than the step before any call, in the server’s words', async () => {
    const onBid = vi.fn(() => jsonResponse({}, 201));
    serve({
      tender: makeTender({ id: 9, initial_price: 4200, current_min_bid: 4000, min_step: 50 }),
      minBid: 4000,
      onBid,
    });
    const { user } = renderAt('/tender/9');
    await user.type(await screen.findByLabelText('Your price (USD)'), '3975');
    await user.click(screen.getByRole('button', { name: 'Submit your bid' }));
    expect(
      await findToast('A bid must be at least 50 USD below the current minimum: at most 3,950 USD'),
    ).toBeInTheDocument();
    expect(onBid).not.toHaveBeenCalled();
  });

  it('sends an offer’s validity as Tashkent time', async () => {
    const onBid = vi.fn(() => jsonResponse({ tender_number: 'YT-000009', bid_amount: 3900 }, 201));
    const { calls } = serve({ tender: makeTender({ id: 9, initial_price: 4200 }), minBid: null, onBid });
    const { user } = renderAt('/tender/9');
    await user.type(await screen.findByLabelText('Your price (USD)'), '3900');
    // typed as the app shows dates (never the browser's own mm/dd/yyyy), kept as a Tashkent wall-clock time
    const validUntil = screen.getByLabelText('Offer valid until (optional)');
    expect(validUntil).toHaveAttribute('placeholder', 'dd.mm.yyyy hh:mm');
    expect(validUntil).not.toHaveAttribute('type', 'datetime-local');
    fireEvent.change(validUntil, { target: { value: '02.01.2099 10:30' } });
    await user.click(screen.getByRole('button', { name: 'Submit your bid' }));
    await waitFor(() => expect(onBid).toHaveBeenCalled());
    expect(calls.find((call) => call.url === '/api/tenders/9/bids')?.body).toEqual({
      bid_amount: 3900,
      valid_until: '2099-01-02T10:30:00+05:00',
    });
  });

  it('tells viewers live when a late bid extended bidding', async () => {
    const { stream } = serve({ tender: makeTender({ id: 9, soft_close_minutes: 3, closes_at: soon() }), minBid: null });
    renderAt('/tender/9');
    const auction = await screen.findByRole('region', { name: 'Auction' });
    expect(auction).not.toHaveTextContent('extended');
    const later = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
    stream.send('state', { min_bid: 3000, bid_count: 1, status: 'opened', closes_at: later, extended_by_minutes: 3 });
    expect(await within(auction).findByText('Bidding extended by 3 min')).toBeInTheDocument();
    expect(within(auction).getByRole('timer')).toHaveTextContent(/^0[23]:\d\d:\d\d$/);
    expect(within(auction).getByRole('timer')).toHaveAttribute('datetime', later);
  });

  it('buy-now asks first, takes the tender and opens its shipment', async () => {
    const onBuyNow = vi.fn(() =>
      jsonResponse({ id: 5, tender_id: 9, tender_number: 'YT-000009', bid_amount: 3000, status: 'accepted' }, 201),
    );
    serve({ tender: makeTender({ id: 9, initial_price: 4200, buy_now_price: 3000 }), minBid: 3500, onBuyNow });
    const { user, router } = renderAt('/tender/9');
    await user.click(await screen.findByRole('button', { name: 'Take it now for $3,000' }));
    const dialog = screen.getByRole('dialog', { name: 'Take the tender now' });
    expect(dialog).toHaveTextContent('This cannot be undone');
    expect(onBuyNow).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Take it now for $3,000' }));
    expect(await findToast('The tender is yours: the shipment is created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe(webRoutes.shipmentStatus));
    expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000009');
  });

  it('offers no buy-now once the bids went below its price, nor to the owner', async () => {
    serve({ tender: makeTender({ id: 9, buy_now_price: 3000, current_min_bid: 2900 }), minBid: 2900 });
    const first = renderAt('/tender/9');
    expect(await screen.findByRole('button', { name: 'Submit your bid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take it now/ })).toBeNull();
    first.unmount();
    serve({ tender: makeTender({ id: 9, buy_now_price: 3000, is_owner: true }), minBid: null, bids: [] });
    renderAt('/tender/9');
    expect(await screen.findByRole('region', { name: 'Auction' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Take it now/ })).toBeNull();
  });

  it("shows the owner the reserve, the award history and who let awards pass; no 'Award' on a declined bid", async () => {
    const closesAt = soon();
    serve({
      tender: makeTender({
        id: 9,
        is_owner: true,
        status: 'closed',
        reserve_price: 3500,
        auto_award: true,
        closes_at: closesAt,
      }),
      minBid: 3000,
      bids: [
        makeTenderBid({ id: 31, bid_amount: 3000, status: 'declined' }),
        makeTenderBid({
          id: 32,
          bid_amount: 3200,
          status: 'rejected',
          bidder: makeBidder({
            id: 4,
            first_name: 'Olga',
            last_name: 'Petrova',
            phone_number: '+998935556677',
            no_shows: 2,
          }),
        }),
      ],
      awards: [
        {
          id: 1,
          bid_id: 31,
          bid_amount: 3000,
          origin: 'auto',
          outcome: 'declined',
          awarded_at: '2026-11-30T19:00:00.000Z',
          confirm_by: '2026-11-30T21:00:00.000Z',
          decided_at: '2026-11-30T19:30:00.000Z',
          bidder: { id: 3, first_name: 'Aziz', last_name: 'Rahimov' },
        },
      ],
    });
    renderAt('/tender/9');
    const auction = await screen.findByRole('region', { name: 'Auction' });
    expect(auction).toHaveTextContent('Reserve price (only you see it)$3,500');
    expect(auction).toHaveTextContent('At the close, the lowest bid at or under the reserve wins');
    expect(auction).toHaveTextContent('Time to confirm120 min');
    const history = await screen.findByRole('table', { name: 'Who was chosen, and what they answered' });
    expect(history).toHaveTextContent('01.12.2026 00:00 (Tashkent time)');
    expect(history).toHaveTextContent('Aziz Rahimov');
    expect(history).toHaveTextContent('Automatic');
    expect(history).toHaveTextContent('Declined');
    expect(screen.getByText('2 unanswered awards')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Award: Aziz Rahimov ($3,000)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Award: Olga Petrova ($3,200)' })).toBeInTheDocument();
  });

  it("tells the owner of an awarded tender the winner's deadline until the winner confirms", async () => {
    const deadline = soon();
    serve({
      tender: makeTender({ id: 9, is_owner: true, status: 'awarded' }),
      minBid: 3000,
      bids: [makeTenderBid({ id: 31, bid_amount: 3000, status: 'awarded', confirm_by: deadline })],
    });
    renderAt('/tender/9');
    expect(await screen.findByText(/The winner must confirm by/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Track shipment' })).toBeNull();
  });
});

describe('awarding with what the owner should know', () => {
  signedIn('en');

  it("links the bidder's company with its mark, and warns about an unverified company, a recent no-show and a low rating", async () => {
    serve({
      tender: makeTender({ id: 9, is_owner: true, bid_count: 2 }),
      minBid: 3000,
      bids: [
        makeTenderBid({
          id: 31,
          bid_amount: 3000,
          bidder: makeBidder({
            no_shows: 1,
            recent_no_show: true,
            rating_average: 2.5,
            company: { id: 5, name: 'Tez Yuk MChJ', verified: false },
          }),
        }),
        makeTenderBid({
          id: 32,
          bid_amount: 3100,
          bidder: makeBidder({
            id: 4,
            first_name: 'Olga',
            last_name: 'Petrova',
            phone_number: '+998935556677',
            rating_average: 4.8,
            company: { id: 6, name: 'Silk Road MChJ', verified: true },
          }),
        }),
      ],
      onAction: () => jsonResponse({}),
    });
    const { user } = renderAt('/tender/9');
    const table = await screen.findByRole('table', { name: 'Bids on the tender' });
    expect(within(table).getByRole('link', { name: 'Tez Yuk MChJ' })).toHaveAttribute('href', '/companies/5');
    const verifiedRow = within(table).getAllByRole('row')[2]!;
    expect(within(verifiedRow).getByText('Verified company')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Award: Aziz Rahimov ($3,000)' }));
    const warnings = within(screen.getByRole('dialog', { name: 'Award the tender' })).getByRole('alert');
    expect(warnings).toHaveTextContent("This carrier's company is not verified");
    expect(warnings).toHaveTextContent('This carrier left an award unanswered in the last 90 days');
    expect(warnings).toHaveTextContent("This carrier's rating is under 3");
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Award: Olga Petrova ($3,100)' }));
    expect(within(screen.getByRole('dialog', { name: 'Award the tender' })).queryByRole('alert')).toBeNull();
  });
});

describe('a bid that names a vehicle', () => {
  signedIn('en');

  it('offers my vehicles that can take the cargo, greys out the others with the reason, and sends the chosen one', async () => {
    const onBid = vi.fn(() => jsonResponse({ tender_number: 'YT-000009', bid_amount: 3900 }, 201));
    const { calls } = serve({
      tender: makeTender({ id: 9, initial_price: 4200, cargo_weight: 12500 }),
      minBid: null,
      onBid,
      vehicles: [
        makeVehicle({ id: 1, vehicle_type: 'Box Truck', license_plate: '01 A 111 AA', max_load_weight: 5 }),
        makeVehicle({ id: 2, vehicle_type: 'Refrigerated Truck', license_plate: '01 B 222 BB', max_load_weight: 12.5 }),
        makeVehicle({ id: 3, license_plate: '01 C 333 CC', insurance_expires_on: '2001-01-01' }),
        makeVehicle({ id: 4, license_plate: '01 D 444 DD', current_status: 'Inactive' }),
        makeVehicle({ id: 5, license_plate: '01 E 555 EE', max_load_weight: 12500, weight_unit: 'kg' }),
      ],
    });
    const { user } = renderAt('/tender/9');
    const select = await screen.findByRole('combobox', { name: 'Vehicle (optional)' });
    expect(
      within(select)
        .getAllByRole<HTMLOptionElement>('option')
        .map((option) => [option.textContent, option.disabled]),
    ).toEqual([
      ['No vehicle named', false],
      ['Refrigerated Truck · 01 B 222 BB (up to 12,500 kg)', false],
      ['Tented Truck · 01 E 555 EE (up to 12,500 kg)', false],
      ['Box Truck · 01 A 111 AA (up to 5,000 kg) — too small for this cargo', true],
      ['Tented Truck · 01 C 333 CC (up to 20,000 kg) — papers expired', true],
      ['Tented Truck · 01 D 444 DD (up to 20,000 kg) — out of service (Inactive)', true],
    ]);
    expect(select).toHaveAccessibleDescription(
      'The tender’s owner sees its type and license plate. Greyed-out vehicles cannot take this cargo now: the reason is beside each.',
    );
    await user.type(screen.getByLabelText('Your price (USD)'), '3900');
    await user.selectOptions(select, '2');
    await user.click(screen.getByRole('button', { name: 'Submit your bid' }));
    await waitFor(() => expect(onBid).toHaveBeenCalled());
    expect(calls.find((call) => call.url === '/api/tenders/9/bids')?.body).toEqual({ bid_amount: 3900, vehicle_id: 2 });
  });

  it('says the server’s refusal of the vehicle beside the choice, until another is chosen', async () => {
    const refusal = 'The vehicle’s load capacity is below the tender’s cargo weight';
    serve({
      tender: makeTender({ id: 9, initial_price: 4200 }),
      minBid: null,
      onBid: () => jsonResponse({ error: refusal, code: 'VEHICLE_TOO_SMALL', fields: { vehicle_id: refusal } }, 400),
      vehicles: [makeVehicle({ id: 2, license_plate: '01 B 222 BB' }), makeVehicle({ id: 3 })],
    });
    const { user } = renderAt('/tender/9');
    const select = await screen.findByRole('combobox', { name: 'Vehicle (optional)' });
    await user.type(screen.getByLabelText('Your price (USD)'), '3900');
    await user.selectOptions(select, '2');
    await user.click(screen.getByRole('button', { name: 'Submit your bid' }));
    expect(await findToast(refusal)).toBeInTheDocument();
    expect(select).toHaveAccessibleDescription(refusal);
    expect(select).toHaveAttribute('aria-invalid', 'true');
    await user.selectOptions(select, '3');
    expect(select).not.toHaveAttribute('aria-invalid');
  });

  it('shows no vehicle choice to someone without vehicles; the bid goes without one', async () => {
    const onBid = vi.fn(() => jsonResponse({ tender_number: 'YT-000009', bid_amount: 3900 }, 201));
    const { calls } = serve({ tender: makeTender({ id: 9, initial_price: 4200 }), minBid: null, onBid, vehicles: [] });
    const { user } = renderAt('/tender/9');
    await user.type(await screen.findByLabelText('Your price (USD)'), '3900');
    expect(screen.queryByRole('combobox', { name: 'Vehicle (optional)' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Submit your bid' }));
    await waitFor(() => expect(onBid).toHaveBeenCalled());
    expect(calls.find((call) => call.url === '/api/tenders/9/bids')?.body).toEqual({ bid_amount: 3900 });
  });

  it('shows the owner the type and plate of each bid’s vehicle', async () => {
    serve({
      tender: makeTender({ id: 9, is_owner: true, bid_count: 2 }),
      minBid: 3900,
      bids: [
        makeTenderBid({ vehicle: { id: 2, type: 'Refrigerated Truck', plate: '01 B 222 BB' } }),
        makeTenderBid({ id: 32, bid_amount: 4100, status: 'pending' }),
      ],
    });
    renderAt('/tender/9');
    const table = await screen.findByRole('table', { name: 'Bids on the tender' });
    expect(within(table).getByRole('columnheader', { name: 'Vehicle' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByText('01 B 222 BB')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Refrigerated Truck')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not named')).toBeInTheDocument();
  });
});
