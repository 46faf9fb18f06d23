import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserSession } from '@yuk/shared';
import { findToast, jsonResponse, renderWithProviders, signedIn, stubFetch } from '../../test/render';
import { ProfilePage } from './profile-page';

const session = (overrides: Partial<UserSession>): UserSession => ({
  id: '0b6f3c1e-7a52-4c1f-9d0e-2f4a8b1c5d6e',
  created_at: '2026-11-24T09:00:00.000Z',
  last_used_at: '2026-11-24T10:15:00.000Z',
  ip: '203.0.113.7',
  user_agent: 'Mozilla/5.0',
  browser: 'Chrome 131',
  os: 'Windows',
  current: false,
  ...overrides,
});

describe('the sessions on the profile page', () => {
  signedIn('en');
  afterEach(() => vi.unstubAllGlobals());

  it('lists where the account is signed in, this device marked; signs one other out, then all others', async () => {
    let list = [
      session({ id: '11111111-1111-4111-8111-111111111111', current: true, browser: 'Firefox 133', os: 'Linux' }),
      session({
        id: '22222222-2222-4222-8222-222222222222',
        browser: 'Chrome 130',
        os: 'Android 14',
        ip: '198.51.100.4',
      }),
      session({ id: '33333333-3333-4333-8333-333333333333', browser: null, os: null, ip: null }),
    ];
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/users/me/sessions') return jsonResponse(list);
      if (call.method === 'DELETE') {
        list = list.filter((item) => !call.url.endsWith(item.id));
        return new Response(null, { status: 204 });
      }
      if (call.url === '/api/users/me/sessions/sign-out-others') {
        list = list.filter((item) => item.current);
        return jsonResponse({ signed_out: 1 });
      }
      return jsonResponse({});
    });
    const { user } = renderWithProviders(<ProfilePage />);
    const section = await screen.findByRole('region', { name: 'Sign-ins' });
    const items = within(await within(section).findByRole('list', { name: 'Active sign-ins' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox 133 · Linux');
    expect(items[0]).toHaveTextContent('This device');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(items[1]).toHaveTextContent('Chrome 130 · Android 14');
    expect(items[1]).toHaveTextContent('IP address 198.51.100.4');
    expect(items[2]).toHaveTextContent('Unknown device');

    await user.click(within(section).getByRole('button', { name: 'Sign this device out: Chrome 130 · Android 14' }));
    expect(await findToast('The device is signed out')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe(
      '/api/users/me/sessions/22222222-2222-4222-8222-222222222222',
    );
    expect(await within(section).findAllByRole('listitem')).toHaveLength(2);

    await user.click(within(section).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await findToast('Other devices signed out: 1')).toBeInTheDocument();
    expect(await within(section).findByText('No other device is signed in')).toBeInTheDocument();
    expect(calls.filter((call) => call.url === '/api/users/me/sessions/sign-out-others')).toHaveLength(1);
  });

  it("shows the server's refusal", async () => {
    stubFetch((call) =>
      call.url === '/api/users/me/sessions'
        ? jsonResponse([
            session({ id: '11111111-1111-4111-8111-111111111111', current: true }),
            session({ id: '22222222-2222-4222-8222-222222222222' }),
          ])
        : jsonResponse({ error: 'No such session, or it has already ended', code: 'SESSION_NOT_FOUND' }, 404),
    );
    const { user } = renderWithProviders(<ProfilePage />);
    const section = await screen.findByRole('region', { name: 'Sign-ins' });
    await user.click(
      await within(section).findByRole('button', { name: 'Sign this device out: Chrome 131 · Windows' }),
    );
    expect(await findToast('No such session, or it has already ended')).toBeInTheDocument();
  });
});
