import { screen, waitFor } from '@testing-library/react';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { allowConsole } from '../test/console';
import { holdFetch, jsonResponse, sampleUser, stubFetch } from '../test/render';

/** A fresh page load: new module instances (session state, router), the app at `path`. */
async function loadApp(path = '/') {
  window.history.replaceState(null, '', path);
  vi.resetModules();
  const { changeLanguage } = await import('../i18n');
  await changeLanguage('uz');
  const { renderWithProviders } = await import('../test/render');
  const { App } = await import('./app');
  const session = await import('../lib/session');
  return { ...renderWithProviders(<App />), session };
}

describe('the app start and the session gate', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('no token: the login screen on any path', async () => {
    const { calls } = stubFetch(() => jsonResponse({}));
    await loadApp('/vehicles/edit/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(calls).toHaveLength(0);
  });

  it('a token: the loading screen until /api/users/me answers, then the shell', async () => {
    Cookies.set(ACCESS_COOKIE_NAME, 'good');
    const { answer } = holdFetch();
    await loadApp('/profile');
    expect(screen.getByRole('status')).toHaveTextContent('Yuklanmoqda...');
    await answer(() => jsonResponse(sampleUser));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Asosiy menyu' })).toBeInTheDocument();
  });

  it('a token the server refuses: the login screen, session data cleared', async () => {
    Cookies.set(ACCESS_COOKIE_NAME, 'bad');
    stubFetch(() => jsonResponse({ error: 'no', code: 'TOKEN_INVALID' }, 401));
    await loadApp('/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    expect(Cookies.get(ACCESS_COOKIE_NAME)).toBeUndefined();
  });

  it('logging in switches to the app on the same path; losing the session shows the login screen again', async () => {
    stubFetch(() => jsonResponse({ accessToken: 'a1', refreshToken: 'r1', user: sampleUser }));
    const { user, session } = await loadApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' });
    await user.type(screen.getByLabelText('Email'), sampleUser.email);
    await user.type(screen.getByLabelText('Parol'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profil' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');

    session.clearSession();
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome to Yuk Tender' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('navigation')).toBeNull());
  });

  it('a chunk of the pages that fails to download: the page says so and offers a reload, it is never left empty', async () => {
    // the signed-in pages' code fails as a lost download does: its import rejects
    vi.doMock('./router', () => {
      throw new TypeError('Failed to fetch dynamically imported module: /assets/router-1a2b3c.js');
    });
    // React logs the error its boundary caught
    allowConsole('error', /Failed to fetch dynamically imported module|error when mocking a module/);
    try {
      Cookies.set(ACCESS_COOKIE_NAME, 'good');
      stubFetch(() => jsonResponse(sampleUser));
      await loadApp('/profile');
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent("Sahifani ochib bo'lmadi");
      expect(screen.getByRole('button', { name: 'Sahifani yangilash' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 1, name: 'Profil' })).toBeNull();
    } finally {
      vi.doUnmock('./router');
    }
  });
});
