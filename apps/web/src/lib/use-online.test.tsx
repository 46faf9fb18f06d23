import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OfflineBanner } from '../components/offline-banner';
import { changeLanguage } from '../i18n';
import { api, isApiError } from './api-client';
import { OFFLINE_COPY_HEADER } from './offline-cache';
import { noteAnswer } from './use-online';

describe('offline', () => {
  afterEach(() => {
    act(() => noteAnswer(new Response(null)));
    vi.unstubAllGlobals();
  });

  it('shows the banner while answers come from the copy kept offline, and refuses changes instead of queueing them', async () => {
    await changeLanguage('en');
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    const fetchMock = vi.fn(async () => new Response('[]', { headers: { [OFFLINE_COPY_HEADER]: '1' } }));
    vi.stubGlobal('fetch', fetchMock);
    await act(() => api.get('/api/tenders/all'));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing what you saw last, read-only');

    const refused = await api.post('/api/tenders/1/bids', { bid_amount: 100 }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('OFFLINE');
    // nothing went out, and nothing waits to go out later
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockImplementation(async () => new Response('[]'));
    await act(() => api.get('/api/tenders/all'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
