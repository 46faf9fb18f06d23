import { describe, expect, it } from 'vitest';
import { apiPaths, documentNoticeAtMs, type Notification, type Vehicle } from '@yuk/shared';
import { api, buildTestApp, type ApiErrorBody } from './helpers.js';
import {
  createUser,
  createVehicle,
  daysFromToday,
  runSchedule,
  sendVehicleForm,
  vehicleFields,
} from './factories/index.js';

const { app, database } = await buildTestApp();

const reminders = async (token: string) =>
  (await api(app, { method: 'GET', url: apiPaths.notifications.list, token, headers: { 'accept-language': 'en' } }))
    .json<Notification[]>()
    .filter((note) => note.kind === 'document_expiring');
const ddmmyyyy = (date: string) => date.split('-').reverse().join('.');

describe("reminders of a vehicle's papers", () => {
  it('reminds the owner of a paper inside the notice days at once, in their language, with the way to the vehicle', async () => {
    const owner = await createUser(app);
    const soon = daysFromToday(10);
    const later = daysFromToday(60);
    const vehicle = await createVehicle(app, owner.accessToken, {
      vehicle_name: 'MAN TGX',
      license_plate: '01 A 123 BC',
      insurance_expires_on: soon,
      registration_expires_on: later,
    });
    expect(vehicle).toMatchObject({ insurance_expires_on: soon, registration_expires_on: later });
    // the insurance is already inside the 30 days: due at once; the registration's first notice in 30 days
    await runSchedule(database);
    const first = await reminders(owner.accessToken);
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({
      type: 'system',
      title: 'A document is about to expire',
      body: `MAN TGX (01 A 123 BC): The insurance policy is valid until ${ddmmyyyy(soon)}`,
      link: `/vehicles/edit/${vehicle.id}`,
    });
    // an edit that keeps the dates does not remind again
    const kept = await sendVehicleForm(app, {
      token: owner.accessToken,
      id: vehicle.id,
      fields: vehicleFields({
        vehicle_name: 'MAN TGX',
        license_plate: '01 A 123 BC',
        insurance_expires_on: soon,
        registration_expires_on: later,
      }),
    });
    expect(kept.statusCode).toBe(200);
    await runSchedule(database);
    expect(await reminders(owner.accessToken)).toHaveLength(1);
    // the insurance's 7-day notice
    await runSchedule(database, () => new Date(documentNoticeAtMs(soon, 7)));
    const second = await reminders(owner.accessToken);
    expect(second).toHaveLength(2);
    // the e-mail goes with each (on by default for this event)
    const mails = await database.db
      .selectFrom('outbox')
      .select('kind')
      .where('user_id', '=', owner.user.id)
      .where('channel', '=', 'email')
      .execute();
    expect(mails.map((row) => row.kind)).toEqual(['document_expiring', 'document_expiring']);
  });

  it('reminds at 30, 14, 7 and 1 days before, each once, across runs of the schedule', async () => {
    const owner = await createUser(app);
    const expiresOn = daysFromToday(45);
    await createVehicle(app, owner.accessToken, {
      vehicle_name: 'Isuzu NPR',
      license_plate: '10 B 555 CD',
      registration_expires_on: expiresOn,
    });
    await runSchedule(database);
    expect(await reminders(owner.accessToken)).toHaveLength(0);
    let told = 0;
    for (const days of [30, 14, 7, 1]) {
      const at = documentNoticeAtMs(expiresOn, days);
      // just before: not yet
      await runSchedule(database, () => new Date(at - 60_000));
      expect(await reminders(owner.accessToken), `before the ${days}-day notice`).toHaveLength(told);
      // at it, and again later that day (another instance, a restart): once
      await runSchedule(database, () => new Date(at));
      await runSchedule(database, () => new Date(at + 3_600_000));
      told += 1;
      expect(await reminders(owner.accessToken), `the ${days}-day notice`).toHaveLength(told);
    }
    await runSchedule(database, () => new Date(documentNoticeAtMs(expiresOn, -30)));
    const all = await reminders(owner.accessToken);
    expect(all).toHaveLength(4);
    expect(new Set(all.map((note) => note.body))).toEqual(
      new Set([`Isuzu NPR (10 B 555 CD): The registration certificate is valid until ${ddmmyyyy(expiresOn)}`]),
    );
  });

  it('reminds of the technical inspection and the transport permit too, without keeping the vehicle from work', async () => {
    const owner = await createUser(app);
    const soon = daysFromToday(5);
    const vehicle = await createVehicle(app, owner.accessToken, {
      vehicle_name: 'Volvo FH',
      license_plate: '30 C 777 DE',
      current_status: 'Available',
      inspection_expires_on: soon,
      permit_expires_on: daysFromToday(-3),
    });
    expect(vehicle).toMatchObject({ inspection_expires_on: soon, permit_expires_on: daysFromToday(-3) });
    await runSchedule(database);
    expect((await reminders(owner.accessToken)).map((note) => note.body).sort()).toEqual([
      `Volvo FH (30 C 777 DE): The technical inspection is valid until ${ddmmyyyy(soon)}`,
      `Volvo FH (30 C 777 DE): The transport permit is valid until ${ddmmyyyy(daysFromToday(-3))}`,
    ]);
  });

  it('forgets the reminder when the date is cleared or the vehicle deleted', async () => {
    const owner = await createUser(app);
    const later = daysFromToday(40);
    const vehicle = await createVehicle(app, owner.accessToken, { insurance_expires_on: later });
    const cleared = await sendVehicleForm(app, {
      token: owner.accessToken,
      id: vehicle.id,
      fields: vehicleFields({ insurance_expires_on: '' }),
    });
    expect(cleared.json<Vehicle>().insurance_expires_on).toBeNull();
    const other = await createVehicle(app, owner.accessToken, { registration_expires_on: later });
    const deleted = await api(app, { method: 'DELETE', url: `/api/vehicles/${other.id}`, token: owner.accessToken });
    expect(deleted.statusCode).toBe(204);
    await runSchedule(database, () => new Date(documentNoticeAtMs(later) + 60_000));
    expect(await reminders(owner.accessToken)).toEqual([]);
  });

  it('refuses a date that is not one', async () => {
    const owner = await createUser(app);
    for (const wrong of ['2026-02-30', 'tomorrow', '31.12.2026', '1999-12-31']) {
      const res = await sendVehicleForm(app, {
        token: owner.accessToken,
        fields: vehicleFields({ insurance_expires_on: wrong }),
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode, wrong).toBe(400);
      expect(res.json<ApiErrorBody>().fields).toEqual({ insurance_expires_on: 'Invalid date (YYYY-MM-DD)' });
    }
  });
});

describe('a vehicle whose papers have run out', () => {
  it('cannot be Available or In Transit, on create or on edit; it can rest until the papers are renewed', async () => {
    const owner = await createUser(app);
    const yesterday = daysFromToday(-1);
    for (const status of ['Available', 'In Transit']) {
      for (const dates of [{ insurance_expires_on: yesterday }, { registration_expires_on: yesterday }]) {
        const refused = await sendVehicleForm(app, {
          token: owner.accessToken,
          fields: vehicleFields({ current_status: status, ...dates }),
          headers: { 'accept-language': 'en' },
        });
        expect(refused.statusCode, `${status} ${JSON.stringify(dates)}`).toBe(400);
        const body = refused.json<ApiErrorBody>();
        expect(body.code).toBe('VEHICLE_PAPERS_EXPIRED');
        expect(body.error).toContain('cannot be Available or In Transit');
        expect(Object.keys(body.fields).sort()).toEqual(['current_status', ...Object.keys(dates)].sort());
      }
    }
    // the last valid day itself is still valid
    const today = daysFromToday(0);
    const valid = await createVehicle(app, owner.accessToken, {
      current_status: 'Available',
      insurance_expires_on: today,
    });
    expect(valid.current_status).toBe('Available');

    // resting (Maintenance) with run-out papers is fine; back to work is refused until they are renewed
    const resting = await createVehicle(app, owner.accessToken, {
      current_status: 'Maintenance',
      registration_expires_on: yesterday,
    });
    const back = await sendVehicleForm(app, {
      token: owner.accessToken,
      id: resting.id,
      fields: vehicleFields({ current_status: 'Available', registration_expires_on: yesterday }),
    });
    expect(back.statusCode).toBe(400);
    expect(back.json<ApiErrorBody>().code).toBe('VEHICLE_PAPERS_EXPIRED');
    const renewed = await sendVehicleForm(app, {
      token: owner.accessToken,
      id: resting.id,
      fields: vehicleFields({ current_status: 'Available', registration_expires_on: daysFromToday(365) }),
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<Vehicle>().current_status).toBe('Available');
  });
});
