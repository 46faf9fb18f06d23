import { EventEmitter } from 'node:events';

export type EventHandler = (payload: unknown) => void;

/**
 * Publish/subscribe between the parts of the app and, when scaled out, between instances.
 * In process by default; backed by Redis pub/sub when REDIS_URL is set.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(channel: string, handler: EventHandler): () => void;
  close(): Promise<void>;
}

export function createMemoryEventBus(): EventBus {
  const emitter = new EventEmitter();
  // thousands of viewers may follow one tender: the listener cap is a leak detector we do not want here
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
