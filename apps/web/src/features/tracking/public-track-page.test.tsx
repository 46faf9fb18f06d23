import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublicTrack } from '@yuk/shared';
import { changeLanguage } from '../../i18n';
import { jsonResponse, renderWithProviders, stubFetch } from '../../test/render';
import { PublicTrackPage, trackTokenOf } from './public-track-page';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function sampleTrack(overrides: Partial<PublicTrack> = {}): PublicTrack {
  const last = { lat: 40.9, lon: 68.6, accuracy_m: 10, speed_kmh: 60, recorded_at: minutesAgo(3) };
  return {
    number: 'YT-000042',
    status: 'on_the_way',
    mode: 'truck',
    origin: 'Toshkent',
    destination: 'Samarqand',
    origin_point: { lat: 41.2995, lon: 69.2401 },
    destination_point: { lat: 39.6542, lon: 66.9597 },
    loaded_at: minutesAgo(120),
    on_the_way_at: minutesAgo(110),
    delivered_at: null,
    points: [{ lat: 41.2995, lon: 69.2401, accuracy_m: 10, speed_kmh: 0, recorded_at: minutesAgo(100) }, last],
    last_position: last,
    expires_at: null,
    ...overrides,
  };
}

describe('the public tracking page', () => {
  beforeEach(async () => {
    await changeLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads the token from its address', () => {
    expect(trackTokenOf('/track/q8mN3vX0aB7cD2eF4gH6iJ9k')).toBe('q8mN3vX0aB7cD2eF4gH6iJ9k');
    expect(trackTokenOf('/track/q8mN3vX0aB7cD2eF4gH6iJ9k/')).toBe('q8mN3vX0aB7cD2eF4gH6iJ9k');
    expect(trackTokenOf('/track/')).toBe('');
    expect(trackTokenOf('/track/a/b')).toBe('');
    expect(trackTokenOf('/tenders')).toBe('');
  });

  it('shows the status, the route, the steps, the last position and the estimate, asking without a session', async () => {
    const { calls } = stubFetch((call) =>
      call.url === '/api/config'
        ? jsonResponse({ map: { tile_url: null, attribution: '' } })
        : jsonResponse(sampleTrack()),
    );
    renderWithProviders(<PublicTrackPage pathname="/track/q8mN3vX0aB7cD2eF4gH6iJ9k" />);
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipment YT-000042' })).toBeInTheDocument();
    expect(screen.getAllByText('On the way')).toHaveLength(2); // the badge, and the step
    expect(screen.getByText(/Toshkent → Samarqand/)).toBeInTheDocument();
    expect(screen.getByTestId('last-position-age')).toHaveTextContent('3 min ago');
    expect(screen.getByText(/ km \(in a straight line\)$/)).toBeInTheDocument();
    expect(screen.getByText('Estimated arrival')).toBeInTheDocument();
    const asked = calls.find((call) => call.url === '/api/track/q8mN3vX0aB7cD2eF4gH6iJ9k');
    expect(asked).toBeDefined();
    expect(asked?.headers.authorization).toBeUndefined();
  });

  it('says a dead link does not work, the same for any reason', async () => {
    stubFetch(() => jsonResponse({ error: 'Not found', code: 'TRACKING_LINK_NOT_FOUND' }, 404));
    renderWithProviders(<PublicTrackPage pathname="/track/revoked-or-unknown" />);
    expect(await screen.findByText('This tracking link does not work')).toBeInTheDocument();
  });
});
