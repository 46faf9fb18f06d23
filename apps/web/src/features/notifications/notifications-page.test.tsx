import { act, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, type Notification } from '@yuk/shared';
import { SideNav } from '../../app/layout/side-nav';
import { changeLanguage } from '../../i18n';
import { clearSession } from '../../lib/session';
import { findToast, jsonResponse, renderWithProviders, signedIn, type FetchCall } from '../../test/render';
import { fakeApi, on } from '../../test/fake-api';
import { sseResponse } from '../../test/sse';
import { makeNotification } from '../../test/factories';
import { isNotificationStreamOpen } from './live/notification-stream';
import { NotificationsPage } from './notifications-page';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const inbox: Notification[] = [
  makeNotification({ id: 5, title: 'Tenderingizga yangi taklif', created_at: minutesAgo(5) }),
  makeNotification({
    id: 4,
    type: 'system',
    kind: 'shipment_moved',
    title: "Yuk holati o'zgardi",
    body: "YT-000002: Yo'lda",
    link: '/shipment/status?number=YT-000002',
    read: true,
    created_at: minutesAgo(120),
  }),
  makeNotification({
    id: 3,
    kind: 'bid_lost',
    title: 'Taklifingiz qabul qilinmadi',
    link: '/bids',
    read: true,
    created_at: minutesAgo(60 * 24 * 2),
  }),
];

function byTab(url: string): Notification[] {
  const tab = new URL(url, 'http://x').searchParams.get('tab');
  if (tab === 'unread') return inbox.filter((n) => !n.read);
  if (tab === 'system') return inbox.filter((n) => n.type === 'system');
  if (tab === 'offers') return [];
  return inbox;
}

function api(call: FetchCall, unread = 1): Response {
  if (call.url.startsWith('/api/notifications/unread-count')) return jsonResponse({ count: unread });
  if (call.url === '/api/notifications/read-all') return jsonResponse({ count: 0 });
  if (/^\/api\/notifications\/\d+\/read$/.test(call.url)) return jsonResponse({ count: 0 });
  if (call.url.startsWith('/api/notifications?')) return jsonResponse(byTab(call.url));
  return jsonResponse({});
}

/**
 * The fake API: the notification stream gets a fresh SSE answer each time it connects (`streams` holds them,
 * newest last); everything else goes to `handler`.
 */
function stubApiWithStream(handler: (call: FetchCall) => Response | Promise<Response>) {
  const streams: ReturnType<typeof sseResponse>[] = [];
  const { calls } = fakeApi(
    on.get(apiPaths.notifications.stream, () => {
      const stream = sseResponse();
      streams.push(stream);
      return stream.response;
    }),
    on.all('*', handler),
  );
  return { calls, streams };
}

function renderPage(path = '/notifications') {
  const router = createMemoryRouter(
    [
      { path: '/notifications', element: <NotificationsPage /> },
      { path: '/tender/:id', element: <h1>Tender page</h1> },
      { path: '/shipment/status', element: <h1>Shipment page</h1> },
      { path: '/bids', element: <h1>Bids page</h1> },
    ],
    { initialEntries: [path] },
  );
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

const listCalls = (calls: FetchCall[]) => calls.filter((call) => call.url.startsWith('/api/notifications?'));

describe('notifications screen', () => {
  signedIn('uz');

  it('lists title, text and relative time, newest first; unread ones are marked', async () => {
    stubApiWithStream((call) => api(call));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Bildirishnomalar' })).toBeInTheDocument();
    expect(screen.getByText('Bildirishnomalar yuklanmoqda...')).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Barchasi' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent("O'qilmagan: Tenderingizga yangi taklif");
    expect(items[0]).toHaveTextContent('YT-000001 «Sement»: 900 USD');
    expect(within(items[0]!).getByText('5 daqiqa oldin')).toBeInTheDocument();
    expect(within(items[1]!).getByText('2 soat oldin')).toBeInTheDocument();
    expect(within(items[2]!).getByText('2 kun oldin')).toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent("O'qilmagan");
    expect(within(items[0]!).getByRole('link')).toHaveClass('bg-navy-850');
    expect(within(items[1]!).getByRole('link')).not.toHaveClass('bg-navy-850');
    // the count has its own call (and its schema its own chunk): it may land after the list
    expect(await screen.findByText("1 ta o'qilmagan")).toBeInTheDocument();
  });

  it('the tabs All, Unread, System, Offers filter the list (the tab goes to the server and the address)', async () => {
    const { calls } = stubApiWithStream((call) => api(call));
    const { user, router } = renderPage();
    await screen.findByRole('list', { name: 'Barchasi' });
    const tabs = screen.getByRole('tablist', { name: 'Bildirishnomalar turi' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Barchasi', "O'qilmagan", 'Tizim', 'Takliflar']);

    await user.click(within(tabs).getByRole('tab', { name: "O'qilmagan" }));
    const unread = await screen.findByRole('list', { name: "O'qilmagan" });
    expect(within(unread).getAllByRole('listitem')).toHaveLength(1);
    expect(router.state.location.search).toBe('?tab=unread');

    await user.click(within(tabs).getByRole('tab', { name: 'Tizim' }));
    const system = await screen.findByRole('list', { name: 'Tizim' });
    expect(
      within(system)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([expect.stringContaining("Yuk holati o'zgardi")]);

    await user.click(within(tabs).getByRole('tab', { name: 'Takliflar' }));
    expect(await screen.findByText("Takliflar bo'yicha bildirishnomalar yo'q")).toBeInTheDocument();

    expect(listCalls(calls).map((call) => new URL(call.url, 'http://x').searchParams.get('tab'))).toEqual([
      'all',
      'unread',
      'system',
      'offers',
    ]);
    expect(listCalls(calls)[0]?.url).toBe('/api/notifications?tab=all&limit=20');
  });

  it('opens on the tab of the address and shows the empty texts', async () => {
    stubApiWithStream((call) => (call.url.startsWith('/api/notifications?') ? jsonResponse([]) : api(call, 0)));
    const { user } = renderPage('/notifications?tab=unread');
    expect(await screen.findByText("O'qilmagan bildirishnomalar yo'q")).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: "O'qilmagan" })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Barchasi' }));
    expect(await screen.findByText("Hali bildirishnomalar yo'q")).toBeInTheDocument();
    // nothing unread (once the count's own call answers): nothing to mark
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled());
  });

  it('a click marks the item read and opens its page', async () => {
    const { calls } = stubApiWithStream((call) => api(call));
    const { user, router } = renderPage();
    await user.click(await screen.findByRole('link', { name: /Tenderingizga yangi taklif/ }));
    expect(router.state.location.pathname).toBe('/tender/1');
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/notifications/5/read')).toMatchObject({ method: 'POST' }),
    );

    // a read one just opens its page
    await router.navigate('/notifications');
    await user.click(await screen.findByRole('link', { name: /Yuk holati/ }));
    expect(router.state.location.pathname).toBe('/shipment/status');
    expect(router.state.location.search).toBe('?number=YT-000002');
    expect(calls.filter((call) => call.url.endsWith('/read'))).toHaveLength(1);
  });

  it("'Mark all as read' marks everything read, with its pending state and a toast", async () => {
    let answer: (response: Response) => void = () => {};
    let allRead = false;
    const { calls } = stubApiWithStream((call) => {
      if (call.url === '/api/notifications/read-all') {
        allRead = true;
        return new Promise<Response>((resolve) => (answer = resolve));
      }
      if (allRead && call.url.startsWith('/api/notifications?')) {
        return jsonResponse(inbox.map((n) => ({ ...n, read: true })));
      }
      return api(call, allRead ? 0 : 1);
    });
    const { user } = renderPage();
    await screen.findByText("1 ta o'qilmagan");
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(screen.getByRole('button', { name: 'Belgilanmoqda...' })).toBeDisabled();
    answer(jsonResponse({ count: 0 }));
    expect(await findToast("Barcha bildirishnomalar o'qilgan deb belgilandi")).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/notifications/read-all')?.method).toBe('POST');
    await waitFor(() => expect(screen.queryByText(/O'qilmagan:/)).toBeNull());
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });

  it("shows the server's text when marking fails", async () => {
    stubApiWithStream((call) =>
      call.url === '/api/notifications/read-all'
        ? jsonResponse({ error: 'Server band', code: 'INTERNAL' }, 500)
        : api(call),
    );
    const { user } = renderPage();
    await screen.findByText("1 ta o'qilmagan");
    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await findToast('Server band')).toBeInTheDocument();
  });

  it('pages back with "Show more" (before = the last id shown)', async () => {
    const page1 = Array.from({ length: 20 }, (_, index) =>
      makeNotification({ id: 100 - index, title: `Xabar ${100 - index}`, read: true }),
    );
    const page2 = [makeNotification({ id: 80, title: 'Xabar 80', read: true })];
    const { calls } = stubApiWithStream((call) => {
      if (call.url.startsWith('/api/notifications?'))
        return jsonResponse(call.url.includes('before=81') ? page2 : page1);
      return api(call, 0);
    });
    const { user } = renderPage();
    await screen.findByText('Xabar 100');
    await user.click(screen.getByRole('button', { name: "Ko'proq ko'rsatish" }));
    expect(await screen.findByText('Xabar 80')).toBeInTheDocument();
    expect(listCalls(calls).at(-1)?.url).toBe('/api/notifications?tab=all&limit=20&before=81');
    expect(screen.queryByRole('button', { name: "Ko'proq ko'rsatish" })).toBeNull();
  });

  it('a failed load shows the error with a retry', async () => {
    let fail = true;
    stubApiWithStream((call) =>
      fail && call.url.startsWith('/api/notifications?')
        ? jsonResponse({ error: 'Server band', code: 'INTERNAL' }, 500)
        : api(call),
    );
    const { user } = renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('Bildirishnomalarni yuklashda xatolik: Server band');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Qayta urinish' }));
    expect(await screen.findByRole('list', { name: 'Barchasi' })).toBeInTheDocument();
  });

  it('new notifications and unread counts arrive live on the stream, on top of the list', async () => {
    const { streams, calls } = stubApiWithStream((call) => api(call));
    renderPage();
    await screen.findByRole('list', { name: 'Barchasi' });
    await waitFor(() => expect(streams).toHaveLength(1));
    const stream = calls.find((call) => call.url === '/api/notifications/stream');
    expect(stream?.headers).toMatchObject({ authorization: 'Bearer token', 'accept-language': 'uz' });

    act(() => {
      streams[0]!.send(
        'notification',
        makeNotification({ id: 9, title: 'Taklifingiz qabul qilindi!', created_at: new Date().toISOString() }),
      );
      streams[0]!.send('unread', { count: 2 });
    });
    const list = screen.getByRole('list', { name: 'Barchasi' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Taklifingiz qabul qilindi!');
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('hozirgina');
    expect(await screen.findByText("2 ta o'qilmagan")).toBeInTheDocument();
    expect(screen.getByText('Yangi bildirishnoma: Taklifingiz qabul qilindi!')).toBeInTheDocument();
  });

  it('reads in English and Russian: tabs, relative times, button', async () => {
    stubApiWithStream((call) => api(call));
    await changeLanguage('en');
    renderPage();
    expect(await screen.findByText('5 minutes ago')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['All', 'Unread', 'System', 'Offers']);
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeInTheDocument();
    await act(() => changeLanguage('ru'));
    expect(await screen.findByText('5 минут назад')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Все',
      'Непрочитанные',
      'Системные',
      'Предложения',
    ]);
    await act(() => changeLanguage('uz'));
  });
});

describe('the unread badge in the side navigation', () => {
  signedIn('uz');

  function renderNav() {
    const router = createMemoryRouter([{ path: '*', element: <SideNav id="nav" open onToggle={() => {}} /> }]);
    return renderWithProviders(<RouterProvider router={router} />);
  }

  it('shows the unread count and follows the stream live, over one connection; logging out closes it', async () => {
    const { streams, calls } = stubApiWithStream((call) => api(call, 3));
    renderNav();
    expect(await screen.findByRole('link', { name: 'Bildirishnomalar, 3 ta yangi' })).toBeInTheDocument();
    await waitFor(() => expect(streams).toHaveLength(1));

    act(() => streams[0]!.send('unread', { count: 4 }));
    expect(await screen.findByRole('link', { name: 'Bildirishnomalar, 4 ta yangi' })).toBeInTheDocument();
    act(() => streams[0]!.send('unread', { count: 0 }));
    expect(await screen.findByRole('link', { name: 'Bildirishnomalar' })).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/notifications/stream')).toHaveLength(1);

    const signal = calls.find((call) => call.url === '/api/notifications/stream')?.signal;
    expect(signal?.aborted).toBe(false);
    act(() => clearSession());
    expect(signal?.aborted).toBe(true);
    expect(isNotificationStreamOpen()).toBe(false);
  });

  it('reconnects after the stream drops and refetches what may have been missed', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { streams, calls } = stubApiWithStream((call) => api(call, 1));
      renderNav();
      await waitFor(() => expect(streams).toHaveLength(1));
      act(() => streams[0]!.close());
      await act(() => vi.advanceTimersByTimeAsync(1500));
      await waitFor(() => expect(streams).toHaveLength(2));
      act(() => streams[1]!.send('unread', { count: 6 }));
      expect(await screen.findByRole('link', { name: 'Bildirishnomalar, 6 ta yangi' })).toBeInTheDocument();
      expect(calls.filter((call) => call.url === '/api/notifications/stream')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
