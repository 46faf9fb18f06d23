import type { Notification } from '@yuk/shared';

type Listener = (notification: Notification) => void;

const listeners = new Set<Listener>();

/**
 * New notifications as they arrive on the live stream. The notifications feature publishes them; any screen
 * whose data a notification is about (a bid won or lost, a shipment moved) subscribes and refreshes its own
 * queries, without the features knowing each other.
 */
export function publishNotification(notification: Notification): void {
  for (const listener of listeners) listener(notification);
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const wakeListeners = new Set<() => void>();

/**
 * The stream was woken (it sends the unread count each time): something may be new for me besides a
 * notification, e.g. a message in one of my shipments' conversations. Screens that count such things read again.
 */
export function publishWake(): void {
  for (const listener of wakeListeners) listener();
}

export function subscribeWakes(listener: () => void): () => void {
  wakeListeners.add(listener);
  return () => {
    wakeListeners.delete(listener);
  };
}
