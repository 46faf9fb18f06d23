import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, sampleUser, signedIn, stubFetch } from '../test/render';
import { getAccessToken } from './cookies';
import { openEventStream, type EventSourceMessage } from './event-stream';
import { getSession } from './session';

const encoder = new TextEncoder();

/** A stream response that sends the given chunks and then ends. */
function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

describe('openEventStream', () => {
  signedIn('ru');

  it('sends the bearer token and language, and reads events split across chunks', async () => {
    const { calls } = stubFetch(() =>
      streamOf([
        ': connected\n\n',
        'event: state\nda',
        'ta: {"min_bid":1200}\n',
        '\nevent: state\ndata: {"min_bid":900}\n\n',
      ]),
    );
    const events: EventSourceMessage[] = [];
    const close = openEventStream('/api/tenders/9/events', { onEvent: (event) => events.push(event) });
    await waitFor(() => expect(events).toHaveLength(2));
    close();
    expect(events.map((event) => [event.event, event.data])).toEqual([
      ['state', '{"min_bid":1200}'],
      ['state', '{"min_bid":900}'],
    ]);
    expect(calls[0]).toMatchObject({ url: '/api/tenders/9/events' });
    expect(calls[0]?.headers).toMatchObject({
      authorization: 'Bearer token',
      accept: 'text/event-stream',
      'accept-language': 'ru',
    });
  });

  it('reconnects after the stream ends or the server fails, and stops for good when closed', async () => {
    let attempt = 0;
    const { calls } = stubFetch(() => {
      attempt += 1;
      if (attempt === 2) return new Response('', { status: 503 });
      return streamOf([`event: state\ndata: ${attempt}\n\n`]);
    });
    const events: string[] = [];
    const opened = vi.fn();
    const close = openEventStream(
      '/api/tenders/9/events',
      { onEvent: (event) => events.push(event.data), onOpen: opened },
      { initialDelayMs: 5, maxDelayMs: 20 },
    );
    await waitFor(() => expect(events.slice(0, 2)).toEqual(['1', '3']));
    close();
    const made = calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(calls.length).toBe(made);
    expect(opened.mock.calls.length).toBeGreaterThanOrEqual(2);
  });

  it('renews the access token once on a 401 and follows with the new one', async () => {
    const { calls } = stubFetch((call) => {
      if (call.url === '/api/users/refresh') return jsonResponse({ accessToken: 'token-2', user: sampleUser });
      if (call.headers.authorization === 'Bearer token')
        return jsonResponse({ error: 'x', code: 'TOKEN_INVALID' }, 401);
      return streamOf(['event: state\ndata: ok\n\n']);
    });
    const events: string[] = [];
    const close = openEventStream('/api/tenders/9/events', { onEvent: (event) => events.push(event.data) });
    await waitFor(() => expect(events).toContain('ok'));
    close();
    expect(calls.map((call) => call.url).slice(0, 3)).toEqual([
      '/api/tenders/9/events',
      '/api/users/refresh',
      '/api/tenders/9/events',
    ]);
    expect(calls[2]?.headers.authorization).toBe('Bearer token-2');
    expect(getAccessToken()).toBe('token-2');
  });

  it('ends the session when the token cannot be renewed', async () => {
    stubFetch((call) =>
      call.url === '/api/users/refresh'
        ? jsonResponse({ error: 'x', code: 'TOKEN_INVALID' }, 401)
        : jsonResponse({ error: 'x', code: 'TOKEN_INVALID' }, 401),
    );
    openEventStream('/api/tenders/9/events', { onEvent: () => {} });
    await waitFor(() => expect(getSession().status).toBe('signed-out'));
    expect(getAccessToken()).toBeUndefined();
  });

  describe('a stream the server closed, by its reason', () => {
    let visibility: DocumentVisibilityState = 'visible';
    const show = (state: DocumentVisibilityState) => {
      visibility = state;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    beforeEach(() => {
      visibility = 'visible';
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
    });
    afterEach(() => {
      Reflect.deleteProperty(document, 'visibilityState');
    });
    const settle = () => new Promise((resolve) => setTimeout(resolve, 40));

    it('replaced (another tab took its place): comes back only when the tab is shown again, never in a loop', async () => {
      const { calls } = stubFetch(() =>
        streamOf(['event: state\ndata: 1\n\n', 'event: closed\ndata: {"reason":"replaced"}\n\n']),
      );
      const events: string[] = [];
      const close = openEventStream(
        '/api/notifications/stream',
        { onEvent: (event) => events.push(event.event ?? '') },
        { initialDelayMs: 1, maxDelayMs: 2 },
      );
      await waitFor(() => expect(calls).toHaveLength(1));
      await settle();
      // shown all along: it stays closed (coming back now would push the other tab's stream out)
      expect(calls).toHaveLength(1);
      expect(events).toEqual(['state']);
      show('hidden');
      await settle();
      expect(calls).toHaveLength(1);
      show('visible');
      await waitFor(() => expect(calls).toHaveLength(2));
      close();
    });

    it('idle: a tab on screen comes back at once, a hidden one when it is shown', async () => {
      const { calls } = stubFetch(() => streamOf(['event: closed\ndata: {"reason":"idle"}\n\n']));
      const close = openEventStream(
        '/api/notifications/stream',
        { onEvent: () => {} },
        { initialDelayMs: 20, maxDelayMs: 20 },
      );
      // on screen: back after the shortest wait, again and again (the wait does not grow)
      await waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(3));
      visibility = 'hidden';
      await settle();
      const hiddenCount = calls.length;
      await settle();
      await settle();
      expect(calls).toHaveLength(hiddenCount);
      show('visible');
      await waitFor(() => expect(calls.length).toBeGreaterThan(hiddenCount));
      close();
    });
  });

  it('gives up on a refusal such as 404, and says so', async () => {
    const { calls } = stubFetch(() => jsonResponse({ error: 'Tender topilmadi', code: 'TENDER_NOT_FOUND' }, 404));
    const refused = vi.fn();
    openEventStream('/api/tenders/9/events', { onEvent: () => {}, onRefused: refused }, { initialDelayMs: 1 });
    await waitFor(() => expect(refused).toHaveBeenCalledWith(404));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toHaveLength(1);
  });
});
