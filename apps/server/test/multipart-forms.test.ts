import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type Vehicle } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import {
  companyForm,
  createShipment,
  createUser,
  createVehicle,
  multipart,
  photoJpeg,
  signatureFile,
  vehicleFields,
  type FormValue,
} from './factories/index.js';

const t = await buildTestApp();
afterAll(() => t.close());

/** 2,000 text fields no form has, as a script would pad a form. */
const padding: Array<[string, FormValue]> = Array.from({ length: 2000 }, (_, i) => [`extra${i}`, 'x']);

const entriesOf = (values: Record<string, FormValue | undefined>): Array<[string, FormValue]> =>
  Object.entries(values).flatMap(([name, value]) => (value === undefined ? [] : [[name, value]]));

describe('a multipart form with too many fields', () => {
  it('answers 413 FORM_TOO_MANY_FIELDS with its text on every route that reads a form, and stores nothing', async () => {
    const owner = await createUser(t.app);
    const carrier = await createUser(t.app);
    const vehicle: Vehicle = await createVehicle(t.app, carrier.accessToken);
    const shipment = await createShipment(t.app, owner, carrier, { status: 'on_the_way' });
    const csv = { filename: 'tenders.csv', data: 'name,cargo_type\r\nA,Tent\r\n', type: 'text/csv' };

    const forms: Array<{ method: 'POST' | 'PUT'; url: string; token: string; entries: Array<[string, FormValue]> }> = [
      { method: 'PUT', url: apiPaths.companies.mine, token: owner.accessToken, entries: entriesOf(companyForm()) },
      {
        method: 'POST',
        url: apiPaths.vehicles.collection,
        token: carrier.accessToken,
        entries: entriesOf(vehicleFields()),
      },
      {
        method: 'PUT',
        url: pathTo(apiPaths.vehicles.one, { id: vehicle.id }),
        token: carrier.accessToken,
        entries: entriesOf(vehicleFields()),
      },
      {
        method: 'POST',
        url: pathTo(apiPaths.shipments.proof, { number: shipment }),
        token: carrier.accessToken,
        entries: [
          ['receiver_name', 'Dilshod'],
          ['photos', photoJpeg()],
          ['signature', signatureFile()],
        ],
      },
      {
        method: 'POST',
        url: `${apiPaths.tenders.import}?dry_run=true`,
        token: owner.accessToken,
        entries: [['file', csv]],
      },
    ];
    const answers = new Set<string>();
    for (const form of forms) {
      // padded before the form's own fields and after them
      for (const entries of [
        [...padding, ...form.entries],
        [...form.entries, ...padding],
      ]) {
        const { payload, headers } = await multipart(entries);
        const res = await api(t.app, {
          method: form.method,
          url: form.url,
          token: form.token,
          payload,
          headers: { ...headers, 'accept-language': 'en' },
        });
        expect(res.statusCode, `${form.method} ${form.url}: ${res.body}`).toBe(413);
        expect(res.json<ApiErrorBody>()).toEqual({
          code: 'FORM_TOO_MANY_FIELDS',
          error: 'The form has too many fields: send only the fields of this form',
        });
        answers.add(res.body);
      }
    }
    expect(answers.size).toBe(1);

    // nothing was stored by any of them
    const counts = await Promise.all(
      (['vehicles', 'delivery_proofs', 'tenders'] as const).map(async (table) => {
        const row = await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );
    // the one vehicle and the one tender of the set-up
    expect(counts).toEqual([1, 0, 1]);
    const company = await api(t.app, { method: 'GET', url: apiPaths.companies.mine, token: owner.accessToken });
    expect(company.json<{ name: string }>().name).toBe('');

    // in Uzbek and Russian too
    const { payload, headers } = await multipart([...entriesOf(companyForm()), ...padding]);
    for (const [lang, text] of [
      ['uz', 'Shaklda maydonlar juda ko‘p: faqat shu shakl maydonlarini yuboring'],
      ['ru', 'В форме слишком много полей: отправьте только поля этой формы'],
    ]) {
      const res = await api(t.app, {
        method: 'PUT',
        url: apiPaths.companies.mine,
        token: owner.accessToken,
        payload,
        headers: { ...headers, 'accept-language': lang },
      });
      expect(res.json<ApiErrorBody>().error).toBe(text);
    }
  });
});
