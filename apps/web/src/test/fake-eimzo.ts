import { vi } from 'vitest';

/** What the stand-in E-IMZO answers a message with; undefined leaves it unanswered. */
export type EimzoHandler = (message: { plugin?: string; name: string; arguments?: string[] }) => object | undefined;

/**
 * Replaces WebSocket with a stand-in for the local E-IMZO program: sockets to the addresses in `down` fail to
 * connect, the others answer each message with `handler`. Records every address tried and every message.
 */
export function stubEimzo(handler: EimzoHandler, { down = [] as string[] } = {}) {
  const opened: string[] = [];
  const messages: Array<{ name: string; arguments?: string[] }> = [];

  class FakeSocket {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSING = 2;
    static readonly CLOSED = 3;
    readyState = 0;
    onopen: ((event: Event) => void) | null = null;
    onmessage: ((event: MessageEvent) => void) | null = null;
    onerror: ((event: Event) => void) | null = null;
    onclose: ((event: CloseEvent) => void) | null = null;

    constructor(readonly url: string) {
      opened.push(url);
      setTimeout(() => {
        if (this.readyState !== 0) return;
        if (down.some((address) => url.startsWith(address))) {
          this.readyState = 3;
          this.onerror?.(new Event('error'));
          this.onclose?.(new CloseEvent('close'));
          return;
        }
        this.readyState = 1;
        this.onopen?.(new Event('open'));
      }, 0);
    }

    send(data: string) {
      const message = JSON.parse(data) as Parameters<EimzoHandler>[0];
      messages.push(message);
      const answer = handler(message);
      if (answer === undefined) return;
      setTimeout(() => this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(answer) })), 0);
    }

    close() {
      this.readyState = 3;
    }
  }

  vi.stubGlobal('WebSocket', FakeSocket);
  return { opened, messages };
}

/** An alias as E-IMZO lists it. */
export function eimzoAlias(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key}=${value}`)
    .join(',');
}
