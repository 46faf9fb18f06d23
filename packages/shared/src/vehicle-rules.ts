/**
 * The rules about a vehicle's papers and capacity that the server and the web app both apply, apart from the
 * vehicle schemas (./vehicles): a page that only applies them (the bid form's vehicle choice) builds no schema.
 */

/** The papers whose validity runs out: their owner is reminded before it does. */
export const EXPIRING_DOCUMENTS = ['insurance', 'registration', 'inspection', 'permit'] as const;
export type ExpiringDocument = (typeof EXPIRING_DOCUMENTS)[number];
/** The days before a document's last valid day its owner is reminded, each at 09:00 Tashkent time. */
export const DOCUMENT_EXPIRY_NOTICE_DAYS = [30, 14, 7, 1] as const;

/** The statuses of a vehicle at work: only with valid papers. */
export const WORKING_VEHICLE_STATUSES = ['Available', 'In Transit'] as const;

/** The papers without which a vehicle may not work (Available or In Transit). */
export const WORK_PAPERS = ['insurance', 'registration'] as const satisfies readonly ExpiringDocument[];

/**
 * The work papers that have run out on `today` (YYYY-MM-DD, Tashkent): a date before today. A vehicle with any
 * of them cannot be Available or In Transit (the server refuses; the form says so beside the dates).
 */
export function expiredDocuments(
  vehicle: Partial<Record<`${ExpiringDocument}_expires_on`, string | null>>,
  today: string,
): ExpiringDocument[] {
  return WORK_PAPERS.filter((document) => {
    const expiresOn = vehicle[`${document}_expires_on`];
    return Boolean(expiresOn && expiresOn < today);
  });
}

/** A vehicle's load capacity in kg, the unit of a tender's cargo weight. */
export function loadCapacityKg(vehicle: { max_load_weight: number; weight_unit: string }): number {
  // rounded to grams: 20.01 t is 20010 kg, not 20009.999…
  return vehicle.weight_unit === 'ton'
    ? Math.round(vehicle.max_load_weight * 1_000_000) / 1000
    : vehicle.max_load_weight;
}

/** Why a vehicle may not be named in a bid (the API's error codes, each with a field error on vehicle_id). */
export type BidVehicleRefusal = 'VEHICLE_INACTIVE' | 'VEHICLE_PAPERS_EXPIRED' | 'VEHICLE_TOO_SMALL';

/**
 * Whether a vehicle may be named in a bid on a tender of `cargoWeightKg` on `today` (YYYY-MM-DD, Tashkent): not
 * Inactive (taken out of service; Maintenance and In Transit are passing states, and the cargo is loaded days
 * later), no run-out work paper (the rule of `expiredDocuments`), and able to carry the cargo. Null when it may.
 * The server refuses with the code; the bid form greys the vehicle out and says why.
 */
export function bidVehicleRefusal(
  vehicle: { current_status: string; max_load_weight: number; weight_unit: string } & Partial<
    Record<`${ExpiringDocument}_expires_on`, string | null>
  >,
  cargoWeightKg: number,
  today: string,
): BidVehicleRefusal | null {
  if (vehicle.current_status === 'Inactive') return 'VEHICLE_INACTIVE';
  if (expiredDocuments(vehicle, today).length > 0) return 'VEHICLE_PAPERS_EXPIRED';
  if (loadCapacityKg(vehicle) < cargoWeightKg) return 'VEHICLE_TOO_SMALL';
  return null;
}

/** When the owner is told that a document runs out in `days` days: 09:00 Tashkent that day (first: 30 days). */
export function documentNoticeAtMs(expiresOn: string, days: number = DOCUMENT_EXPIRY_NOTICE_DAYS[0]): number {
  return Date.parse(`${expiresOn}T09:00:00+05:00`) - days * 24 * 60 * 60_000;
}

/** The reminder of a document that comes after `afterMs`, or undefined when none is left. */
export function nextDocumentNoticeMs(expiresOn: string, afterMs: number): number | undefined {
  return DOCUMENT_EXPIRY_NOTICE_DAYS.map((days) => documentNoticeAtMs(expiresOn, days)).find((at) => at > afterMs);
}
