import type { FastifyReply, FastifyRequest } from 'fastify';

const HEARTBEAT_MS = 25_000;

// Open streams never finish on their own: shutdown ends them so in-flight requests can drain.
const openStreams = new Set<{ end: () => void }>();

/** Ends every open stream (called before the server closes). */
export function endAllSseStreams(): void {
  for (const stream of openStreams) stream.end();
}

export interface SseStream {
  send(event: string, data: unknown): void;
  /** Resolves when the client goes away. */
  closed: Promise<void>;
}

// One event reaches every viewer of a tender as the same object, one viewer after another: its frame is
// written out once, not once per viewer (with 5,000 viewers that was most of a broadcast's time).
let lastEvent = '';
let lastData: unknown;
let lastFrame = '';

function frameOf(event: string, data: unknown): string {
  if (event !== lastEvent || data !== lastData || typeof data !== 'object' || data === null) {
    lastFrame = `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
    lastEvent = event;
    lastData = data;
  }
  return lastFrame;
}

/**
 * Turns a request into a Server-Sent Events stream. The client reads it with fetch (so the bearer header
 * goes along; no token in the URL). A comment line every 25 s keeps proxies from closing it.
 */
export function openSseStream(request: FastifyRequest, reply: FastifyReply): SseStream {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  if (request.method === 'HEAD') {
    // HEAD asks for the head alone and no stream can follow it: answer it now instead of holding the connection open
    raw.end();
    return { send: () => undefined, closed: Promise.resolve() };
  }
  raw.write(': connected\n\n');
  const heartbeat = setInterval(() => raw.write(': ping\n\n'), HEARTBEAT_MS);
  heartbeat.unref();
  const handle = { end: () => raw.end() };
  openStreams.add(handle);
  const closed = new Promise<void>((resolve) => {
    const done = () => {
      clearInterval(heartbeat);
      openStreams.delete(handle);
      resolve();
    };
    request.raw.once('close', done);
    raw.once('close', done);
  });
  return {
    send(event, data) {
      if (raw.writableEnded || raw.destroyed) return;
      raw.write(frameOf(event, data));
    },
    closed,
  };
}
