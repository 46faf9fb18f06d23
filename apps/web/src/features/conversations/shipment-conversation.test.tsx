import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type ConversationEntry, type ConversationPage } from '@yuk/shared';
import { makeShipment } from '../../test/factories';
import { jsonResponse, renderWithProviders, signedIn, stubFetch, type FetchCall } from '../../test/render';
import ShipmentConversation from './components/shipment-conversation';

const shipment = makeShipment({ number: 'YT-000042', role: 'owner' });
const messagesUrl = pathTo(apiPaths.shipments.messages, { number: 'YT-000042' });

function entry(id: number, overrides: Partial<ConversationEntry> = {}): ConversationEntry {
  return {
    id,
    kind: 'message',
    side: 'carrier',
    text: `line ${id}`,
    attachment: null,
    system: null,
    hidden: false,
    read: false,
    created_at: '2026-11-26T10:00:00.000Z',
    ...overrides,
  };
}

function conversation(entries: ConversationEntry[], readUpTo = { owner: 0, carrier: 0 }): ConversationPage {
  return { entries, has_more: false, my_side: 'owner', read_up_to: readUpTo };
}

describe('the shipment conversation', () => {
  signedIn('en');

  it('shows both sides, the steps as lines, photos, read marks, and marks the other side’s messages read', async () => {
    const page = conversation(
      [
        entry(1, { side: 'owner', text: 'Gate 3 at 8:00', read: true }),
        entry(2, { kind: 'system', side: null, text: null, system: { kind: 'loaded', params: {} } }),
        entry(3, {
          text: 'Loaded',
          attachment: { url: '/api/files/abc?exp=1&sig=x', content_type: 'image/jpeg', name: 'truck.jpg', size: 10 },
        }),
        entry(4, { hidden: true, text: null }),
      ],
      { owner: 0, carrier: 1 },
    );
    const { calls } = stubFetch((call: FetchCall) => {
      if (call.url.startsWith(messagesUrl + '/read')) return jsonResponse({ side: 'owner', up_to: 4 });
      if (call.url.startsWith(messagesUrl)) return jsonResponse(page);
      return jsonResponse({ total: 0, shipments: [] });
    });
    renderWithProviders(<ShipmentConversation shipment={shipment} />);
    const messages = await screen.findAllByTestId('conversation-message');
    expect(within(messages[0]!).getByText('You')).toBeInTheDocument();
    expect(within(messages[0]!).getByTestId('read-mark')).toHaveTextContent('Read');
    expect(screen.getByTestId('conversation-system-line')).toHaveTextContent('The cargo is loaded');
    expect(within(messages[1]!).getByRole('img', { name: 'truck.jpg' })).toHaveAttribute(
      'src',
      '/api/files/abc?exp=1&sig=x',
    );
    expect(within(messages[2]!).getByText('Hidden by a moderator')).toBeInTheDocument();
    // what is on screen is read
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')).toMatchObject({
        url: `${messagesUrl}/read`,
        body: { up_to: 4 },
      }),
    );
  });

  it('sends a text as JSON and shows it at once', async () => {
    const { calls } = stubFetch((call: FetchCall) => {
      if (call.method === 'POST' && call.url === messagesUrl) {
        return jsonResponse(entry(9, { side: 'owner', text: (call.body as { text: string }).text }), 201);
      }
      if (call.url.startsWith(messagesUrl)) return jsonResponse(conversation([]));
      return jsonResponse({ total: 0, shipments: [] });
    });
    const { user } = renderWithProviders(<ShipmentConversation shipment={shipment} />);
    expect(await screen.findByText('No messages yet. Write the first one.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your message'), 'The driver is Bobur');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The driver is Bobur')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ text: 'The driver is Bobur' });
    expect(screen.getByLabelText('Your message')).toHaveValue('');
  });
});
