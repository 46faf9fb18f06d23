import type { FastifyInstance } from 'fastify';
import { apiPaths, pathTo, type Vehicle } from '@yuk/shared';
import { makePdf, makeVehiclePng } from '../../src/modules/vehicles/vehicles.seed.js';
import { api } from '../helpers.js';
import { multipart, type FormFile, type FormValue } from './multipart.js';

let sequence = 0;

/** The text fields of a valid vehicle form, as a browser sends them. */
export function vehicleFields(overrides: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  sequence += 1;
  return {
    vehicle_name: `Test Truck ${sequence}`,
    vehicle_type: 'Tented Truck',
    license_plate: `01 A ${String(100 + sequence).slice(-3)} BC`,
    vin: 'WMA06XZZ7LP123456',
    year_of_manufacture: '2020',
    current_status: 'Active',
    max_load_weight: '20',
    weight_unit: 'ton',
    max_volume: '82.5',
    volume_unit: 'm³',
    axle_count: '5',
    length: '13.6',
    width: '2.45',
    height: '2.7',
    equipment_features: JSON.stringify(['GPS', 'Tracking System']),
    ...overrides,
  };
}

export const pdfFile = (filename = 'registration.pdf', title = 'Registration'): FormFile => ({
  filename,
  data: makePdf(title, ['A test document']),
  type: 'application/pdf',
});

export const pngFile = (filename = 'photo.png'): FormFile => ({
  filename,
  data: makeVehiclePng([200, 40, 40], 16, 8),
  type: 'image/png',
});

export const jpegFile = (filename = 'photo.jpg'): FormFile => ({
  filename,
  data: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 test jpeg body')]),
  type: 'image/jpeg',
});

export const webpFile = (filename = 'photo.webp'): FormFile => {
  const data = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8 test webp body')]);
  return { filename, data, type: 'image/webp' };
};

export interface SendVehicleOptions {
  token: string;
  fields?: Record<string, string | undefined>;
  files?: Record<string, FormFile | undefined>;
  method?: 'POST' | 'PUT';
  id?: number;
  headers?: Record<string, string>;
}

/** Sends the vehicle form (POST, or PUT with an id). */
export async function sendVehicleForm(app: FastifyInstance, options: SendVehicleOptions) {
  const entries: Record<string, FormValue | undefined> = { ...(options.fields ?? vehicleFields()), ...options.files };
  const body = await multipart(entries);
  const method = options.method ?? (options.id === undefined ? 'POST' : 'PUT');
  return api(app, {
    method,
    url: options.id === undefined ? '/api/vehicles' : pathTo(apiPaths.vehicles.one, { id: options.id }),
    token: options.token,
    payload: body.payload,
    headers: { ...body.headers, ...options.headers },
  });
}

/** Creates a vehicle through the API and returns it. */
export async function createVehicle(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string | undefined> = {},
  files: Record<string, FormFile | undefined> = {},
): Promise<Vehicle> {
  const response = await sendVehicleForm(app, { token, fields: vehicleFields(fields), files });
  if (response.statusCode !== 201) throw new Error(`create vehicle failed: ${response.statusCode} ${response.body}`);
  return response.json<Vehicle>();
}
