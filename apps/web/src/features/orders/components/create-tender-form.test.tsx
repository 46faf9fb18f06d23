import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPaths, type LanePrice } from '@yuk/shared';
import { findToast, jsonResponse, renderWithProviders, signedIn, type FetchCall } from '../../../test/render';
import { fakeApi, on } from '../../../test/fake-api';
import { CreateTenderForm } from './create-tender-form';

/**
 * The form's own calls in `calls`; the lane price it asks for while the route is typed is answered with
 * `lanePrice` and kept apart in `lanePriceCalls`.
 */
function stubFormFetch(
  handler: (call: FetchCall) => Response | Promise<Response>,
  lanePrice: LanePrice = { insufficient_data: true },
) {
  const calls: FetchCall[] = [];
  const lanePriceCalls: FetchCall[] = [];
  fakeApi(
    on.get(apiPaths.market.lanePrice, (call) => {
      lanePriceCalls.push(call);
      return lanePrice;
    }),
    on.all('*', (call) => {
      calls.push(call);
      return handler(call);
    }),
  );
  return { calls, lanePriceCalls };
}

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/orders/create', element: <CreateTenderForm /> },
      { path: '/tenders', element: <h1>Barcha tenderlar</h1> },
    ],
    { initialEntries: ['/orders/create'] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

const required = {
  'Mahsulot nomi': 'Paxta tolasi',
  'Yuk turi': 'Truck',
  "Og'irligi (kg)": '20000',
  'Hajmi (m3)': '45.5',
  "Jo'nash joyi": 'Toshkent',
  Manzil: 'Moskva',
  "Boshlang'ich narx (USD)": '4200',
};
const dates = {
  "Jo'natish sanasi": '01.12.2026',
  'Yetkazib berish sanasi': '06.12.2026',
  'Tender boshlanish sanasi': '21.11.2026',
  'Tender tugash sanasi': '30.11.2026',
};

/** A field by its label; the required ones carry a ' *' that screen readers skip. */
function field(label: string): HTMLElement {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${escaped}( \\*)?$`));
}

/** Puts values into the fields the way typing would end (a change, then leaving the field). */
function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

describe('Create New Tender', () => {
  signedIn('uz');

  it("shows the lane's typical price under the starting price once origin, destination and mode are typed", async () => {
    const { lanePriceCalls } = stubFormFetch(() => jsonResponse({}, 201), {
      insufficient_data: false,
      deals: 24,
      carriers: 9,
      median: 1250,
      p25: 1100,
      p75: 1400,
      per_ton_median: 62.5,
      period_start: '2026-08-28',
      period_end: '2026-11-25',
    });
    renderForm();
    fill({ "Jo'nash joyi": 'Toshkent', Manzil: 'Samarqand' });
    // no mode yet: nothing is asked
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(lanePriceCalls).toHaveLength(0);
    fill({ 'Yuk turi': 'Truck - tented' });
    expect(await screen.findByText("Bu yo'nalishdagi odatiy narx: $1,100–$1,400 (24 ta bitim)")).toBeVisible();
    expect(lanePriceCalls).toHaveLength(1);
    expect(lanePriceCalls[0]?.url).toBe('/api/market/lane-price?origin=Toshkent&destination=Samarqand&mode=truck');
    expect(field("Boshlang'ich narx (USD)")).toHaveAccessibleDescription(
      "Bu yo'nalishdagi odatiy narx: $1,100–$1,400 (24 ta bitim)",
    );
  }, 15_000);

  it("toasts 'Iltimos, barcha majburiy maydonlarni to'ldiring' when a required field is empty, and calls nothing", async () => {
    const { calls } = stubFormFetch(() => jsonResponse({}, 201));
    const { user } = renderForm();
    fill({ ...required, Manzil: '' });
    fill(dates);
    await user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await findToast("Iltimos, barcha majburiy maydonlarni to'ldiring")).toBeInTheDocument();
    expect(field('Manzil')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it("toasts 'Iltimos, barcha sanalarni tanlang' when the required fields are filled but a date is missing", async () => {
    const { calls } = stubFormFetch(() => jsonResponse({}, 201));
    const { user } = renderForm();
    fill(required);
    fill({ ...dates, 'Tender tugash sanasi': '' });
    await user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await findToast('Iltimos, barcha sanalarni tanlang')).toBeInTheDocument();
    expect(field('Tender tugash sanasi')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('sends every field (dates as YYYY-MM-DD, opened by default), toasts success and opens /tenders', async () => {
    let answer: (response: Response) => void = () => {};
    const { calls } = stubFormFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, router } = renderForm();
    expect(field('Holat')).toHaveValue('opened');
    expect(field("Jo'natish sanasi")).toHaveAttribute('placeholder', 'kk.oo.yyyy');
    fill({ ...required, ...dates, Incoterms: 'FCA Toshkent', Talablar: 'Tent', Izohlar: 'Ehtiyot bo‘ling' });
    expect(field("Jo'natish sanasi")).toHaveValue('01.12.2026');
    await user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await screen.findByRole('button', { name: 'Yaratilmoqda...' })).toBeDisabled();
    expect(calls[0]).toMatchObject({
      url: '/api/tenders',
      method: 'POST',
      body: {
        name: 'Paxta tolasi',
        cargo_type: 'Truck',
        cargo_weight: 20000,
        cargo_volume: 45.5,
        origin_location: 'Toshkent',
        destination_location: 'Moskva',
        initial_price: 4200,
        shipment_date: '2026-12-01',
        delivery_date: '2026-12-06',
        tender_start_date: '2026-11-21',
        tender_end_date: '2026-11-30',
        status: 'opened',
        incoterms: 'FCA Toshkent',
        requirements: 'Tent',
        notes: 'Ehtiyot bo‘ling',
      },
    });
    answer(jsonResponse({ id: 1 }, 201));
    expect(await findToast('Tender created successfully!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenders'));
  });

  it('sends the chosen status (draft)', async () => {
    const { calls } = stubFormFetch(() => jsonResponse({ id: 1 }, 201));
    const { user } = renderForm();
    fill({ ...required, ...dates });
    expect(field('Holat').querySelectorAll('option').length).toBe(3);
    await user.selectOptions(field('Holat'), 'draft');
    await user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    await waitFor(() => expect(calls[0]?.body).toMatchObject({ status: 'draft' }));
  });

  it("shows the server's field texts beside the fields and toasts its error, or 'Failed to create tender'", async () => {
    stubFormFetch(() =>
      jsonResponse(
        {
          error: "Ma'lumotlar noto'g'ri to'ldirilgan",
          code: 'VALIDATION_FAILED',
          fields: { cargo_weight: 'Juda katta', origin_location: 'Server: noma’lum shahar' },
        },
        400,
      ),
    );
    const first = renderForm();
    fill({ ...required, ...dates });
    await first.user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await findToast("Ma'lumotlar noto'g'ri to'ldirilgan")).toBeInTheDocument();
    expect(field("Og'irligi (kg)")).toHaveAccessibleDescription('Juda katta');
    expect(field("Jo'nash joyi")).toHaveAccessibleDescription('Server: noma’lum shahar');
    expect(first.router.state.location.pathname).toBe('/orders/create');
    first.unmount();

    stubFormFetch(() => new Response('', { status: 500 }));
    const second = renderForm();
    fill({ ...required, ...dates });
    await second.user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await findToast('Failed to create tender')).toBeInTheDocument();
  });

  it('checks numbers and date order like the server, beside the fields', async () => {
    const { calls } = stubFormFetch(() => jsonResponse({ id: 1 }, 201));
    const { user } = renderForm();
    fill({ ...required, "Boshlang'ich narx (USD)": '-3', ...dates, 'Yetkazib berish sanasi': '20.11.2026' });
    await user.click(screen.getByRole('button', { name: 'Tender yaratish' }));
    expect(await findToast("Ma'lumotlar noto'g'ri to'ldirilgan")).toBeInTheDocument();
    expect(field("Boshlang'ich narx (USD)")).toHaveAccessibleDescription("Noldan katta bo'lishi kerak");
    expect(field('Yetkazib berish sanasi')).toHaveAccessibleDescription(
      "Yetkazib berish sanasi jo'natish sanasidan oldin bo'lmasligi kerak",
    );
    expect(calls).toHaveLength(0);
  });

  it('Cancel goes to /tenders', async () => {
    stubFormFetch(() => jsonResponse({}));
    const { user, router } = renderForm();
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenders'));
  });
});

describe('Auction rules', () => {
  signedIn('en');

  const requiredEn = {
    'Product name': 'Paxta tolasi',
    'Cargo type': 'Truck',
    'Weight (kg)': '20000',
    'Volume (m3)': '45.5',
    Origin: 'Toshkent',
    Destination: 'Moskva',
    'Initial price (USD)': '4200',
  };
  const datesEn = {
    'Shipment date': '01.12.2026',
    'Delivery date': '06.12.2026',
    'Tender start date': '21.11.2026',
    'Tender end date': '30.11.2026',
  };

  it('are collapsed with their defaults explained, and send nothing of their own when left alone', async () => {
    const { calls } = stubFormFetch(() => jsonResponse({ id: 1 }, 201));
    const { user } = renderForm();
    const rules = screen.getByText('Auction rules').closest('details')!;
    expect(rules).not.toHaveAttribute('open');
    expect(rules).toHaveTextContent('bidding closes at 23:59 Tashkent time on the end date');
    fill({ ...requiredEn, ...datesEn });
    await user.click(screen.getByRole('button', { name: 'Create tender' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      closes_at: null,
      soft_close_minutes: 0,
      min_step: 0.01,
      buy_now_price: null,
      reserve_price: null,
      auto_award: false,
      confirm_within_minutes: 120,
    });
  });

  it('send the chosen rules: the close time on the end date in Tashkent, the step, buy-now, reserve and auto award', async () => {
    const { calls } = stubFormFetch(() => jsonResponse({ id: 1 }, 201));
    const { user } = renderForm();
    await user.click(screen.getByText('Auction rules'));
    fill({
      ...requiredEn,
      ...datesEn,
      'Bidding closes at': '18:30',
      'Soft close (minutes)': '5',
      'Minimum step (USD)': '25',
      'Time to confirm (minutes)': '45',
      'Buy-now price (USD)': '3900',
      'Reserve price (USD)': '4000',
    });
    await user.click(screen.getByRole('checkbox', { name: /Automatic award/ }));
    await user.click(screen.getByRole('button', { name: 'Create tender' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({
      closes_at: '2026-11-30T13:30:00.000Z',
      soft_close_minutes: 5,
      min_step: 25,
      buy_now_price: 3900,
      reserve_price: 4000,
      auto_award: true,
      confirm_within_minutes: 45,
    });
  });

  it('open by themselves to show a rule that does not hold, and call nothing', async () => {
    const { calls } = stubFormFetch(() => jsonResponse({ id: 1 }, 201));
    const { user } = renderForm();
    fill({ ...requiredEn, ...datesEn });
    // typed while open, then folded away
    await user.click(screen.getByText('Auction rules'));
    fill({ 'Minimum step (USD)': '5000', 'Soft close (minutes)': '90' });
    await user.click(screen.getByText('Auction rules'));
    await user.click(screen.getByRole('button', { name: 'Create tender' }));
    const rules = screen.getByText('Auction rules').closest('details')!;
    await waitFor(() => expect(rules).toHaveAttribute('open'));
    expect(field('Soft close (minutes)')).toHaveAccessibleDescription(/Must be a whole number of minutes from 0 to 60/);
    // the rules between fields are checked once each field holds on its own
    fill({ 'Soft close (minutes)': '5' });
    await user.click(screen.getByRole('button', { name: 'Create tender' }));
    await waitFor(() =>
      expect(field('Minimum step (USD)')).toHaveAccessibleDescription(
        /The minimum step must be less than the initial price/,
      ),
    );
    expect(calls).toHaveLength(0);
  });
});
