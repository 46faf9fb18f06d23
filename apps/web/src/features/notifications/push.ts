import type { PushSubscriptionInput } from '@yuk/shared';
import { deletePushSubscription, savePushSubscription } from './api/notification-settings';

/** Where this browser keeps the id the server gave its subscription, to withdraw it later. */
const STORED_ID = 'yuk.push.subscription';
const WORKER_URL = '/sw.js';

/** Whether this browser can take push messages at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID key as the Push API takes it (URL-safe base64 → bytes). */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function pushEnabledHere(): boolean {
  try {
    return localStorage.getItem(STORED_ID) !== null;
  } catch {
    return false;
  }
}

/**
 * Asks for permission, subscribes this browser with the server's key through the service worker, and gives
 * the subscription to the server. Resolves false when the user said no.
 */
export async function enablePushHere(publicKey: string): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const registration = await navigator.serviceWorker.register(WORKER_URL);
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const saved = await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
  localStorage.setItem(STORED_ID, String(saved.id));
  return true;
}

/** Withdraws this browser's subscription, on the server and in the browser. */
export async function disablePushHere(): Promise<void> {
  const id = Number(localStorage.getItem(STORED_ID));
  if (id) await deletePushSubscription(id).catch(() => undefined);
  localStorage.removeItem(STORED_ID);
  const registration = await navigator.serviceWorker.getRegistration(WORKER_URL);
  await (await registration?.pushManager.getSubscription())?.unsubscribe();
}
