import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiPaths, type NotificationSettings } from '@yuk/shared';
import { makeNotificationSettings } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { findToast, renderRoutes, signedIn } from '../../test/render';
import { routes } from './routes';

describe('notification settings', () => {
  signedIn('en');

  it('shows each event with its channels, and saves the changes with quiet hours', async () => {
    let settings = makeNotificationSettings();
    const { calls } = fakeApi(
      on.get(apiPaths.users.notificationSettings, () => settings),
      on.put(apiPaths.users.notificationSettings, ({ body }) => {
        settings = { ...settings, ...(body as Partial<NotificationSettings>) };
        return settings;
      }),
    );
    const { user } = renderRoutes(routes, '/notifications/settings');
    // the first test loads the lazy page with its time picker
    const row = await screen.findByRole('group', { name: 'Outbid, bidding extended' }, { timeout: 5000 });
    expect(within(row).getByRole('checkbox', { name: 'Telegram' })).toBeChecked();
    expect(within(row).getByRole('checkbox', { name: 'E-mail' })).not.toBeChecked();
    await user.click(within(row).getByRole('checkbox', { name: 'Telegram' }));
    await user.click(within(row).getByRole('checkbox', { name: 'E-mail' }));
    await user.click(screen.getByRole('checkbox', { name: 'Keep quiet hours' }));
    // hours as 24 h HH:mm in a field of ours: the browser's time input would show 07:00 AM in English
    expect(screen.getByLabelText('Until')).toHaveValue('07:00');
    expect(screen.getByLabelText('Until')).toHaveAttribute('type', 'text');
    await user.clear(screen.getByLabelText('From'));
    await user.type(screen.getByLabelText('From'), '23:00');
    await user.selectOptions(screen.getByLabelText('Language of the messages'), 'ru');
    await user.click(screen.getByRole('button', { name: 'Save the settings' }));
    expect(await findToast('The settings were saved')).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toMatchObject({
      language: 'ru',
      quiet_hours: { start: '23:00', end: '07:00' },
      events: { outbid: ['in_app', 'push', 'email'], won: ['in_app', 'telegram', 'email', 'push'] },
    });
    expect(screen.getByText('Mails go to carrier@example.uz')).toBeInTheDocument();
  });

  it('links Telegram with the deep link, unlinks it, and says when the server has no bot', async () => {
    let settings = makeNotificationSettings();
    fakeApi(
      on.post(apiPaths.users.telegramLink, () => ({
        url: 'https://t.me/YukTenderBot?start=abc',
        expires_at: '2026-11-25T10:10:00.000Z',
      })),
      on.delete(apiPaths.users.telegramLink, () => {
        settings = makeNotificationSettings();
        return settings;
      }),
      on.get(apiPaths.users.notificationSettings, () => settings),
    );
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    const { user } = renderRoutes(routes, '/notifications/settings');
    await user.click(await screen.findByRole('button', { name: 'Link Telegram' }));
    const link = await screen.findByRole('link', { name: 'https://t.me/YukTenderBot?start=abc' });
    expect(link).toHaveAttribute('href', 'https://t.me/YukTenderBot?start=abc');
    expect(opened).toHaveBeenCalledWith('https://t.me/YukTenderBot?start=abc', '_blank', 'noopener');
  });

  it('shows a linked chat with the way to unlink it, and a server without a bot or push', async () => {
    let settings = makeNotificationSettings({
      channels: {
        telegram: { available: true, linked: true },
        email: { available: true, address: 'carrier@example.uz' },
        push: { available: false, public_key: null, devices: 0 },
      },
    });
    const { calls } = fakeApi(
      on.delete(apiPaths.users.telegramLink, () => {
        settings = makeNotificationSettings({
          channels: { ...settings.channels, telegram: { available: false, linked: false } },
        });
        return settings;
      }),
      on.get(apiPaths.users.notificationSettings, () => settings),
    );
    const { user } = renderRoutes(routes, '/notifications/settings');
    expect(await screen.findByText('Telegram is linked')).toBeInTheDocument();
    expect(screen.getByText('This server has no browser notifications set up.')).toBeInTheDocument();
    const row = screen.getByRole('group', { name: 'Shipment status changes' });
    expect(within(row).getByRole('checkbox', { name: 'Browser' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Unlink Telegram' }));
    expect(
      await screen.findByText('This server has no Telegram bot set up: the Telegram channel is off.'),
    ).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/users/me/telegram-link')).toBe(true);
  });

  it('lists the messages that failed and tries one again', async () => {
    let settings = makeNotificationSettings({
      failed: [
        {
          id: 41,
          channel: 'telegram',
          title: 'You won! Confirm by 25.11.2026 18:00',
          attempts: 8,
          last_error: '500 Internal Server Error',
          created_at: '2026-11-25T08:00:00.000Z',
        },
      ],
    });
    fakeApi(
      on.post(apiPaths.users.retryDelivery, ({ params }) => {
        if (params.id === '41') settings = makeNotificationSettings();
        return settings;
      }),
      on.get(apiPaths.users.notificationSettings, () => settings),
    );
    const { user } = renderRoutes(routes, '/notifications/settings');
    expect(await screen.findByText('You won! Confirm by 25.11.2026 18:00')).toBeInTheDocument();
    expect(screen.getByText('500 Internal Server Error')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await findToast('The message will be sent again')).toBeInTheDocument();
    expect(screen.queryByText('Messages not delivered')).not.toBeInTheDocument();
  });
});
