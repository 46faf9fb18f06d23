import { VEHICLE_DOCUMENTS, type VehicleDocument, type VehicleFormValues } from '@yuk/shared';

/** The documents chosen in the form; a document left out keeps the current one on update. */
export type VehicleFiles = Partial<Record<VehicleDocument, File>>;

/**
 * The vehicle's multipart form: every text field, numbers as text (an empty optional number has
 * already become 0), equipment_features as JSON text, and the chosen files.
 */
export function toVehicleFormData(values: VehicleFormValues, files: VehicleFiles = {}): FormData {
  const form = new FormData();
  const text: Record<keyof VehicleFormValues, string> = {
    vehicle_name: values.vehicle_name,
    vehicle_type: values.vehicle_type,
    license_plate: values.license_plate,
    vin: values.vin ?? '',
    year_of_manufacture: String(values.year_of_manufacture),
    current_status: values.current_status,
    max_load_weight: String(values.max_load_weight),
    weight_unit: values.weight_unit,
    max_volume: String(values.max_volume),
    volume_unit: values.volume_unit,
    axle_count: String(values.axle_count),
    length: String(values.length),
    width: String(values.width),
    height: String(values.height),
    equipment_features: JSON.stringify(values.equipment_features),
    insurance_expires_on: values.insurance_expires_on ?? '',
    registration_expires_on: values.registration_expires_on ?? '',
    inspection_expires_on: values.inspection_expires_on ?? '',
    permit_expires_on: values.permit_expires_on ?? '',
  };
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  for (const kind of VEHICLE_DOCUMENTS) {
    const file = files[kind];
    if (file) form.append(kind, file, file.name);
  }
  return form;
}
