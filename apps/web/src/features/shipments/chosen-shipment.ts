import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { SHIPMENT_STORAGE_KEY, type NotificationKind } from '@yuk/shared';
import { subscribeNotifications } from '../../lib/notification-events';
import { shipmentKeys } from '../../lib/query-keys';

/**
 * The shipment number chosen for the status screens, kept in local storage under SHIPMENT_STORAGE_KEY (the
 * spec's status pages read their shipment from there). The value is the number itself; a saved shipment
 * object with a `number` (JSON) is understood too. Null when nothing usable is stored.
 */
export function readChosenShipment(): string | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(SHIPMENT_STORAGE_KEY);
  } catch {
    return null;
  }
  const text = raw?.trim();
  if (!text) return null;
  if (text.startsWith('{') || text.startsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed.trim() || null;
      if (typeof parsed === 'object' && parsed !== null) {
        const number = (parsed as { number?: unknown }).number;
        return typeof number === 'string' && number.trim() ? number.trim() : null;
      }
      return null;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * The notifications that change a shipment: it was created (my bid won), moved a step, got its proof of delivery,
 * or the other party signed the award.
 */
const SHIPMENT_KINDS: ReadonlySet<NotificationKind> = new Set([
  'bid_won',
  'shipment_moved',
  'delivery_proof_recorded',
  'award_signed',
  'waybill_delivery_asked',
]);

/** Refreshes the shipments when a notification says one changed: both parties see each step as it happens. */
export function useLiveShipments(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeNotifications((notification) => {
        if (SHIPMENT_KINDS.has(notification.kind)) void queryClient.invalidateQueries({ queryKey: shipmentKeys.all });
      }),
    [queryClient],
  );
}
