import type { Localized, Vehicle } from '@yuk/shared';
import type { CsvColumn } from '../../plugins/csv.js';

/**
 * My vehicles as a CSV: the fleet as a carrier lists it for an office or an insurer. Capacities are plain
 * numbers beside their units (as entered, so nothing is rounded); paper dates YYYY-MM-DD, blank when unknown.
 */

const HEADERS = {
  name: { uz: 'Transport nomi', en: 'Vehicle name', ru: 'Название транспорта' },
  type: { uz: 'Transport turi', en: 'Vehicle type', ru: 'Тип транспорта' },
  plate: { uz: 'Davlat raqami', en: 'License plate', ru: 'Госномер' },
  max_load: { uz: "Yuk ko'tarish", en: 'Max load', ru: 'Грузоподъёмность' },
  weight_unit: { uz: "Og'irlik birligi", en: 'Weight unit', ru: 'Единица веса' },
  max_volume: { uz: 'Maksimal hajm', en: 'Max volume', ru: 'Макс. объём' },
  volume_unit: { uz: 'Hajm birligi', en: 'Volume unit', ru: 'Единица объёма' },
  status: { uz: 'Holati', en: 'Status', ru: 'Статус' },
  insurance: { uz: "Sug'urta muddati", en: 'Insurance valid until', ru: 'Страховка до' },
  registration: { uz: "Ro'yxatdan o'tish muddati", en: 'Registration valid until', ru: 'Регистрация до' },
  inspection: { uz: "Texnik ko'rik muddati", en: 'Inspection valid until', ru: 'Техосмотр до' },
  permit: { uz: 'Ruxsatnoma muddati', en: 'Transport permit valid until', ru: 'Разрешение на перевозку до' },
} as const satisfies Record<string, Localized>;

export const VEHICLE_CSV_COLUMNS: readonly CsvColumn<Vehicle>[] = [
  { header: HEADERS.name, value: (vehicle) => vehicle.vehicle_name },
  { header: HEADERS.type, value: (vehicle) => vehicle.vehicle_type },
  { header: HEADERS.plate, value: (vehicle) => vehicle.license_plate },
  { header: HEADERS.max_load, value: (vehicle) => vehicle.max_load_weight },
  { header: HEADERS.weight_unit, value: (vehicle) => vehicle.weight_unit },
  { header: HEADERS.max_volume, value: (vehicle) => vehicle.max_volume },
  { header: HEADERS.volume_unit, value: (vehicle) => vehicle.volume_unit },
  { header: HEADERS.status, value: (vehicle) => vehicle.current_status },
  { header: HEADERS.insurance, value: (vehicle) => vehicle.insurance_expires_on },
  { header: HEADERS.registration, value: (vehicle) => vehicle.registration_expires_on },
  { header: HEADERS.inspection, value: (vehicle) => vehicle.inspection_expires_on },
  { header: HEADERS.permit, value: (vehicle) => vehicle.permit_expires_on },
];
