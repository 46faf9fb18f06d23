import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OfflineBanner } from '../components/offline-banner';
import { fakeApi, on } from '../test/fake-api';
import { signedIn } from '../test/render';
import { api, isApiError } from './api-client';
import { OFFLINE_COPY_HEADER } from './offline-cache';
import { noteAnswer } from './use-online';

describe('offline', () => {
  signedIn('en');
  afterEach(() => {
    act(() => noteAnswer(new Response(null)));
  });

  it('shows the banner while answers come from the copy kept offline, and refuses changes instead of queueing them', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();
    let offline = true;
    const { calls } = fakeApi(
      on.get('*', () => new Response('[]', { headers: offline ? { [OFFLINE_COPY_HEADER]: '1' } : {} })),
    );
    await act(() => api.get('/api/tenders/all'));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline: showing what you saw last, read-only');

    const refused = await api.post('/api/tenders/1/bids', { bid_amount: 100 }).catch((error: unknown) => error);
    expect(isApiError(refused) && refused.code).toBe('OFFLINE');
    // nothing went out, and nothing waits to go out later
    expect(calls).toHaveLength(1);

    offline = false;
    await act(() => api.get('/api/tenders/all'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
