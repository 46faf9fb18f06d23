import { act, screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { BellIcon, ChartIcon, TendersIcon, TruckIcon, UserIcon } from '../../components/ui/icons';
import { changeLanguage } from '../../i18n';
import { getSession, startSession, USER_FLAG_KEY } from '../../lib/session';
import { jsonResponse, renderWithProviders, sampleUser, stubFetch } from '../../test/render';
import { appRoutes } from '../router';
import { BottomNav } from './bottom-nav';
import { bottomNavItems, type NavItem } from './nav-items';
import { SideNav } from './side-nav';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const rendered = renderWithProviders(<RouterProvider router={router} />);
  return { ...rendered, router };
}

function nav() {
  return screen.getByRole('navigation', { name: 'Asosiy menyu' });
}

describe('the signed-in shell', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    startSession({ accessToken: 'token', user: sampleUser });
    stubFetch(() => jsonResponse([]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('redirects / to /dashboard, the home of a signed-in user', async () => {
    const { router } = renderApp('/');
    // the location moves once the page's lazy code has loaded
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 5000 });
  });

  it("shows '404 – Sahifa topilmadi' inside the shell for an unknown path", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: '404 – Sahifa topilmadi' })).toBeInTheDocument();
    expect(nav()).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('heading', { level: 1 }));
  });

  it('lists the spec links in order, each with an icon and a label; the current one is marked', async () => {
    renderApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    const links = within(nav()).getAllByRole('link', { hidden: true });
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/tenders',
      '/tenders/plane',
      '/tenders/ship',
      '/tenders/truck',
      '/tenders/labo',
      '/orders',
      '/bids',
      '/saved-searches',
      '/vehicles',
      '/notifications',
      '/company',
      '/profile',
    ]);
    expect(within(nav()).getByRole('link', { name: 'Profil' })).toHaveAttribute('aria-current', 'page');
    for (const link of links) expect(link.querySelector('svg')).not.toBeNull();
  });

  it('shows the moderators their console, and no one else', async () => {
    vi.unstubAllGlobals();
    stubFetch((call) =>
      call.url === '/api/users/me' ? jsonResponse({ ...sampleUser, role: 'moderator' }) : jsonResponse([]),
    );
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    expect(await within(nav()).findByRole('link', { name: 'Moderatsiya' })).toHaveAttribute('href', '/admin');
  });

  it('collapses to icons with the brand letter, keeping every link named, and opens again', async () => {
    const { user } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    const aside = nav().closest('aside');
    expect(aside).toHaveClass('w-50');
    expect(screen.getByRole('link', { name: 'Yuk Tender' })).toHaveTextContent('Yuk Tender');

    await user.click(screen.getByRole('button', { name: "Menyuni yig'ish" }));
    expect(aside).toHaveClass('w-17');
    const brand = screen.getByRole('link', { name: 'Yuk Tender' });
    expect(brand).toHaveTextContent(/^Y$/);
    expect(within(nav()).getByRole('link', { name: 'Buyurtmalarim' })).toBeInTheDocument();
    expect(within(nav()).getByText('Buyurtmalarim')).toHaveClass('sr-only');
    expect(screen.getByRole('button', { name: 'Menyuni ochish' })).toHaveAttribute('aria-expanded', 'false');

    await user.click(screen.getByRole('button', { name: 'Menyuni ochish' }));
    expect(aside).toHaveClass('w-50');
    expect(within(nav()).getByText('Buyurtmalarim')).not.toHaveClass('sr-only');
  });

  it('opens the Tenders sub-links by itself under /tenders/{type}', async () => {
    renderApp('/tenders/ship');
    await screen.findByRole('heading', { level: 1 });
    const tenders = within(nav()).getByRole('link', { name: 'Tenderlar' });
    expect(tenders).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Dengiz' })).toBeVisible();
    expect(within(nav()).getByRole('link', { name: 'Dengiz' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles the Tenders sub-links when the Tenders item is clicked', async () => {
    const { user, router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    const tenders = within(nav()).getByRole('link', { name: 'Tenderlar' });
    expect(tenders).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Aviatsiya' })).toBeNull();

    await user.click(tenders);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tenders'));
    expect(tenders).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav()).getByRole('link', { name: 'Aviatsiya' })).toBeVisible();

    await user.click(tenders);
    expect(tenders).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav()).queryByRole('link', { name: 'Aviatsiya' })).toBeNull();
  });

  it('follows the language', async () => {
    renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    await act(() => changeLanguage('en'));
    expect(
      within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('link', { name: 'My Orders' }),
    ).toBeInTheDocument();
    await act(() => changeLanguage('ru'));
    expect(
      within(screen.getByRole('navigation', { name: 'Главное меню' })).getByRole('link', { name: 'Мои заказы' }),
    ).toBeInTheDocument();
  });

  it('logs out: POST /api/users/logout with the refresh cookie, then the session is cleared', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/users/me'
        ? jsonResponse(sampleUser)
        : call.url === '/api/users/me/sessions'
          ? jsonResponse([])
          : new Response(null, { status: 204 }),
    );
    const { user } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    await user.click(screen.getByRole('button', { name: 'Chiqish' }));
    await waitFor(() => expect(getSession().status).toBe('signed-out'));
    // (the shell also asks for the unread notifications and follows their stream; the profile lists the sessions
    // and the ERI-Key link)
    const reads = new Set(['/api/users/me', '/api/users/me/sessions', '/api/users/me/eri']);
    expect(calls.filter((call) => !call.url.startsWith('/api/notifications') && !reads.has(call.url))).toEqual([
      expect.objectContaining({ url: '/api/users/logout', method: 'POST', credentials: 'include' }),
    ]);
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
    expect(localStorage.getItem(USER_FLAG_KEY)).toBeNull();
  });

  it('clears the session on log-out even when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('offline'))),
    );
    const { user } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    await user.click(screen.getByRole('button', { name: 'Chiqish' }));
    await waitFor(() => expect(getSession().status).toBe('signed-out'));
  });
});

describe('side navigation badge slot', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
  });

  it("shows an item's count, read as text, and hides it at 0", () => {
    const items = [
      { to: '/notifications', labelKey: 'terms.notifications', icon: BellIcon, useBadgeCount: () => 3 },
      { to: '/profile', labelKey: 'terms.profile', icon: UserIcon, useBadgeCount: () => 0 },
    ] as const;
    const router = createMemoryRouter([
      { path: '*', element: <SideNav id="nav" open onToggle={() => {}} items={items} /> },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Bildirishnomalar, 3 ta yangi' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Profil' })).toBeInTheDocument();
  });
});

describe('the bottom navigation of phones', () => {
  beforeEach(async () => {
    await changeLanguage('uz');
    startSession({ accessToken: 'token', user: sampleUser });
    stubFetch(() => jsonResponse([]));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes the four places used most from the side navigation’s items, with their badges', () => {
    const items: NavItem[] = [
      { to: '/dashboard', labelKey: 'nav.dashboard', icon: ChartIcon },
      { to: '/tenders', labelKey: 'nav.tenders', icon: TendersIcon },
      { to: '/bids', labelKey: 'terms.bids', icon: TendersIcon },
      { to: '/shipments', labelKey: 'nav.truck', icon: TruckIcon, useBadgeCount: () => 2 },
      { to: '/notifications', labelKey: 'terms.notifications', icon: BellIcon, useBadgeCount: () => 5 },
      { to: '/profile', labelKey: 'terms.profile', icon: UserIcon },
    ];
    const chosen = bottomNavItems(items);
    expect(chosen.map((item) => item.to)).toEqual(['/tenders', '/bids', '/shipments', '/notifications']);
    // without a shipments place, the dashboard takes the fourth
    expect(bottomNavItems(items.filter((item) => item.to !== '/shipments')).map((item) => item.to)).toEqual([
      '/tenders',
      '/bids',
      '/notifications',
      '/dashboard',
    ]);
    const router = createMemoryRouter([
      { path: '*', element: <BottomNav menuId="nav" menuOpen={false} onMenu={() => {}} items={chosen} /> },
    ]);
    renderWithProviders(<RouterProvider router={router} />);
    const bottom = screen.getByRole('navigation', { name: 'Tezkor menyu' });
    expect(within(bottom).getAllByRole('link')).toHaveLength(4);
    expect(within(bottom).getByRole('link', { name: /Avtomobil.*2 ta yangi/ })).toBeInTheDocument();
    expect(within(bottom).getByRole('link', { name: /Bildirishnomalar.*5 ta yangi/ })).toBeInTheDocument();
    expect(within(bottom).getByRole('button', { name: 'Yana' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('replaces the side rail on a narrow screen; More opens the full menu', async () => {
    const wideMatchMedia = window.matchMedia.bind(window);
    window.matchMedia = (query: string) => ({ ...wideMatchMedia(query), matches: false });
    try {
      const { user } = renderApp('/no/such/page');
      const bottom = await screen.findByRole('navigation', { name: 'Tezkor menyu' });
      expect(screen.queryByRole('navigation', { name: 'Asosiy menyu' })).toBeNull();
      expect(within(bottom).getByRole('link', { name: 'Tenderlar' })).toHaveAttribute('href', '/tenders');
      await user.click(within(bottom).getByRole('button', { name: 'Yana' }));
      expect(nav()).toBeInTheDocument();
      expect(within(nav()).getByRole('link', { name: 'Profil' })).toBeInTheDocument();
    } finally {
      window.matchMedia = wideMatchMedia;
    }
  });
});
