import { Agent, request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES, vehicleYearMax, type Vehicle, apiPaths, pathTo } from '@yuk/shared';
import { seedDemoVehicles } from '../src/modules/vehicles/vehicles.seed.js';
import { createUser } from './factories/index.js';
import { api, buildTestApp, type TestApp } from './helpers.js';
import { multipart } from './factories/index.js';
import {
  createVehicle,
  jpegFile,
  pdfFile,
  pngFile,
  sendVehicleForm,
  vehicleFields,
  webpFile,
} from './factories/index.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await buildTestApp();
  const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
  owner = { token: a.accessToken, id: a.user.id };
  stranger = { token: b.accessToken, id: b.user.id };
});

const fileIdOf = (link: string | null) => /^\/api\/files\/([0-9a-f]{32})\?exp=\d+&sig=[\w-]{43}$/.exec(link ?? '')?.[1];

async function fileRows() {
  return t.database.db
    .selectFrom('files')
    .select(['id', 'owner_id', 'original_name', 'content_type', 'size'])
    .execute();
}

async function listMine(token: string, query = '') {
  const response = await api(t.app, { method: 'GET', url: `${apiPaths.vehicles.mine}${query}`, token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Vehicle[]>();
}

function expectRefusal(response: { statusCode: number; json: () => unknown }, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: string; code: string; fields?: Record<string, string> };
  expect(body.code).toBe(code);
  expect(body.error).toEqual(expect.any(String));
  return body;
}

describe('POST /api/vehicles', () => {
  it('creates a vehicle without files: every field, numbers as numbers, equipment as a list', async () => {
    const response = await sendVehicleForm(t.app, {
      token: owner.token,
      fields: vehicleFields({
        vehicle_name: '  MAN TGX 18.480 ',
        license_plate: '01 a 123  bc',
        vin: 'wma06xzz7lp123456',
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Vehicle>();
    expect(created).toEqual({
      id: expect.any(Number),
      vehicle_name: 'MAN TGX 18.480',
      vehicle_type: 'Tented Truck',
      license_plate: '01 A 123 BC',
      vin: 'WMA06XZZ7LP123456',
      year_of_manufacture: 2020,
      current_status: 'Active',
      max_load_weight: 20,
      weight_unit: 'ton',
      max_volume: 82.5,
      volume_unit: 'm³',
      axle_count: 5,
      length: 13.6,
      width: 2.45,
      height: 2.7,
      equipment_features: ['GPS', 'Tracking System'],
      documents: { insurance: null, registration: null, vehicle_photo: null },
      document_names: { insurance: null, registration: null, vehicle_photo: null },
      insurance_expires_on: null,
      registration_expires_on: null,
      inspection_expires_on: null,
      permit_expires_on: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
  });

  it('applies the spec rule: empty or invalid optional numbers become 0, units default, no equipment is []', async () => {
    const response = await sendVehicleForm(t.app, {
      token: owner.token,
      fields: {
        vehicle_name: 'Chevrolet Damas',
        vehicle_type: 'Van',
        license_plate: '40 D 901 EF',
        year_of_manufacture: '2023',
        current_status: 'Available',
        max_load_weight: '0,55',
        max_volume: '',
        axle_count: 'abc',
        length: 'NaN',
        width: '',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Vehicle>();
    expect(created).toMatchObject({
      vin: null,
      max_load_weight: 0.55,
      weight_unit: 'ton',
      max_volume: 0,
      volume_unit: 'm³',
      axle_count: 0,
      length: 0,
      width: 0,
      height: 0,
      equipment_features: [],
    });
  });

  it('creates a vehicle with its three documents, stored under random ids in the files table', async () => {
    const created = await createVehicle(
      t.app,
      owner.token,
      { vehicle_name: 'With documents' },
      {
        registration: pdfFile('Texpasport 01A123BC.pdf'),
        insurance: jpegFile('polis.JPEG'),
        vehicle_photo: pngFile('side view.png'),
      },
    );
    expect(created.document_names).toEqual({
      registration: 'Texpasport 01A123BC.pdf',
      insurance: 'polis.JPEG',
      vehicle_photo: 'side view.png',
    });
    const ids = [created.documents.registration, created.documents.insurance, created.documents.vehicle_photo].map(
      fileIdOf,
    );
    expect(ids.every((id) => id !== undefined)).toBe(true);
    const rows = await fileRows();
    for (const id of ids) {
      const row = rows.find((r) => r.id === id);
      expect(row).toBeDefined();
      expect(row?.owner_id).toBe(owner.id);
      expect(row?.id).not.toContain('.');
    }
    expect(rows.find((r) => r.id === ids[0])?.content_type).toBe('application/pdf');
    expect(rows.find((r) => r.id === ids[1])?.content_type).toBe('image/jpeg');
    expect(rows.find((r) => r.id === ids[2])?.content_type).toBe('image/png');
  });

  it('accepts WebP, a file of exactly 10 MB, a text value or an empty file input in a file field', async () => {
    const exact = {
      filename: 'scan.pdf',
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(MAX_FILE_BYTES - 9, 0x20)]),
    };
    const body = await multipart([
      ...Object.entries(vehicleFields()).map(([k, v]) => [k, v ?? ''] as [string, string]),
      ['vehicle_photo', webpFile()],
      ['registration', exact],
      ['insurance', { filename: '', data: '' }],
    ]);
    const response = await api(t.app, {
      method: 'POST',
      url: apiPaths.vehicles.collection,
      token: owner.token,
      payload: body.payload,
      headers: body.headers,
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<Vehicle>();
    expect(created.document_names).toEqual({ registration: 'scan.pdf', insurance: null, vehicle_photo: 'photo.webp' });
    const rows = await fileRows();
    expect(rows.find((r) => r.id === fileIdOf(created.documents.registration))?.size).toBe(MAX_FILE_BYTES);

    const withText = await sendVehicleForm(t.app, {
      token: owner.token,
      fields: vehicleFields({ insurance: '/api/files/old', registration: '' }),
    });
    expect(withText.statusCode, withText.body).toBe(201);
    expect(withText.json<Vehicle>().documents.insurance).toBeNull();
  });
});

describe('GET /api/vehicles/user', () => {
  let user: { token: string };
  const made: Record<string, Vehicle> = {};

  beforeAll(async () => {
    const u = await createUser(t.app);
    user = { token: u.accessToken };
    made.man = await createVehicle(t.app, user.token, {
      vehicle_name: 'MAN TGX Mega',
      license_plate: '01 A 123 BC',
      vehicle_type: 'Tented Truck',
      current_status: 'Active',
    });
    made.volvo = await createVehicle(t.app, user.token, {
      vehicle_name: 'Volvo FH Reefer',
      license_plate: '01 B 456 CD',
      vehicle_type: 'Refrigerated Truck',
      current_status: 'In Transit',
    });
    made.gazel = await createVehicle(t.app, user.token, {
      vehicle_name: 'ГАЗель Next',
      license_plate: '30 E 234 FA',
      vehicle_type: 'Van',
      current_status: 'Active',
    });
    made.percent = await createVehicle(t.app, user.token, {
      vehicle_name: 'Promo 50% Van',
      license_plate: '10 K 345 LM',
      vehicle_type: 'Van',
      current_status: 'Maintenance',
    });
    await createVehicle(t.app, stranger.token, { vehicle_name: 'MAN of someone else', license_plate: '01 A 999 ZZ' });
  });

  const names = (list: Vehicle[]) => list.map((v) => v.vehicle_name);

  it('lists only my vehicles, newest first', async () => {
    expect(names(await listMine(user.token))).toEqual([
      'Promo 50% Van',
      'ГАЗель Next',
      'Volvo FH Reefer',
      'MAN TGX Mega',
    ]);
  });

  it('filters by name: a part of it, in any case (also non-Latin letters)', async () => {
    expect(names(await listMine(user.token, '?name=man%20tgx'))).toEqual(['MAN TGX Mega']);
    expect(names(await listMine(user.token, '?name=REEF'))).toEqual(['Volvo FH Reefer']);
    expect(names(await listMine(user.token, `?name=${encodeURIComponent('газель')}`))).toEqual(['ГАЗель Next']);
    expect(names(await listMine(user.token, '?name=50%25'))).toEqual(['Promo 50% Van']);
    expect(names(await listMine(user.token, '?name=5_'))).toEqual([]);
    expect(names(await listMine(user.token, '?name=nothing'))).toEqual([]);
  });

  it('filters by license plate: a part of it, in any case, whatever the spacing', async () => {
    expect(names(await listMine(user.token, '?licensePlate=456'))).toEqual(['Volvo FH Reefer']);
    expect(names(await listMine(user.token, '?licensePlate=a%20123%20bc'))).toEqual(['MAN TGX Mega']);
    expect(names(await listMine(user.token, '?licensePlate=01a123'))).toEqual(['MAN TGX Mega']);
    expect(names(await listMine(user.token, '?licensePlate=01'))).toEqual(['Volvo FH Reefer', 'MAN TGX Mega']);
  });

  it('filters by type and by status exactly, and combines filters', async () => {
    expect(names(await listMine(user.token, '?type=Van'))).toEqual(['Promo 50% Van', 'ГАЗель Next']);
    expect(names(await listMine(user.token, '?type=Refrigerated%20Truck'))).toEqual(['Volvo FH Reefer']);
    expect(names(await listMine(user.token, '?status=Active'))).toEqual(['ГАЗель Next', 'MAN TGX Mega']);
    expect(names(await listMine(user.token, '?status=In%20Transit'))).toEqual(['Volvo FH Reefer']);
    expect(names(await listMine(user.token, '?type=Van&status=Active'))).toEqual(['ГАЗель Next']);
    expect(names(await listMine(user.token, '?type=Van&status=Active&name=next&licensePlate=30'))).toEqual([
      'ГАЗель Next',
    ]);
  });

  it('treats empty filters as no filter', async () => {
    expect(await listMine(user.token, '?name=&type=&status=&licensePlate=')).toHaveLength(4);
  });

  it('refuses an unknown type or status and a repeated parameter (400 with fields)', async () => {
    for (const query of ['?type=Spaceship', '?type=van', '?status=Parked', '?name=a&name=b']) {
      const response = await api(t.app, { method: 'GET', url: `${apiPaths.vehicles.mine}${query}`, token: user.token });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(Object.keys(body.fields ?? {})).toHaveLength(1);
    }
  });

  it('answers 401 without a token', async () => {
    expectRefusal(await api(t.app, { method: 'GET', url: apiPaths.vehicles.mine }), 401, 'NOT_AUTHENTICATED');
  });
});

describe('PUT /api/vehicles/{id}', () => {
  it('changes the values and keeps the documents when no file is sent', async () => {
    const created = await createVehicle(t.app, owner.token, {}, { registration: pdfFile(), vehicle_photo: pngFile() });
    const response = await sendVehicleForm(t.app, {
      token: owner.token,
      id: created.id,
      fields: vehicleFields({
        vehicle_name: 'Renamed',
        current_status: 'Maintenance',
        equipment_features: '["Camera","Camera"]',
      }),
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Vehicle>();
    expect(updated).toMatchObject({
      id: created.id,
      vehicle_name: 'Renamed',
      current_status: 'Maintenance',
      equipment_features: ['Camera'],
      created_at: created.created_at,
    });
    expect(updated.document_names).toEqual(created.document_names);
    expect(fileIdOf(updated.documents.registration)).toBe(fileIdOf(created.documents.registration));
    expect(fileIdOf(updated.documents.vehicle_photo)).toBe(fileIdOf(created.documents.vehicle_photo));
    expect(updated.documents.insurance).toBeNull();
  });

  it('replaces a document that is sent: the new one is stored, the old one is gone', async () => {
    const created = await createVehicle(
      t.app,
      owner.token,
      {},
      { registration: pdfFile('old.pdf'), insurance: pdfFile('insurance.pdf') },
    );
    const oldId = fileIdOf(created.documents.registration);
    const response = await sendVehicleForm(t.app, {
      token: owner.token,
      id: created.id,
      fields: vehicleFields(),
      files: { registration: pngFile('new-scan.png'), vehicle_photo: jpegFile() },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated = response.json<Vehicle>();
    const newId = fileIdOf(updated.documents.registration);
    expect(newId).toBeDefined();
    expect(newId).not.toBe(oldId);
    expect(updated.document_names).toEqual({
      registration: 'new-scan.png',
      insurance: 'insurance.pdf',
      vehicle_photo: 'photo.jpg',
    });
    const ids = (await fileRows()).map((r) => r.id);
    expect(ids).not.toContain(oldId);
    expect(ids).toContain(newId);
    expect(ids).toContain(fileIdOf(updated.documents.insurance));
    // the old link now leads nowhere
    const old = await api(t.app, { method: 'GET', url: created.documents.registration ?? '' });
    expect(old.statusCode).toBe(404);
  });

  it('refuses an invalid form without changing anything', async () => {
    const created = await createVehicle(t.app, owner.token, {}, { registration: pdfFile() });
    const response = await sendVehicleForm(t.app, {
      token: owner.token,
      id: created.id,
      fields: vehicleFields({ vehicle_name: '' }),
      files: { registration: pngFile() },
    });
    expectRefusal(response, 400, 'VALIDATION_FAILED');
    const after = await api(t.app, {
      method: 'GET',
      url: pathTo(apiPaths.vehicles.one, { id: created.id }),
      token: owner.token,
    });
    expect(after.json<Vehicle>().document_names).toEqual(created.document_names);
    expect(after.json<Vehicle>().vehicle_name).toBe(created.vehicle_name);
  });
});

describe('DELETE /api/vehicles/{id}', () => {
  it('removes the vehicle and its files', async () => {
    const created = await createVehicle(
      t.app,
      owner.token,
      {},
      { registration: pdfFile(), insurance: pdfFile(), vehicle_photo: pngFile() },
    );
    const ids = [created.documents.registration, created.documents.insurance, created.documents.vehicle_photo].map(
      fileIdOf,
    );
    const response = await api(t.app, {
      method: 'DELETE',
      url: pathTo(apiPaths.vehicles.one, { id: created.id }),
      token: owner.token,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const left = (await fileRows()).map((r) => r.id);
    for (const id of ids) expect(left).not.toContain(id);
    expect((await listMine(owner.token)).map((v) => v.id)).not.toContain(created.id);
    expectRefusal(
      await api(t.app, { method: 'GET', url: pathTo(apiPaths.vehicles.one, { id: created.id }), token: owner.token }),
      404,
      'VEHICLE_NOT_FOUND',
    );
    expectRefusal(
      await api(t.app, {
        method: 'DELETE',
        url: pathTo(apiPaths.vehicles.one, { id: created.id }),
        token: owner.token,
      }),
      404,
      'VEHICLE_NOT_FOUND',
    );
  });
});

describe('someone else’s vehicle', () => {
  it('is 404 for every verb and stays unchanged', async () => {
    const theirs = await createVehicle(
      t.app,
      stranger.token,
      { vehicle_name: 'Not yours' },
      { registration: pdfFile() },
    );
    expect((await listMine(owner.token)).map((v) => v.id)).not.toContain(theirs.id);
    expectRefusal(
      await api(t.app, { method: 'GET', url: pathTo(apiPaths.vehicles.one, { id: theirs.id }), token: owner.token }),
      404,
      'VEHICLE_NOT_FOUND',
    );
    const put = await sendVehicleForm(t.app, {
      token: owner.token,
      id: theirs.id,
      fields: vehicleFields({ vehicle_name: 'Taken' }),
      files: { registration: pngFile() },
    });
    expectRefusal(put, 404, 'VEHICLE_NOT_FOUND');
    expectRefusal(
      await api(t.app, { method: 'DELETE', url: pathTo(apiPaths.vehicles.one, { id: theirs.id }), token: owner.token }),
      404,
      'VEHICLE_NOT_FOUND',
    );

    const still = await api(t.app, {
      method: 'GET',
      url: pathTo(apiPaths.vehicles.one, { id: theirs.id }),
      token: stranger.token,
    });
    expect(still.statusCode).toBe(200);
    expect(still.json()).toMatchObject({ vehicle_name: 'Not yours', document_names: theirs.document_names });
    expect((await fileRows()).map((r) => r.id)).toContain(fileIdOf(theirs.documents.registration));
  });

  it('a vehicle that does not exist is 404 too', async () => {
    const put = await sendVehicleForm(t.app, { token: owner.token, id: 2_000_000_000 });
    expectRefusal(put, 404, 'VEHICLE_NOT_FOUND');
  });
});

describe('refusals', () => {
  const required = [
    'vehicle_name',
    'vehicle_type',
    'license_plate',
    'year_of_manufacture',
    'current_status',
    'max_load_weight',
  ];

  it.each(required)('refuses a form without %s (400, the field named), and with it blank', async (field) => {
    for (const value of [undefined, '', '   ']) {
      const response = await sendVehicleForm(t.app, { token: owner.token, fields: vehicleFields({ [field]: value }) });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual({ [field]: "To'ldirilishi shart" });
    }
  });

  it.each([
    ['vehicle_type', 'Spaceship'],
    ['vehicle_type', 'tented truck'],
    ['current_status', 'Parked'],
    ['weight_unit', 'lb'],
    ['volume_unit', 'gallon'],
    ['equipment_features', '["GPS","Jet engine"]'],
  ])('refuses an unknown %s value %j', async (field, value) => {
    const response = await sendVehicleForm(t.app, { token: owner.token, fields: vehicleFields({ [field]: value }) });
    const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {})[0]).toMatch(new RegExp(`^${field}`));
  });

  it('refuses a year outside 1950..next year, or not a whole number', async () => {
    const next = vehicleYearMax();
    for (const [year, message] of [
      ['1949', 'year_range'],
      [String(next + 1), 'year_range'],
      ['2000.5', 'integer'],
      ['year', 'number'],
    ] as const) {
      const response = await sendVehicleForm(t.app, {
        token: owner.token,
        fields: vehicleFields({ year_of_manufacture: year }),
        headers: { 'accept-language': 'en' },
      });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      const expected = {
        year_range: 'The year must be between 1950 and next year',
        integer: 'Must be a whole number',
        number: 'Must be a number',
      }[message];
      expect(body.fields).toEqual({ year_of_manufacture: expected });
    }
    for (const year of ['1950', String(next)]) {
      const ok = await sendVehicleForm(t.app, {
        token: owner.token,
        fields: vehicleFields({ year_of_manufacture: year }),
      });
      expect(ok.statusCode, ok.body).toBe(201);
    }
  });

  it.each(['max_load_weight', 'max_volume', 'axle_count', 'length', 'width', 'height'])(
    'refuses a negative %s',
    async (field) => {
      const response = await sendVehicleForm(t.app, { token: owner.token, fields: vehicleFields({ [field]: '-1' }) });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(body.fields).toEqual({ [field]: "Manfiy bo'lmasligi kerak" });
    },
  );

  it('refuses nonsense numbers: zero load, three decimals, a fractional axle count, huge values', async () => {
    for (const [field, value] of [
      ['max_load_weight', '0'],
      ['max_load_weight', 'heavy'],
      ['length', '13.655'],
      ['axle_count', '2.5'],
      ['max_volume', '2000000'],
      ['max_volume', '1e9'],
      ['axle_count', '500'],
      ['height', '1000'],
    ]) {
      const response = await sendVehicleForm(t.app, {
        token: owner.token,
        fields: vehicleFields({ [field as string]: value }),
      });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(Object.keys(body.fields ?? {}), `${field}=${value}`).toEqual([field]);
    }
  });

  it('refuses equipment that is not a JSON list', async () => {
    for (const value of ['GPS, Camera', '{"GPS":true}', '"GPS"', '[1,2]']) {
      const response = await sendVehicleForm(t.app, {
        token: owner.token,
        fields: vehicleFields({ equipment_features: value }),
      });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(Object.keys(body.fields ?? {})[0]).toMatch(/^equipment_features/);
    }
  });

  it('refuses a license plate with odd characters and over-long texts', async () => {
    for (const [field, value] of [
      ['license_plate', '01<script>'],
      ['license_plate', 'A'.repeat(21)],
      ['vehicle_name', 'x'.repeat(101)],
      ['vin', 'V'.repeat(33)],
    ] as const) {
      const response = await sendVehicleForm(t.app, { token: owner.token, fields: vehicleFields({ [field]: value }) });
      const body = expectRefusal(response, 400, 'VALIDATION_FAILED');
      expect(Object.keys(body.fields ?? {})).toEqual([field]);
    }
  });

  describe('files', () => {
    async function expectNothingStored(
      run: () => Promise<{ statusCode: number; json: () => unknown }>,
      status: number,
      code: string,
    ) {
      const before = { files: (await fileRows()).length, vehicles: (await listMine(owner.token)).length };
      const body = expectRefusal(await run(), status, code);
      expect((await fileRows()).length).toBe(before.files);
      expect((await listMine(owner.token)).length).toBe(before.vehicles);
      return body;
    }
    const send = (files: Record<string, { filename: string; data: Buffer | string; type?: string }>) => () =>
      sendVehicleForm(t.app, { token: owner.token, fields: vehicleFields(), files });

    it('refuses a script named .png (415)', async () => {
      const body = await expectNothingStored(
        send({ vehicle_photo: { filename: 'photo.png', data: '#!/bin/sh\nrm -rf /\n', type: 'image/png' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      expect(Object.keys(body.fields ?? {})).toEqual(['vehicle_photo']);
    });

    it('refuses an HTML page named .pdf (415)', async () => {
      await expectNothingStored(
        send({
          registration: {
            filename: 'scan.pdf',
            data: '<!doctype html><script>alert(1)</script>',
            type: 'application/pdf',
          },
        }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
    });

    it('refuses an SVG, named .svg or .png (415)', async () => {
      const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>';
      await expectNothingStored(
        send({ vehicle_photo: { filename: 'photo.svg', data: svg, type: 'image/svg+xml' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      await expectNothingStored(
        send({ vehicle_photo: { filename: 'photo.png', data: svg, type: 'image/png' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
    });

    it('refuses a real file whose extension does not match its bytes, or has none (415)', async () => {
      await expectNothingStored(
        send({ registration: { ...pngFile(), filename: 'scan.pdf' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      await expectNothingStored(
        send({ registration: { ...pdfFile(), filename: 'scan' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      await expectNothingStored(
        send({ registration: { ...pdfFile(), filename: 'scan.pdf.exe' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
      await expectNothingStored(
        send({ registration: { filename: 'empty.pdf', data: '' } }),
        415,
        'UNSUPPORTED_FILE_TYPE',
      );
    });

    it('refuses a file of 11 MB, and of 10 MB and one byte (413), storing nothing', async () => {
      const pdf = (size: number) => ({
        filename: 'big.pdf',
        data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]),
      });
      const body = await expectNothingStored(send({ registration: pdf(11 * 1024 * 1024) }), 413, 'FILE_TOO_LARGE');
      expect(body.error).toBe("Fayl juda katta: ko'pi bilan 10 MB");
      await expectNothingStored(send({ insurance: pdf(MAX_FILE_BYTES + 1) }), 413, 'FILE_TOO_LARGE');
    });

    it('stores a ../../etc/passwd.png name safely: the base name only, under a random id', async () => {
      const created = await createVehicle(
        t.app,
        owner.token,
        {},
        { vehicle_photo: { ...pngFile(), filename: '../../etc/passwd.png' } },
      );
      expect(created.document_names.vehicle_photo).toBe('passwd.png');
      const id = fileIdOf(created.documents.vehicle_photo);
      expect(id).toMatch(/^[0-9a-f]{32}$/);
      const row = (await fileRows()).find((r) => r.id === id);
      expect(row?.original_name).toBe('passwd.png');
      const download = await api(t.app, { method: 'GET', url: created.documents.vehicle_photo ?? '' });
      expect(download.headers['content-disposition']).toBe(`inline; filename=passwd.png; filename*=UTF-8''passwd.png`);

      const windows = await createVehicle(
        t.app,
        owner.token,
        {},
        { registration: { ...pdfFile(), filename: '..\\..\\boot\\ini.pdf' } },
      );
      expect(windows.document_names.registration).toBe('ini.pdf');
    });

    it('refuses an unknown file field and a document sent twice (400)', async () => {
      const unknown = await expectNothingStored(send({ passport: pdfFile() }), 400, 'VALIDATION_FAILED');
      expect(unknown.fields).toEqual({ passport: "Noma'lum maydon" });
      const twice = await multipart([
        ...Object.entries(vehicleFields()).map(([k, v]) => [k, v ?? ''] as [string, string]),
        ['insurance', pdfFile()],
        ['insurance', pdfFile()],
      ]);
      const response = await api(t.app, {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: owner.token,
        payload: twice.payload,
        headers: twice.headers,
      });
      expect(expectRefusal(response, 400, 'VALIDATION_FAILED').fields).toEqual({ insurance: expect.any(String) });
    });

    it('refuses more than three files (413) and a form sent as JSON (415)', async () => {
      const four = await multipart([
        ...Object.entries(vehicleFields()).map(([k, v]) => [k, v ?? ''] as [string, string]),
        ['registration', pdfFile()],
        ['insurance', pdfFile()],
        ['vehicle_photo', pngFile()],
        ['extra', pngFile()],
      ]);
      const tooMany = await api(t.app, {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: owner.token,
        payload: four.payload,
        headers: four.headers,
      });
      expectRefusal(tooMany, 413, 'PAYLOAD_TOO_LARGE');
      const json = await api(t.app, {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: owner.token,
        payload: vehicleFields(),
      });
      expectRefusal(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('refuses a broken multipart body (400, never 500)', async () => {
      const good = await multipart(vehicleFields());
      const truncated = good.payload.subarray(0, good.payload.length - 30);
      const response = await api(t.app, {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: owner.token,
        payload: truncated,
        headers: good.headers,
      });
      expectRefusal(response, 400, 'MALFORMED_BODY');
      const noBoundary = await api(t.app, {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: owner.token,
        payload: 'x',
        headers: { 'content-type': 'multipart/form-data' },
      });
      expect(noBoundary.statusCode).toBe(400);
    });

    it('refuses a text field that is too long for the form (400)', async () => {
      const response = await sendVehicleForm(t.app, {
        token: owner.token,
        fields: vehicleFields({ vehicle_name: 'x'.repeat(20_000) }),
      });
      expect(expectRefusal(response, 400, 'VALIDATION_FAILED').fields).toEqual({ vehicle_name: 'Juda uzun' });
    });
  });

  it('answers 401 without a token for every verb', async () => {
    const form = await multipart(vehicleFields());
    for (const [method, url] of [
      ['GET', '/api/vehicles/user'],
      ['GET', '/api/vehicles/1'],
      ['POST', '/api/vehicles'],
      ['PUT', '/api/vehicles/1'],
      ['DELETE', '/api/vehicles/1'],
    ] as const) {
      const response = await api(t.app, {
        method,
        url,
        payload: method === 'POST' || method === 'PUT' ? form.payload : undefined,
        headers: method === 'POST' || method === 'PUT' ? form.headers : {},
      });
      expectRefusal(response, 401, 'NOT_AUTHENTICATED');
    }
  });

  it('refuses an id that is not a positive whole number (400)', async () => {
    for (const id of ['abc', '1.5', '0', '-3', '99999999999', '1e3']) {
      for (const method of ['GET', 'DELETE'] as const) {
        expectRefusal(
          await api(t.app, { method, url: pathTo(apiPaths.vehicles.one, { id: id }), token: owner.token }),
          400,
          'VALIDATION_FAILED',
        );
      }
      expectRefusal(
        await sendVehicleForm(t.app, { token: owner.token, id: id as unknown as number }),
        400,
        'VALIDATION_FAILED',
      );
    }
  });
});

describe('over a real connection', () => {
  /** Sends a body over a kept-alive connection (as browsers do) and resolves with the answer. */
  function post(
    url: string,
    agent: Agent,
    headers: Record<string, string>,
    body: Buffer,
  ): Promise<{ status: number; text: string }> {
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        { method: 'POST', agent, headers: { ...headers, 'content-length': String(body.length) } },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  it('a refusal in the middle of an upload answers at once and leaves no connection hanging', async () => {
    const own = await buildTestApp();
    const user = await createUser(own.app);
    const address = await own.app.listen({ port: 0, host: '127.0.0.1' });
    const big = {
      filename: 'big.pdf',
      data: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(11 * 1024 * 1024)]),
    };
    const form = await multipart({
      ...vehicleFields(),
      vehicle_photo: { filename: 'photo.png', data: '<?php system($_GET[1]);' },
      registration: big,
    });
    const agent = new Agent({ keepAlive: true });
    const answer = await post(
      `${address}/api/vehicles`,
      agent,
      { ...form.headers, authorization: `Bearer ${user.accessToken}` },
      form.payload,
    );
    expect(answer.status).toBe(415);
    expect(JSON.parse(answer.text)).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE' });
    // The rest of the refused body is read and dropped, so the connection becomes idle (not stuck mid-request).
    const busyConnections = () =>
      new Promise<number>((resolve) => {
        own.app.server.closeIdleConnections();
        setImmediate(() => own.app.server.getConnections((_error, count) => resolve(count)));
      });
    await expect.poll(busyConnections, { timeout: 10_000, interval: 50 }).toBe(0);
    agent.destroy();
    await own.close();
  });
});

describe('demo seed', () => {
  it('gives a carrier a fleet of lorries and vans with real documents', async () => {
    const carrier = await createUser(t.app);
    const count = await seedDemoVehicles(t.database.db, carrier.user.id, 'Aziz Rahimov');
    const fleet = await listMine(carrier.accessToken);
    expect(fleet).toHaveLength(count);
    expect(count).toBeGreaterThanOrEqual(6);
    expect(new Set(fleet.map((v) => v.vehicle_type)).size).toBeGreaterThanOrEqual(5);
    for (const v of fleet) expect(v.license_plate).toMatch(/^\d\d [A-Z] \d{3} [A-Z]{2}$/);
    const withPhoto = fleet.find((v) => v.documents.vehicle_photo);
    const withRegistration = fleet.find((v) => v.documents.registration);
    const photo = await api(t.app, { method: 'GET', url: withPhoto?.documents.vehicle_photo ?? '' });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const pdf = await api(t.app, { method: 'GET', url: withRegistration?.documents.registration ?? '' });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/^%PDF-1\.4[\s\S]*%%EOF\n$/);
  });
});
