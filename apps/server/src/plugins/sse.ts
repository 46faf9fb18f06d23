import type { FastifyReply, FastifyRequest } from 'fastify';
import { originNoLongerNeeded } from './request-origin.js';

/** A comment line this often keeps proxies from closing a quiet stream (and finds a peer that went away). */
export const DEFAULT_HEARTBEAT_MS = 25_000;

// Open streams never finish on their own: shutdown ends them so in-flight requests can drain.
const openStreams = new Set<{ end: () => void }>();

/** How many streams this process holds open (a figure of /metrics). */
export const openSseStreamCount = (): number => openStreams.size;

/** Ends every open stream (called before the server closes). */
export function endAllSseStreams(): void {
  for (const stream of openStreams) stream.end();
}

export interface SseStream {
  send(event: string, data: unknown): void;
  /**
   * Ends the stream from this side with a last `closed` event saying why ({ reason }), so that the client
   * knows whether to come back at once (`idle`) or not (`replaced`: a newer stream took this one's place).
   */
  close(reason: string): void;
  /** Resolves when the stream is over (the client went away, or it was closed). */
  closed: Promise<void>;
}

export interface SseOptions {
  /** The comment line's period (default 25 s). */
  heartbeatMs?: number;
  /** A stream with no event for this long is closed with reason `idle` (checked at each heartbeat); 0: never. */
  idleMs?: number;
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
 * goes along; no token in the URL). A comment line every 25 s keeps proxies from closing it; a peer that has
 * not taken in what was written for a whole period is gone (a dead connection that never said so): destroyed.
 */
export function openSseStream(request: FastifyRequest, reply: FastifyReply, options: SseOptions = {}): SseStream {
  const heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const idleMs = options.idleMs ?? 0;
  reply.hijack();
  // from here on the request only streams: it need not keep the request origin's storage on
  originNoLongerNeeded(request);
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
    return { send: () => undefined, close: () => undefined, closed: Promise.resolve() };
  }
  raw.write(': connected\n\n');
  let lastEventMs = Date.now();
  let waitingForDrain = false;
  raw.on('drain', () => {
    waitingForDrain = false;
  });
  const close = (reason: string) => {
    if (raw.writableEnded || raw.destroyed) return;
    raw.end(`event: closed\ndata: ${JSON.stringify({ reason })}\n\n`);
  };
  const heartbeat = setInterval(() => {
    if (raw.writableNeedDrain) {
      if (waitingForDrain) {
        raw.destroy();
        return;
      }
      waitingForDrain = true;
    }
    if (idleMs > 0 && Date.now() - lastEventMs >= idleMs) close('idle');
    else raw.write(': ping\n\n');
  }, heartbeatMs);
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
    // a client that left while the stream was being set up has nothing left to tell us
    if (raw.destroyed || request.raw.socket.destroyed) done();
  });
  return {
    send(event, data) {
      if (raw.writableEnded || raw.destroyed) return;
      if (idleMs > 0) lastEventMs = Date.now();
      raw.write(frameOf(event, data));
    },
    close,
    closed,
  };
}
