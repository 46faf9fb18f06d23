import { useTranslation } from 'react-i18next';
import { EQUIPMENT_OPTIONS, VOLUME_UNITS, WEIGHT_UNITS, type Vehicle } from '@yuk/shared';
import { API_BASE_URL } from '../../lib/api-client';
import { formatNumber } from '../../lib/format';

type Unit = (typeof WEIGHT_UNITS)[number] | (typeof VOLUME_UNITS)[number] | 'm';
const UNITS: readonly string[] = [...WEIGHT_UNITS, ...VOLUME_UNITS, 'm'];
const isUnit = (value: string): value is Unit => UNITS.includes(value);
const isEquipment = (value: string): value is (typeof EQUIPMENT_OPTIONS)[number] =>
  (EQUIPMENT_OPTIONS as readonly string[]).includes(value);

/** What the formatters need from the current language: the "not available" text and unit and equipment names. */
export interface VehicleTexts {
  notAvailable: string;
  unit: (unit: string) => string;
  equipment: (item: string) => string;
}

/** Texts as they are stored (uz/en face): for callers outside React and for tests. */
export const PLAIN_TEXTS: VehicleTexts = { notAvailable: 'N/A', unit: (unit) => unit, equipment: (item) => item };

const quantity = (value: number, unit: string, texts: VehicleTexts) => `${formatNumber(value)} ${texts.unit(unit)}`;

/**
 * The list's Load Capacity: the weight with its unit, plus the volume with its unit when above 0, joined by
 * ' / '; N/A when neither is known.
 */
export function formatLoadCapacity(
  vehicle: Pick<Vehicle, 'max_load_weight' | 'weight_unit' | 'max_volume' | 'volume_unit'>,
  texts: VehicleTexts = PLAIN_TEXTS,
): string {
  const parts: string[] = [];
  if (vehicle.max_load_weight > 0) parts.push(quantity(vehicle.max_load_weight, vehicle.weight_unit, texts));
  if (vehicle.max_volume > 0) parts.push(quantity(vehicle.max_volume, vehicle.volume_unit, texts));
  return parts.length > 0 ? parts.join(' / ') : texts.notAvailable;
}

/** The equipment as a comma list, or N/A when there is none. */
export function formatEquipment(items: readonly string[], texts: VehicleTexts = PLAIN_TEXTS): string {
  return items.length > 0 ? items.map(texts.equipment).join(', ') : texts.notAvailable;
}

/** The max load weight with its unit (N/A when not above 0). */
export function formatMaxLoad(
  vehicle: Pick<Vehicle, 'max_load_weight' | 'weight_unit'>,
  texts: VehicleTexts = PLAIN_TEXTS,
): string {
  return vehicle.max_load_weight > 0
    ? quantity(vehicle.max_load_weight, vehicle.weight_unit, texts)
    : texts.notAvailable;
}

/** The max volume with its unit; N/A when 0 or less. */
export function formatMaxVolume(
  vehicle: Pick<Vehicle, 'max_volume' | 'volume_unit'>,
  texts: VehicleTexts = PLAIN_TEXTS,
): string {
  return vehicle.max_volume > 0 ? quantity(vehicle.max_volume, vehicle.volume_unit, texts) : texts.notAvailable;
}

/** Length × width × height in metres; N/A when none of them was given (all 0). */
export function formatDimensions(
  vehicle: Pick<Vehicle, 'length' | 'width' | 'height'>,
  texts: VehicleTexts = PLAIN_TEXTS,
): string {
  const sides = [vehicle.length, vehicle.width, vehicle.height];
  if (sides.every((side) => !(side > 0))) return texts.notAvailable;
  return `${sides.map((side) => formatNumber(side)).join(' × ')} ${texts.unit('m')}`;
}

/** A count that is optional in the form (sent as 0 when left empty): N/A when 0 or less. */
export function formatOptionalCount(value: number, texts: VehicleTexts = PLAIN_TEXTS): string {
  return value > 0 ? String(value) : texts.notAvailable;
}

/** An optional text (the VIN): N/A when missing or blank. */
export function formatOptionalText(value: string | null | undefined, texts: VehicleTexts = PLAIN_TEXTS): string {
  return value && value.trim() !== '' ? value : texts.notAvailable;
}

/**
 * Where a document opens: a relative path is prefixed with the API's base address (VITE_API_BASE_URL, the
 * same origin when unset); an absolute http(s) address is used as it is. Anything else (a javascript: link,
 * say) is never made a link.
 */
export function documentHref(path: string | null | undefined, base: string = API_BASE_URL): string | null {
  if (!path) return null;
  if (/^https?:\/\//i.test(path)) return path;
  if (/^[a-z][a-z\d+.-]*:/i.test(path) || path.startsWith('//')) return null;
  return `${base}${path.startsWith('/') ? '' : '/'}${path}`;
}

/** The formatters' texts in the current language. */
export function useVehicleTexts(): VehicleTexts {
  const { t } = useTranslation();
  return {
    notAvailable: t('common.notAvailable'),
    unit: (unit) => (isUnit(unit) ? t(`vehicles.units.${unit}`) : unit),
    equipment: (item) => (isEquipment(item) ? t(`vehicles.equipment.${item}`) : item),
  };
}
