import { SHIPMENT_STORAGE_KEY } from '@yuk/shared';

/**
 * Chooses the shipment the status screens show: its number (an awarded tender's number) is kept in local
 * storage under SHIPMENT_STORAGE_KEY, as the spec's status pages read it. False when storage is unavailable.
 */
export function chooseShipment(number: string): boolean {
  try {
    localStorage.setItem(SHIPMENT_STORAGE_KEY, number);
    return true;
  } catch {
    return false;
  }
}
