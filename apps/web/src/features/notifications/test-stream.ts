import { vi } from 'vitest';
import { jsonResponse, requestUrl } from '../../test/render';
import { apiPaths } from '@yuk/shared';

/** A Server-Sent Events answer the test writes to: send(event, data), then close(). */
export function sseResponse() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return {
    response: new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } }),
    send(event: string, data: unknown) {
      controller?.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
    },
    close() {
      controller?.close();
    },
  };
}

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
}

/**
 * Replaces fetch: the notification stream gets a fresh SSE answer each time it connects (`streams` holds
 * them, newest last); everything else goes to `handler`. Calls are recorded with their abort signal.
 */
export function stubApiWithStream(handler: (call: RecordedCall) => Response | Promise<Response>) {
  const calls: RecordedCall[] = [];
  const streams: ReturnType<typeof sseResponse>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const call: RecordedCall = {
        url: requestUrl(input),
        method: init.method ?? 'GET',
        headers: Object.fromEntries(new Headers(init.headers).entries()),
        signal: init.signal ?? undefined,
      };
      calls.push(call);
      if (call.url === apiPaths.notifications.stream) {
        const stream = sseResponse();
        streams.push(stream);
        return stream.response;
      }
      return handler(call);
    }),
  );
  return { calls, streams, json: jsonResponse };
}
