import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SHIPMENT_STORAGE_KEY, apiPaths, type Notification, type Shipment } from '@yuk/shared';
import { changeLanguage } from '../../i18n';
import { publishNotification } from '../../lib/notification-events';
import { type FetchCall, findToast, jsonResponse, renderWithProviders, signedIn } from '../../test/render';
import { makeShipment } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { ShipmentStatusPage } from './shipment-status-page';
import { ShipmentSuccessPage } from './shipment-success-page';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/shipment/status', element: <ShipmentStatusPage /> },
      { path: '/shipment/success', element: <ShipmentSuccessPage /> },
      { path: '/orders', element: <h1>Orders page</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

/** A server with these shipments: GET list and one, POST status moving them as the API does. */
function serveShipments(initial: Shipment[], refuse?: (call: FetchCall) => Response | undefined) {
  const data = new Map(initial.map((item) => [item.number, item]));
  const missing = () => jsonResponse({ error: 'Yuk topilmadi', code: 'SHIPMENT_NOT_FOUND' }, 404);
  return fakeApi(
    on.all('*', (call) => refuse?.(call)),
    on.get(apiPaths.shipments.list, () => [...data.values()]),
    on.get(apiPaths.shipments.one, ({ params }) => data.get(params.number) ?? missing()),
    on.post(apiPaths.shipments.status, ({ params, body }) => {
      const found = data.get(params.number);
      if (!found) return missing();
      const step = (body as { status: 'loaded' | 'on_the_way' | 'delivered' }).status;
      const stamp = { loaded: 'loaded_at', on_the_way: 'on_the_way_at', delivered: 'delivered_at' } as const;
      const moved: Shipment = { ...found, status: step, [stamp[step]]: '2025-03-11T09:30:00.000Z' };
      data.set(found.number, moved);
      return moved;
    }),
    on.all('*', missing),
  );
}

describe('shipment status', () => {
  signedIn('uz');

  it("without a chosen shipment: 'Yuk ma'lumotlari topilmadi.', and the picker chooses one of mine", async () => {
    const { calls } = serveShipments([makeShipment(), makeShipment({ number: 'YT-000043', origin: 'Buxoro' })]);
    const { user } = renderAt('/shipment/status');
    expect(screen.getByRole('heading', { level: 1, name: 'Yuk holati' })).toBeInTheDocument();
    expect(screen.getByText("Yuk ma'lumotlari topilmadi.")).toBeInTheDocument();
    const picker = await screen.findByRole('combobox', { name: 'Yukni tanlang' });
    expect(
      within(picker)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Yuk tanlanmagan', 'YT-000042 — Toshkent → Samarqand', 'YT-000043 — Buxoro → Samarqand']);
    await user.selectOptions(picker, 'YT-000043');
    expect(await screen.findByRole('heading', { level: 2, name: '#YT-000043' })).toBeInTheDocument();
    expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000043');
    expect(calls.map((call) => call.url)).toContain('/api/shipments/YT-000043');
  });

  it('writes the weight and the volume with their units in the interface’s language', async () => {
    await changeLanguage('ru');
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([makeShipment()]);
    renderAt('/shipment/status');
    expect(await screen.findByRole('heading', { level: 2, name: '#YT-000042' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Вес')).toBe('12,500 кг');
    expect(value('Объём')).toBe('36.5 м³');
  });

  it('shows the stored shipment: every field of the spec, the parties and the timeline', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([
      makeShipment({
        status: 'on_the_way',
        loaded_at: '2025-03-10T07:15:00.000Z',
        on_the_way_at: '2025-03-10T11:40:00.000Z',
        vehicle: { type: 'Box Truck', plate: '01 A 123 BC' },
      }),
    ]);
    renderAt('/shipment/status');
    expect(screen.getByText("Yuk ma'lumotlari yuklanmoqda...")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: '#YT-000042' })).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(value('Yuk raqami')).toBe('YT-000042');
    expect(value('Tavsif')).toBe('Sement (Truck)');
    expect(value("Og'irligi")).toBe('12,500 kg');
    expect(value('Hajmi')).toBe('36.5 m³');
    expect(value("Jo'nash joyi")).toBe('Toshkent');
    expect(value('Yetkazish joyi')).toBe('Samarqand');
    expect(value('Olib ketish sanasi')).toBe('10.03.2025');
    expect(value('Yetkazish sanasi')).toBe('14.03.2025');
    expect(value('Talablar')).toBe('Tentli yuk mashinasi');
    expect(value('Izohlar')).toBe('Ehtiyot bo‘ling');
    expect(value('Incoterms')).toBe('FCA');
    expect(value('Kelishilgan narx')).toBe('$1,850');
    expect(value('Tashuvchi')).toBe('Aziz Karimov');
    expect(screen.getByRole('link', { name: '+998901234567' })).toHaveAttribute('href', 'tel:+998901234567');
    expect(value('Yuk egasi')).toBe('Dilnoza Yusupova');
    expect(value('Mashina')).toBe('Box Truck · 01 A 123 BC');

    const steps = within(screen.getByRole('list', { name: 'Yetkazish bosqichlari' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      expect.stringMatching(/^1?Yuklangan, bajarildi\d{2}\.03\.2025 \d{2}:\d{2}$/),
      expect.stringMatching(/^2?Yo'lda, bajarildi\d{2}\.03\.2025 \d{2}:\d{2}$/),
      '3Yetkazib berilgan, kutilmoqda',
    ]);
    // the step to come is blank and dimmed
    expect(steps[2]).toHaveAttribute('data-done', 'false');
    expect(within(steps[2]!).getByText('Yetkazib berilgan')).toHaveClass('text-slate-400');
    expect(within(steps[0]!).getByText('Yuklangan')).toHaveClass('text-white');
    expect(steps[1]).toHaveAttribute('aria-current', 'step');
  });

  it('the carrier marks loaded, then on the way: only the next step, with its pending state and a toast', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    const { calls } = serveShipments([makeShipment()]);
    const { user } = renderAt('/shipment/status');
    const loaded = await screen.findByRole('button', { name: 'Yuklandi deb belgilash' });
    expect(screen.queryByRole('button', { name: "Yo'lga chiqdi deb belgilash" })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delivery in the process' })).toBeNull();
    await user.click(loaded);
    expect(await findToast('Yuk holati yangilandi: Yuklangan')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      url: '/api/shipments/YT-000042/status',
      body: { status: 'loaded' },
    });
    await user.click(await screen.findByRole('button', { name: "Yo'lga chiqdi deb belgilash" }));
    expect(await findToast("Yuk holati yangilandi: Yo'lda")).toBeInTheDocument();
    expect(await screen.findByText("Yuk yo'lda. Yuk egasi yetkazib berilganini tasdiqlaydi.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /belgilash/ })).toBeNull();
  });

  it("shows the pending text while saving and the server's refusal as a toast", async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    let answer: (response: Response) => void = () => {};
    serveShipments([makeShipment()], (call) =>
      call.method === 'POST'
        ? (new Promise<Response>((resolve) => (answer = resolve)) as unknown as Response)
        : undefined,
    );
    const { user } = renderAt('/shipment/status');
    await user.click(await screen.findByRole('button', { name: 'Yuklandi deb belgilash' }));
    expect(screen.getByRole('button', { name: 'Saqlanmoqda...' })).toBeDisabled();
    answer(
      jsonResponse(
        {
          error: "Bu bosqichni hozir belgilab bo'lmaydi: avval oldingi bosqich bajarilishi kerak",
          code: 'SHIPMENT_STEP_OUT_OF_ORDER',
        },
        409,
      ),
    );
    expect(
      await findToast("Bu bosqichni hozir belgilab bo'lmaydi: avval oldingi bosqich bajarilishi kerak"),
    ).toBeInTheDocument();
  });

  it("the owner's orange 'Delivery in the process' waits for the road, then confirms and opens the success page", async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([makeShipment({ role: 'owner', status: 'loaded', loaded_at: '2025-03-10T07:15:00.000Z' })]);
    const { user, router } = renderAt('/shipment/status');
    const button = await screen.findByRole('button', { name: 'Delivery in the process' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('bg-orange-500');
    expect(button).toHaveAccessibleDescription(
      "Tashuvchi yukni yo'lga chiqargach, yetkazib berilganini shu tugma bilan tasdiqlaysiz.",
    );
    expect(screen.queryByRole('button', { name: /belgilash/ })).toBeNull();

    // the carrier sets off: the notification refreshes the page and the button wakes up
    vi.unstubAllGlobals();
    serveShipments([
      makeShipment({
        role: 'owner',
        status: 'on_the_way',
        loaded_at: '2025-03-10T07:15:00.000Z',
        on_the_way_at: '2025-03-10T11:40:00.000Z',
      }),
    ]);
    act(() =>
      publishNotification({
        id: 1,
        type: 'system',
        kind: 'shipment_moved',
        title: "Yuk holati o'zgardi",
        body: "YT-000042: Yo'lda",
        link: '/shipment/status?number=YT-000042',
        read: false,
        created_at: new Date().toISOString(),
      } satisfies Notification),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delivery in the process' })).toBeEnabled());

    await user.click(screen.getByRole('button', { name: 'Delivery in the process' }));
    expect(await findToast('Yetkazib berish tasdiqlandi!')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shipment/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Confirmed!' })).toBeInTheDocument();
  });

  it('a link with ?number= chooses that shipment and keeps it', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000001');
    serveShipments([makeShipment()]);
    renderAt('/shipment/status?number=YT-000042');
    expect(await screen.findByRole('heading', { level: 2, name: '#YT-000042' })).toBeInTheDocument();
    expect(localStorage.getItem(SHIPMENT_STORAGE_KEY)).toBe('YT-000042');
  });

  it("a stored number the server does not know (404): 'Yuk ma'lumotlari topilmadi.'", async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-999999');
    serveShipments([]);
    renderAt('/shipment/status');
    expect(await screen.findByText("Yuk ma'lumotlari topilmadi.")).toBeInTheDocument();
    expect(await screen.findByText("Sizda hali kuzatiladigan yuk yo'q.")).toBeInTheDocument();
  });

  it('also reads a saved shipment object (JSON with its number)', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, JSON.stringify({ number: 'YT-000042', description: 'Sement' }));
    serveShipments([makeShipment({ status: 'delivered', role: 'owner', delivered_at: '2025-03-14T10:00:00.000Z' })]);
    renderAt('/shipment/status');
    expect(await screen.findByRole('heading', { level: 2, name: '#YT-000042' })).toBeInTheDocument();
    expect(screen.getByText('Yuk yetkazib berildi')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Tasdiqni ko'rish" })).toHaveAttribute('href', '/shipment/success');
  });

  it('a server failure shows its text with a retry', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([makeShipment()], (call) =>
      call.url === '/api/shipments/YT-000042'
        ? jsonResponse({ error: 'Server band', code: 'INTERNAL' }, 500)
        : undefined,
    );
    renderAt('/shipment/status');
    expect(await screen.findByRole('alert')).toHaveTextContent("Yuk ma'lumotlarini yuklashda xatolik: Server band");
    expect(screen.getByRole('button', { name: 'Qayta urinish' })).toBeInTheDocument();
  });
});

describe('shipment success', () => {
  signedIn('uz');

  it("without saved data: 'Buyurtma ma'lumotlari topilmadi.'", () => {
    serveShipments([]);
    renderAt('/shipment/success');
    expect(screen.getByText("Buyurtma ma'lumotlari topilmadi.")).toBeInTheDocument();
  });

  it('a delivered shipment: the confirmation, Order ID and Receiver Location, and the two buttons', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([
      makeShipment({ status: 'delivered', delivered_at: '2025-03-14T10:00:00.000Z', destination: 'Farg‘ona' }),
    ]);
    const { user, router } = renderAt('/shipment/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Confirmed!' })).toBeInTheDocument();
    expect(screen.getByText('Your shipment has been successfully delivered.')).toBeInTheDocument();
    expect(screen.getByText('Order ID').nextElementSibling).toHaveTextContent('#YT-000042');
    expect(screen.getByText('Receiver Location').nextElementSibling).toHaveTextContent('Farg‘ona');
    expect(screen.getByRole('link', { name: 'View Order Details' })).toHaveAttribute('href', '/shipment/status');
    await user.click(screen.getByRole('link', { name: 'Create Another Order' }));
    expect(router.state.location.pathname).toBe('/orders');
  });

  it('a shipment not delivered yet does not claim it', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([makeShipment({ status: 'loaded' })]);
    renderAt('/shipment/success');
    expect(await screen.findByText('Bu yukning yetkazib berilishi hali tasdiqlanmagan.')).toBeInTheDocument();
    expect(screen.queryByText('Delivery Confirmed!')).toBeNull();
  });

  it("a number the server does not know: 'Buyurtma ma'lumotlari topilmadi.'", async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-404');
    serveShipments([]);
    renderAt('/shipment/success');
    expect(await screen.findByText("Buyurtma ma'lumotlari topilmadi.")).toBeInTheDocument();
  });

  it('reads in English and Russian', async () => {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, 'YT-000042');
    serveShipments([makeShipment({ status: 'delivered', delivered_at: '2025-03-14T10:00:00.000Z' })]);
    await changeLanguage('ru');
    renderAt('/shipment/success');
    expect(await screen.findByRole('heading', { level: 1, name: 'Доставка подтверждена!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Создать новый заказ' })).toBeInTheDocument();
    await act(() => changeLanguage('en'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Delivery Confirmed!' })).toBeInTheDocument();
    await act(() => changeLanguage('uz'));
  });
});

describe('rating after delivery', () => {
  signedIn('en');

  it('the owner rates the carrier once: score, dates kept, comment; the other side stays hidden until it may show', async () => {
    const delivered = makeShipment({ status: 'delivered', role: 'owner', delivered_at: '2025-03-11T09:30:00.000Z' });
    let ratings = {
      can_rate: true,
      rate_until: '2025-04-10T09:30:00.000Z',
      mine: null,
      theirs: null,
      theirs_hidden: true,
    };
    const { calls } = serveShipments([delivered], (call) => {
      if (!call.url.endsWith('/rating')) return undefined;
      if (call.method === 'POST') {
        ratings = {
          ...ratings,
          can_rate: false,
          mine: { score: 4, comment: 'Fine', on_time: true, payment: null, created_at: '2025-03-12T10:00:00.000Z' },
        } as never;
        return jsonResponse(ratings, 201);
      }
      return jsonResponse(ratings);
    });
    const { user } = renderAt(`/shipment/status?number=${delivered.number}`);
    const section = await screen.findByRole('region', { name: 'Rate the carrier' });
    expect(section).toHaveTextContent('The other side has rated: it shows once you have too (or after 14 days)');
    await user.click(within(section).getByRole('button', { name: 'Send the rating' }));
    expect(await findToast('Choose a score and answer the question')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: '4 of 5 stars' }));
    await user.click(within(section).getByRole('button', { name: 'Yes, on time' }));
    await user.type(within(section).getByLabelText('Comment (optional)'), 'Fine');
    await user.click(within(section).getByRole('button', { name: 'Send the rating' }));
    expect(await findToast('Your rating is saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST' && call.url.endsWith('/rating'))?.body).toEqual({
      score: 4,
      comment: 'Fine',
      on_time: true,
    });
    expect(await within(section).findByText('Your rating')).toBeInTheDocument();
  });
});
