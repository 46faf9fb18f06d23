import { expect, it } from 'vitest';
import { apiPaths, pathTo, type Tender, type User, type Vehicle } from '@yuk/shared';
import { api, buildTestApp, engine, urlOf } from '../helpers.js';
import { buildRegisterInput } from '../factories/index.js';
import { buildTenderInput } from '../factories/index.js';
import { sendVehicleForm, vehicleFields } from '../factories/index.js';
import { quickUsers } from '../factories/index.js';
import { diffSnapshots, isIndexTable, leaks, printFigure, snapshot, type SnapshotDiff } from './support.js';

/**
 * Injection, the API half (ASVS 5.2, 5.3): a corpus of SQL, LIKE, full-text, script and template payloads goes
 * into every text field and every filter. Nothing answers 5xx or shows SQL; reading changes no row of any
 * table; writing adds exactly the one row asked for; a stored payload comes back byte for byte, as JSON data;
 * a filter matches the payload as text, never as syntax. (Rendering stored payloads in a browser is the web
 * pages' part.)
 */
const { app, database } = await buildTestApp();
const users = await quickUsers(database, 2);
const owner = users[0]!;
const reader = users[1]!;

export const PAYLOADS = [
  // SQL
  "' OR '1'='1",
  "' OR 1=1 --",
  "'; DROP TABLE tenders; --",
  '"; DROP TABLE users; --',
  '1; DELETE FROM bids',
  "' UNION SELECT password_hash, email FROM users --",
  "admin'--",
  "') OR ('a'='a",
  "1' AND SLEEP(5)--",
  "'; SELECT pg_sleep(5); --",
  "' || (SELECT sqlite_version()) || '",
  "\\'; UPDATE tenders SET status='awarded' WHERE '1'='1",
  '" OR ""="',
  "'/**/OR/**/1=1",
  '$1',
  '?',
  ':name',
  'CHAR(39)',
  // LIKE and full-text syntax
  '%',
  '_',
  '%%%',
  '\\%',
  '\\',
  '"',
  '""',
  '* OR *',
  'NEAR(a b)',
  "tenders_fts MATCH 'x'",
  'a"b',
  '^start',
  '-minus',
  // scripts and templates
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '<svg/onload=alert(1)>',
  "{{constructor.constructor('alert(1)')()}}",
  '${alert(1)}',
  '</textarea><script>alert(1)</script>',
  '<iframe srcdoc="<script>alert(1)</script>">',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  // everything else a text may hold
  '../../../../etc/passwd',
  '{"$gt": ""}',
  '__proto__',
  'null',
  "O'rtacha Farg'ona",
  '🚚💥 Юк ташиш',
  'Z̸̛̙a̶l̷g̵o̴',
  '\u202eevil',
  'Ü'.repeat(200),
];

const CORPUS_TEXT = JSON.stringify(PAYLOADS);

const count = (diff: SnapshotDiff, which: 'added' | 'changed', predicate: (table: string) => boolean = () => true) =>
  [...diff[which].entries()].filter(([table]) => predicate(table)).reduce((sum, [, keys]) => sum + keys.length, 0);

it('injection (API): payloads in every text field and filter: 5xx = 0, rows changed = 0, stored byte for byte', async () => {
  let requests = 0;
  let serverErrors = 0;
  let sqlInAnswers = 0;
  let rowsChangedByReads = 0;
  let rowsChangedBeyondTheWrite = 0;
  let storedExact = 0;
  let storedAltered = 0;
  let refusedWrites = 0;
  let filterMatchedSyntax = 0;
  const problems: string[] = [];
  let address = 1;

  const send = async (options: Parameters<typeof api>[1], payload: string) => {
    requests += 1;
    const res = await api(app, {
      remoteAddress: `10.7.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
      ...options,
    });
    if (res.statusCode >= 500) {
      serverErrors += 1;
      problems.push(`${options.method} ${urlOf(options)} → ${res.statusCode} for ${JSON.stringify(payload)}`);
    }
    // stored payloads come back in later lists as data: only SQL that no payload explains is a leak
    if (leaks(res.body, `${urlOf(options)} ${JSON.stringify(options.payload ?? '')} ${CORPUS_TEXT}`).sql) {
      sqlInAnswers += 1;
      problems.push(`SQL text in ${options.method} ${urlOf(options)}: ${res.body.slice(0, 200)}`);
    }
    return res;
  };

  for (const payload of PAYLOADS) {
    const q = encodeURIComponent(payload);

    // 1. reads: every filter of every list, and every path and query parameter
    const beforeReads = await snapshot(database);
    const reads = [
      ...[
        'name',
        'q',
        'location',
        'status',
        'type',
        'price',
        'delivery',
        'id',
        'initial_price',
        'tender_start_date',
        'cursor',
        'limit',
        'offset',
      ].flatMap((key) => [`${apiPaths.tenders.all}?${key}=${q}`, `${apiPaths.tenders.mine}?${key}=${q}`]),
      `${apiPaths.tenders.all}?name=${q}&q=${q}&location=Tashkent&status=opened`,
      pathTo(apiPaths.tenders.one, { id: q }),
      pathTo(apiPaths.tenders.minBid, { id: q }),
      pathTo(apiPaths.tenders.bids, { id: q }),
      `${apiPaths.bids.mine}?tender_id=${q}`,
      ...['name', 'licensePlate', 'type', 'status'].map((key) => `${apiPaths.vehicles.mine}?${key}=${q}`),
      pathTo(apiPaths.vehicles.one, { id: q }),
      `${apiPaths.notifications.list}?tab=${q}`,
      `${apiPaths.notifications.list}?before=${q}`,
      pathTo(apiPaths.shipments.one, { number: q }),
      `/api/files/${q}?exp=${q}&sig=${q}`,
      `${apiPaths.users.me}?id=${q}`,
    ];
    for (const url of reads)
      await send(
        {
          method: 'GET',
          url,
          token: reader.accessToken,
          headers: { 'accept-language': payload.replace(/[^\x20-\x7e]/g, '') },
        },
        payload,
      );
    for (const body of [
      { email: payload, password: payload.padEnd(8, '!') },
      { email: `${payload}@example.uz`, password: 'x'.repeat(8) },
    ]) {
      await send({ method: 'POST', url: apiPaths.users.login, payload: body }, payload);
    }
    await send(
      { method: 'POST', url: pathTo(apiPaths.notifications.read, { id: q }), token: reader.accessToken },
      payload,
    );
    await send(
      {
        method: 'POST',
        url: pathTo(apiPaths.shipments.status, { number: q }),
        token: reader.accessToken,
        payload: { status: payload },
      },
      payload,
    );
    await send({ method: 'POST', url: apiPaths.users.refresh, payload: { refreshToken: payload } }, payload);
    const readDiff = diffSnapshots(beforeReads, await snapshot(database));
    const changedByReads = count(readDiff, 'added') + count(readDiff, 'changed');
    if (changedByReads > 0)
      problems.push(
        `reads with ${JSON.stringify(payload)} changed ${JSON.stringify([...readDiff.changed, ...readDiff.added])}`,
      );
    rowsChangedByReads += changedByReads;

    // 2. writes: one tender, one vehicle, one account, each carrying the payload in every text field
    const beforeWrites = await snapshot(database);
    const tenderRes = await send(
      {
        method: 'POST',
        url: apiPaths.tenders.collection,
        token: owner.accessToken,
        payload: buildTenderInput({
          name: payload,
          cargo_type: `Truck ${payload}`.slice(0, 200),
          origin_location: payload,
          destination_location: payload,
          requirements: payload,
          notes: payload,
          incoterms: payload,
        }),
      },
      payload,
    );
    const vehicleRes = await sendVehicleForm(app, {
      token: owner.accessToken,
      fields: vehicleFields({ vehicle_name: payload.slice(0, 100), vin: payload.slice(0, 32) }),
    });
    requests += 1;
    if (vehicleRes.statusCode >= 500) serverErrors += 1;
    const vehicleNameOnly =
      vehicleRes.statusCode === 201
        ? vehicleRes
        : await sendVehicleForm(app, {
            token: owner.accessToken,
            fields: vehicleFields({ vehicle_name: payload.slice(0, 100) }),
          });
    requests += 1;
    const plateRes = await sendVehicleForm(app, {
      token: owner.accessToken,
      fields: vehicleFields({ license_plate: payload.slice(0, 20) }),
    });
    requests += 1;
    const registerRes = await send(
      {
        method: 'POST',
        url: apiPaths.users.register,
        payload: buildRegisterInput({ first_name: payload.slice(0, 100), last_name: payload.slice(0, 100) }),
      },
      payload,
    );
    const writeDiff = diffSnapshots(beforeWrites, await snapshot(database));
    const created = [
      tenderRes,
      vehicleNameOnly,
      ...(vehicleRes === vehicleNameOnly ? [] : [vehicleRes]),
      plateRes,
      registerRes,
    ].filter((res) => res.statusCode === 201);
    refusedWrites += 5 - created.length - (vehicleRes === vehicleNameOnly ? 1 : 0);
    for (const res of [vehicleRes, vehicleNameOnly, plateRes])
      if (res.statusCode >= 500) problems.push(`vehicle ${JSON.stringify(payload)} → ${res.statusCode}`);
    // the writes added their own rows (and their files and index entries) and changed nothing that existed
    const allowedTables = new Set(['tenders', 'vehicles', 'users']);
    // a feature's own derived tables (full-text index, counters) follow its rows: tenders_fts, tender_counts;
    // a new tender's close goes on the schedule (due_actions)
    const derived = (table: string) =>
      isIndexTable(table) ||
      table === 'due_actions' ||
      (!allowedTables.has(table) && [...allowedTables].some((name) => table.startsWith(name.replace(/s$/, ''))));
    const added = count(writeDiff, 'added', (table) => allowedTables.has(table));
    const stray =
      count(writeDiff, 'added', (table) => !allowedTables.has(table) && !derived(table)) +
      count(writeDiff, 'changed', (table) => !derived(table));
    if (added !== created.length || stray > 0) {
      rowsChangedBeyondTheWrite += stray + Math.abs(added - created.length);
      problems.push(
        `writes with ${JSON.stringify(payload)}: ${created.length} created, ${added} rows added, ${stray} other rows touched: ${JSON.stringify([...writeDiff.changed, ...writeDiff.added].filter(([table]) => !derived(table)))}`,
      );
    }

    // 3. what was stored comes back exactly, as data
    const exact = (label: string, stored: unknown, sent: string) => {
      if (stored === sent.trim()) storedExact += 1;
      else {
        storedAltered += 1;
        problems.push(`${label}: sent ${JSON.stringify(sent)}, got back ${JSON.stringify(stored)}`);
      }
    };
    if (tenderRes.statusCode === 201) {
      const read = await api(app, {
        method: 'GET',
        url: `/api/tenders/${tenderRes.json<Tender>().id}`,
        token: reader.accessToken,
      });
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      const t = read.json<Tender>();
      for (const field of [
        'name',
        'origin_location',
        'destination_location',
        'requirements',
        'notes',
        'incoterms',
      ] as const)
        exact(`tender.${field}`, t[field], payload);
      exact('tender.cargo_type', t.cargo_type, `Truck ${payload}`.slice(0, 200));

      // a filter takes the payload as text: everything it finds contains it, and it finds the new tender
      for (const [key, fields] of [
        ['name', ['name']],
        ['q', ['name', 'cargo_type', 'origin_location', 'destination_location']],
      ] as const) {
        const found = (
          await send({ method: 'GET', url: `${apiPaths.tenders.all}?${key}=${q}`, token: reader.accessToken }, payload)
        ).json<Tender[]>();
        const needle = payload.trim().toLowerCase();
        const unrelated = found.filter((row) => !fields.some((field) => row[field].toLowerCase().includes(needle)));
        if (unrelated.length > 0 || !found.some((row) => row.id === t.id)) {
          filterMatchedSyntax += 1;
          problems.push(
            `${key}=${JSON.stringify(payload)} found ${found.length} (${unrelated.length} unrelated, own ${found.some((row) => row.id === t.id)})`,
          );
        }
      }
    }
    if (vehicleNameOnly.statusCode === 201) {
      const v = vehicleNameOnly.json<Vehicle>();
      exact('vehicle.vehicle_name', v.vehicle_name, payload.slice(0, 100));
      const found = (
        await send(
          {
            method: 'GET',
            url: `${apiPaths.vehicles.mine}?name=${encodeURIComponent(payload.slice(0, 100))}`,
            token: owner.accessToken,
          },
          payload,
        )
      ).json<Vehicle[]>();
      const needle = payload.slice(0, 100).trim().toLowerCase();
      if (
        !found.some((row) => row.id === v.id) ||
        found.some((row) => !row.vehicle_name.toLowerCase().includes(needle))
      ) {
        filterMatchedSyntax += 1;
        problems.push(`vehicle name filter ${JSON.stringify(payload)} found ${found.length}`);
      }
    }
    if (registerRes.statusCode === 201) {
      const u = registerRes.json<User>();
      exact('user.first_name', u.first_name, payload.slice(0, 100));
    }
  }

  // the tables are all still there, and nobody's data moved
  const tables = await snapshot(database);
  for (const table of ['users', 'tenders', 'bids', 'vehicles', 'files', 'notifications', 'shipments', 'sessions'])
    expect(tables.has(table), table).toBe(true);

  printFigure('injection api', {
    engine,
    payloads: PAYLOADS.length,
    requests,
    '5xx': serverErrors,
    sql_in_answers: sqlInAnswers,
    rows_changed_by_reads: rowsChangedByReads,
    rows_changed_beyond_writes: rowsChangedBeyondTheWrite,
    stored_exact: storedExact,
    stored_altered: storedAltered,
    refused_writes: refusedWrites,
    filters_matching_syntax: filterMatchedSyntax,
  });
  expect(problems).toEqual([]);
  expect(storedExact).toBeGreaterThan(PAYLOADS.length * 4);
}, 120_000);
