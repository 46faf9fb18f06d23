import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { makeCompany } from '../../test/factories';
import { fakeApi, on } from '../../test/fake-api';
import { findToast, jsonResponse, renderRoutes, sampleUser, stubFetch, signedIn } from '../../test/render';
import { routes } from './routes';

/** The console's other calls, answered empty: no channels, and an empty list for any other read. */
const quietConsole = [
  on.get(apiPaths.admin.telegramChannels, () => ({ enabled: true, channels: [] })),
  on.get('*', () => []),
];

describe('the moderation console', () => {
  signedIn('en', { ...sampleUser, role: 'moderator' });

  it('lists pending companies with their documents; rejecting asks for a reason and sends it', async () => {
    const pending = makeCompany({ id: 7, name: 'Tez Yuk MChJ', verification_status: 'pending' });
    const { calls } = fakeApi(
      on.get(apiPaths.admin.companies, () => [pending]),
      on.post(apiPaths.admin.reject, () => ({ ...pending, verification_status: 'rejected' })),
      on.get(apiPaths.admin.reports, () => [
        {
          id: 3,
          subject_type: 'tender',
          subject_id: 12,
          reason: 'spam',
          text: 'Fake load',
          status: 'open',
          reporter_id: 9,
          created_at: '2026-11-24T10:00:00.000Z',
          resolved_at: null,
        },
      ]),
      ...quietConsole,
    );
    const { user } = renderRoutes(routes, '/admin');
    const list = await screen.findByRole('list', { name: 'Companies' });
    const card = within(list).getByRole('listitem');
    expect(card).toHaveTextContent('Tez Yuk MChJ');
    expect(card).toHaveTextContent('305123456');
    expect(within(card).getByRole('link', { name: 'Licence' })).toHaveAttribute('href', pending.documents.licence);
    expect(calls.some((call) => call.url === '/api/admin/companies?status=pending')).toBe(true);

    await user.click(within(card).getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject' });
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await findToast('Write the reason')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/reject'))).toBe(false);
    await user.type(within(dialog).getByLabelText('Reason (the company sees it)'), 'The licence is unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await findToast('“Tez Yuk MChJ” is rejected')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/admin/companies/7/reject')?.body).toEqual({
      reason: 'The licence is unreadable',
    });
    const reports = screen.getByRole('region', { name: 'Reports' });
    expect(reports).toHaveTextContent('Spam');
    expect(reports).toHaveTextContent('Fake load');
  });

  it('shows what a reported message says and hides it', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/admin/reports')
        return jsonResponse([
          {
            id: 5,
            subject_type: 'shipment_message',
            subject_id: 41,
            reason: 'fraud',
            text: null,
            status: 'open',
            reporter_id: 9,
            created_at: '2026-11-24T10:00:00.000Z',
            resolved_at: null,
            subject_text: '<b>Pay me in cash</b>',
          },
        ]);
      if (call.url === '/api/admin/reports/5/hide') return jsonResponse({});
      if (call.url === '/api/admin/telegram-channels') return jsonResponse({ enabled: true, channels: [] });
      return jsonResponse([]);
    });
    const { user } = renderRoutes(routes, '/admin');
    const reports = await screen.findByRole('region', { name: 'Reports' });
    expect(await within(reports).findByText('<b>Pay me in cash</b>')).toBeInTheDocument();
    expect(reports).toHaveTextContent('Message in a shipment conversation #41');
    await user.click(within(reports).getByRole('button', { name: 'Hide' }));
    expect(calls.some((call) => call.url === '/api/admin/reports/5/hide' && call.method === 'POST')).toBe(true);
  });

  it("opens a company's history from the audit trail, newest first, with who decided and why", async () => {
    const company = makeCompany({ id: 9, name: 'Silk Yuk MChJ', verification_status: 'verified', suspended: true });
    const entry = (id: number, action: string, details: Record<string, string | null>, actor: boolean) => ({
      id,
      at: '2026-11-24T10:00:00.000Z',
      actor: actor ? { id: 3, name: 'Aziz Rahimov', email: 'moderator@example.uz' } : null,
      action,
      subject_type: 'company',
      subject_id: '9',
      ip: '203.0.113.7',
      user_agent: 'Mozilla/5.0',
      details,
    });
    const { calls } = fakeApi(
      on.get(apiPaths.admin.companies, () => [company]),
      on.get(apiPaths.admin.audit, () => [
        entry(12, 'company.suspended', { reason: 'Forged licence' }, true),
        entry(11, 'company.verified', { reason: null }, true),
      ]),
      ...quietConsole,
    );
    const { user } = renderRoutes(routes, '/admin');
    const card = within(await screen.findByRole('list', { name: 'Companies' })).getByRole('listitem');
    const toggle = within(card).getByRole('button', { name: 'History' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = await within(card).findByRole('region', { name: 'Company history' });
    const rows = await within(history).findAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('The company was suspended'),
      expect.stringContaining('The company passed verification'),
    ]);
    expect(rows[0]).toHaveTextContent('Reason: Forged licence');
    expect(rows[0]).toHaveTextContent('Aziz Rahimov (moderator@example.uz)');
    expect(rows[0]).toHaveTextContent('203.0.113.7');
    expect(calls.find((call) => call.url.startsWith('/api/admin/audit?'))?.url).toBe(
      '/api/admin/audit?subject_type=company&subject_id=9&limit=50',
    );
    await user.click(toggle);
    expect(within(card).queryByRole('region', { name: 'Company history' })).toBeNull();
  });

  it('makes another user a moderator by e-mail', async () => {
    const { calls } = fakeApi(
      on.post(apiPaths.admin.moderators, () => ({ email: 'next@example.uz', role: 'moderator' })),
      ...quietConsole,
    );
    const { user } = renderRoutes(routes, '/admin');
    const section = await screen.findByRole('region', { name: 'Moderators' });
    await user.type(within(section).getByLabelText("The new moderator's e-mail"), 'next@example.uz');
    await user.click(within(section).getByRole('button', { name: 'Make a moderator' }));
    expect(await findToast('next@example.uz is now a moderator')).toBeInTheDocument();
    expect(calls.find((call) => call.url === '/api/admin/moderators')?.body).toEqual({ email: 'next@example.uz' });
  });

  it("shows the server's refusal to anyone who is not a moderator", async () => {
    stubFetch(() => jsonResponse({ error: 'Only moderators may do this', code: 'MODERATOR_ONLY' }, 403));
    renderRoutes(routes, '/admin');
    expect(await screen.findAllByText('Only moderators may do this')).not.toHaveLength(0);
  });
  it('shows the accounts the limits refused most, for the period chosen', async () => {
    const { calls } = fakeApi(
      on.get(apiPaths.admin.quotaHits, ({ query }) =>
        query.get('days') === '30'
          ? []
          : [
              {
                user_id: 42,
                name: 'Aziz Karimov',
                email: 'aziz@example.uz',
                company: { id: 7, name: 'Karimov Logistics' },
                quota: 'tenders',
                hits: 118,
                last_hit_at: '2026-11-24T09:15:04.000Z',
              },
            ],
      ),
      ...quietConsole,
    );
    const { user } = renderRoutes(routes, '/admin');
    const section = await screen.findByRole('region', { name: 'Accounts refused most by the limits' });
    const hit = await within(section).findByRole('listitem');
    expect(hit).toHaveTextContent('Aziz Karimov · aziz@example.uz');
    expect(hit).toHaveTextContent('New tenders · Refused: 118');
    expect(hit).toHaveTextContent(/Last time: 24\.11\.2026 \d\d:15/);
    expect(within(hit).getByRole('link', { name: 'Karimov Logistics' })).toHaveAttribute('href', '/companies/7');
    expect(calls.some((call) => call.url === '/api/admin/quota-hits?days=7')).toBe(true);

    await user.selectOptions(within(section).getByLabelText('For the period'), 'Last 30 days');
    expect(await within(section).findByText('No account met a limit in this period')).toBeInTheDocument();
  });
  it('shows each Telegram channel with its modes, last post, refusal and the posts given up', async () => {
    stubFetch((call) => {
      if (call.url === '/api/admin/telegram-channels')
        return jsonResponse({
          enabled: true,
          channels: [
            {
              chat: '@yuk_truck',
              modes: ['truck'],
              posts: 12,
              last_post: {
                tender_id: 5,
                tender_number: 'YT-000005',
                message_id: 77,
                posted_at: '2026-11-26T09:15:00.000Z',
                edited_at: null,
              },
              refused: null,
              failures: [],
            },
            {
              chat: '-1001234',
              modes: ['*'],
              posts: 0,
              last_post: null,
              refused: {
                at: '2026-11-26T10:00:00.000Z',
                error: '403 Forbidden: bot is not a member of the channel chat',
              },
              failures: [
                {
                  tender_id: 9,
                  tender_number: 'YT-000009',
                  kind: 'post',
                  error: '403 Forbidden: bot is not a member of the channel chat',
                  attempts: 1,
                  at: '2026-11-26T10:00:00.000Z',
                },
              ],
            },
          ],
        });
      return jsonResponse([]);
    });
    renderRoutes(routes, '/admin');
    const list = await screen.findByRole('list', { name: 'Telegram channels' });
    const [truck, other] = within(list)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === list);
    expect(truck).toHaveTextContent('@yuk_truck');
    expect(truck).toHaveTextContent('Truck');
    expect(truck).toHaveTextContent('Posting');
    expect(truck).toHaveTextContent('Last post: YT-000005');
    expect(truck).toHaveTextContent('12 in all');
    expect(other).toHaveTextContent('the other modes');
    expect(other).toHaveTextContent('Refuses the bot');
    expect(other).toHaveTextContent('Nothing posted yet');
    expect(other).toHaveTextContent('Make the bot an administrator of the channel');
    expect(within(other!).getByRole('list', { name: 'Posts and edits given up' })).toHaveTextContent(
      'YT-000009 was not posted',
    );
  });
});

describe('the moderation console, opened by someone who is not a moderator', () => {
  signedIn('ru', { ...sampleUser, role: 'user' });

  it('shows one refusal in their language, asks the server nothing and offers none of its controls', async () => {
    const { calls } = fakeApi();
    renderRoutes(routes, '/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent('Это действие доступно только модераторам');
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Модераторы' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.url.startsWith('/api/admin'))).toEqual([]);
  });
});
