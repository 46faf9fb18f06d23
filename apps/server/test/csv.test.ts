import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiPaths,
  formatUsd,
  TENDER_IMPORT_MAX_ROWS,
  type Notification,
  type SavedSearchInput,
  type Tender,
  type TenderImportCheck,
  type TenderImportResult,
} from '@yuk/shared';
import { DEFAULT_QUOTAS, windowStartOf } from '../src/modules/quotas/index.js';
import { seedDemoTenders } from '../src/modules/tenders/index.js';
import {
  buildTenderInput,
  createTender,
  createUser,
  daysFromToday,
  multipart,
  runSchedule,
} from './factories/index.js';
import { api, BOM, buildTestApp, readCsvAnswer, TEST_QUOTAS, type ApiErrorBody, type TestApp } from './helpers.js';

/**
 * Lists out as CSV and tenders in from one, on the engine the suite runs on: the byte-order mark, the header
 * in the reader's language, the filters of the JSON call, every row beyond one page, cells safe in a
 * spreadsheet; the import's dry run, its all-or-nothing creation and its refusals.
 */

let t: TestApp;
type Party = { token: string; id: number };
let shipper: Party;
let other: Party;

beforeAll(async () => {
  t = await buildTestApp();
  const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
  shipper = { token: a.accessToken, id: a.user.id };
  other = { token: b.accessToken, id: b.user.id };
});

function getCsv(url: string, token?: string, headers: Record<string, string> = {}) {
  return api(t.app, { method: 'GET', url, token, headers });
}

async function setLanguage(userId: number, language: 'uz' | 'en' | 'ru') {
  await t.database.db.updateTable('users').set({ language }).where('id', '=', userId).execute();
}

/** A CSV text of these rows (the way a spreadsheet saves one), with a byte-order mark. */
function csvText(rows: readonly (readonly (string | number)[])[], separator = ','): string {
  const quote = (cell: string | number) => {
    const text = String(cell);
    return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  return BOM + rows.map((row) => row.map(quote).join(separator)).join('\r\n') + '\r\n';
}

async function importFile(
  token: string | undefined,
  data: Buffer | string,
  {
    dryRun = false,
    lang,
    filename = 'tenders.csv',
    app = t.app,
  }: { dryRun?: boolean; lang?: string; filename?: string; app?: FastifyInstance } = {},
) {
  const form = await multipart({ file: { filename, data, type: 'text/csv' } });
  return api(app, {
    method: 'POST',
    url: `${apiPaths.tenders.import}${dryRun ? '?dry_run=true' : ''}`,
    token,
    payload: form.payload,
    headers: { ...form.headers, ...(lang ? { 'accept-language': lang } : {}) },
  });
}

/** The template's header (English) and a valid row of the given overrides, by field. */
const FIELDS = [
  'name',
  'cargo_type',
  'cargo_weight',
  'cargo_volume',
  'origin_location',
  'destination_location',
  'shipment_date',
  'delivery_date',
  'tender_start_date',
  'tender_end_date',
  'initial_price',
  'status',
] as const;
function row(overrides: Partial<Record<(typeof FIELDS)[number], string | number>> = {}): (string | number)[] {
  const input: Record<string, unknown> = { ...buildTenderInput(), ...overrides };
  return FIELDS.map((field) => {
    const value = input[field];
    return typeof value === 'number' || typeof value === 'string' ? value : '';
  });
}

async function countOwned(ownerId: number): Promise<number> {
  const result = await t.database.db
    .selectFrom('tenders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  return Number(result.n);
}

describe('tender lists as CSV', () => {
  it('My Orders: a UTF-8 attachment named by the Tashkent day, the header in the user’s language, one row per tender', async () => {
    const user = await createUser(t.app);
    await createTender(t.app, user.accessToken, { name: 'Sement', origin_location: 'Toshkent', initial_price: 1250.5 });
    await createTender(t.app, user.accessToken, { name: 'Paxta', status: 'draft' });

    await setLanguage(user.user.id, 'ru');
    const ru = await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken);
    const rows = readCsvAnswer(ru);
    expect(ru.headers['content-disposition']).toMatch(/^attachment; filename="my-orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tashkent' }).format(new Date());
    expect(ru.headers['content-disposition']).toContain(today);
    expect(ru.headers['cache-control']).toBe('private, no-store');
    expect(rows[0]?.slice(0, 3)).toEqual(['Номер тендера', 'Название', 'Тип груза']);
    expect(rows).toHaveLength(3);
    // newest first: the draft, then the opened one; plain numbers with a dot, dates as YYYY-MM-DD
    const header = rows[0]!;
    const sement = Object.fromEntries(header.map((name, i) => [name, rows[2]![i]]));
    expect(sement['Название']).toBe('Sement');
    expect(sement['Начальная цена (USD)']).toBe('1250.5');
    expect(sement['Вес (кг)']).toBe('20000');
    expect(sement['Дата отправки']).toBe(daysFromToday(3));
    expect(sement['Статус']).toBe('opened');
    expect(rows[1]?.[1]).toBe('Paxta');

    await setLanguage(user.user.id, 'en');
    expect(readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken))[0]?.[0]).toBe(
      'Tender number',
    );
    await setLanguage(user.user.id, 'uz');
    expect(readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken))[0]?.[0]).toBe(
      'Tender raqami',
    );
    // the web app's language (Accept-Language) comes before the setting
    const asked = await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken, {
      'accept-language': 'ru-RU,ru;q=0.9',
    });
    expect(readCsvAnswer(asked)[0]?.[0]).toBe('Номер тендера');
    // a language we do not have leaves the setting in force
    const french = await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken, { 'accept-language': 'fr' });
    expect(readCsvAnswer(french)[0]?.[0]).toBe('Tender raqami');
  });

  it('the JSON answer stays as it was without format, and format=json is JSON too', async () => {
    const json = await getCsv(`${apiPaths.tenders.mine}?format=json`, shipper.token);
    expect(json.statusCode).toBe(200);
    expect(json.headers['content-type']).toMatch(/^application\/json/);
    expect(Array.isArray(json.json())).toBe(true);
  });

  it('holds every matching row, far beyond one page, with the filters of the JSON call', async () => {
    const bulk = await createUser(t.app);
    await seedDemoTenders(t.database.db, bulk.user.id, 1234);
    const mine = readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?format=csv&limit=5`, bulk.accessToken));
    // the paging parameters do not cut a file: all 1234, newest first, each once
    expect(mine).toHaveLength(1235);
    const numbers = mine.slice(1).map((cells) => cells[0]!);
    expect(new Set(numbers).size).toBe(1234);
    expect([...numbers].sort().reverse()).toEqual(numbers);

    // the same filters as the JSON call, over every page of it
    const query = 'status=opened&type=truck&price=Qimmat';
    const all: Tender[] = [];
    let cursor = '';
    for (;;) {
      const page = await api(t.app, {
        method: 'GET',
        url: `${apiPaths.tenders.all}?${query}&limit=500${cursor ? `&cursor=${cursor}` : ''}`,
        token: other.token,
      });
      all.push(...page.json<Tender[]>());
      cursor = String(page.headers['x-next-cursor'] ?? '');
      if (!cursor) break;
    }
    const filtered = readCsvAnswer(await getCsv(`${apiPaths.tenders.all}?${query}&format=csv`, other.token));
    expect(all.length).toBeGreaterThan(0);
    expect(filtered.slice(1).map((cells) => cells[0])).toEqual(all.map((tender) => tender.number));

    // a text search too
    const searched = readCsvAnswer(await getCsv(`${apiPaths.tenders.all}?q=sement&format=csv`, other.token));
    const jsonSearched = await api(t.app, {
      method: 'GET',
      url: `${apiPaths.tenders.all}?q=sement`,
      token: other.token,
    });
    expect(searched.length - 1).toBe(Number(jsonSearched.headers['x-total-count']));
  });

  it('My Orders’ filters follow that screen’s bands: Arzon holds a price of exactly 1000', async () => {
    const user = await createUser(t.app);
    await createTender(t.app, user.accessToken, { name: 'At 1000', initial_price: 1000 });
    await createTender(t.app, user.accessToken, { name: 'At 1001', initial_price: 1001 });
    const arzon = readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?price=Arzon&format=csv`, user.accessToken));
    expect(arzon.slice(1).map((cells) => cells[1])).toEqual(['At 1000']);
    const middle = readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?price=O'rtacha&format=csv`, user.accessToken));
    expect(middle.slice(1).map((cells) => cells[1])).toEqual(['At 1001']);
  });

  it('never holds someone else’s drafts or, in My Orders, someone else’s tenders', async () => {
    const owner = await createUser(t.app);
    await createTender(t.app, owner.accessToken, { name: 'Secret draft', status: 'draft' });
    await createTender(t.app, owner.accessToken, { name: 'Public one' });
    const theirs = readCsvAnswer(await getCsv(`${apiPaths.tenders.all}?q=secret&format=csv`, other.token));
    expect(theirs).toHaveLength(1);
    const mine = readCsvAnswer(await getCsv(`${apiPaths.tenders.mine}?format=csv`, other.token));
    expect(mine.flat()).not.toContain('Public one');
  });

  it('neutralises cells a spreadsheet would run as formulas; numbers stay numbers', async () => {
    const user = await createUser(t.app);
    const names = ['=HYPERLINK("http://x")', '+1', '-cmd', '@SUM(A1)'];
    for (const name of names)
      await createTender(t.app, user.accessToken, { name, cargo_type: '=1+1', initial_price: 999.99 });
    const res = await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken);
    const rows = readCsvAnswer(res);
    expect(rows.slice(1).map((cells) => cells[1])).toEqual([...names].reverse().map((name) => `'${name}`));
    expect(rows.slice(1).every((cells) => cells[2] === "'=1+1")).toBe(true);
    expect(rows.slice(1).every((cells) => cells[11] === '999.99')).toBe(true);
    // the raw text: the formula sits inside a quoted cell behind the apostrophe
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(res.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('refuses a wrong format, wrong types and huge values with 400, and no token with 401', async () => {
    for (const query of [
      'format=xml',
      'format=csv&limit=abc',
      'format=csv&price=cheap',
      `format=csv&q=${'x'.repeat(5000)}`,
    ]) {
      const res = await getCsv(`${apiPaths.tenders.all}?${query}`, shipper.token);
      expect(res.statusCode, query).toBe(400);
      expect(res.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
    for (const url of [`${apiPaths.tenders.all}?format=csv`, `${apiPaths.tenders.mine}?format=csv`]) {
      const res = await getCsv(url);
      expect(res.statusCode).toBe(401);
      expect(res.json<ApiErrorBody>().code).toBe('NOT_AUTHENTICATED');
    }
  });
});

describe('POST /api/tenders/import', () => {
  it('round trip: My Orders out, a cell edited, the dry run shows the rows, the import creates them', async () => {
    const user = await createUser(t.app);
    await createTender(t.app, user.accessToken, { name: 'Sement', requirements: 'Tent', incoterms: '=FCA' });
    await createTender(t.app, user.accessToken, { name: 'Paxta', initial_price: 2400.75, status: 'draft' });
    const exported = await getCsv(`${apiPaths.tenders.mine}?format=csv`, user.accessToken, { 'accept-language': 'ru' });
    const rows = readCsvAnswer(exported);
    // edit: a new name in the first tender's row (the file is written back as a spreadsheet would)
    rows[1]![1] = 'Paxta, 2-partiya';
    const edited = csvText(rows);

    const dry = await importFile(user.accessToken, edited, { dryRun: true, lang: 'ru' });
    expect(dry.statusCode, dry.body).toBe(200);
    const check = dry.json<TenderImportCheck>();
    expect(check).toMatchObject({ valid: 2, invalid: 0 });
    expect(check.rows.map((one) => one.line)).toEqual([2, 3]);
    expect(check.rows[0]).toMatchObject({
      ok: true,
      tender: { name: 'Paxta, 2-partiya', initial_price: 2400.75, status: 'draft' },
    });
    expect(check.rows[1]).toMatchObject({ ok: true, tender: { name: 'Sement', status: 'opened' } });
    // a dry run creates nothing
    expect(await countOwned(user.user.id)).toBe(2);

    const done = await importFile(user.accessToken, edited, { lang: 'ru' });
    expect(done.statusCode, done.body).toBe(201);
    const created = done.json<{ created: number; tenders: { id: number; number: string; line: number }[] }>();
    expect(created.created).toBe(2);
    expect(created.tenders.map((one) => one.line)).toEqual([2, 3]);
    expect(await countOwned(user.user.id)).toBe(4);
    const again = await api(t.app, {
      method: 'GET',
      url: `/api/tenders/${created.tenders[1]!.id}`,
      token: user.accessToken,
    });
    // the export's apostrophe before "=" is taken off again: the text comes back as it was typed
    expect(again.json<Tender>()).toMatchObject({
      name: 'Sement',
      requirements: 'Tent',
      incoterms: '=FCA',
      is_owner: true,
    });
    const paxta = await api(t.app, {
      method: 'GET',
      url: `/api/tenders/${created.tenders[0]!.id}`,
      token: user.accessToken,
    });
    expect(paxta.json<Tender>()).toMatchObject({ name: 'Paxta, 2-partiya', initial_price: 2400.75, status: 'draft' });
    // an imported opened tender is scheduled to close as a created one is; the saved searches are matched
    // against the import's opened tenders together, by one action of the import
    const due = await t.database.db
      .selectFrom('due_actions')
      .select(['kind'])
      .where('subject_id', '=', created.tenders[1]!.id)
      .where('kind', 'like', 'tender_%')
      .execute();
    expect(due.map((one) => one.kind)).toEqual(['tender_close']);
    const made = await t.database.db
      .selectFrom('tenders')
      .select('import_id')
      .where(
        'id',
        'in',
        created.tenders.map((one) => one.id),
      )
      .execute();
    const importId = made[0]?.import_id;
    expect(made.every((one) => one.import_id === importId && importId !== null)).toBe(true);
    const matchAction = await t.database.db
      .selectFrom('due_actions')
      .select('kind')
      .where('kind', '=', 'import_match')
      .where('subject_id', '=', importId!)
      .execute();
    expect(matchAction).toHaveLength(1);
  });

  it('the dry run names each failing row by its line and field, in the reader’s language', async () => {
    const header = FIELDS;
    const file = csvText([
      header,
      row(),
      row({ cargo_weight: 'heavy', name: '' }),
      row({ shipment_date: '31.02.2026' }),
      row({ delivery_date: daysFromToday(1) }),
      row({ initial_price: 99_999_999_999, cargo_volume: -3 }),
      row({ status: 'awarded' }),
    ]);
    const res = await importFile(shipper.token, file, { dryRun: true, lang: 'ru' });
    expect(res.statusCode, res.body).toBe(200);
    const check = res.json<TenderImportCheck>();
    expect(check).toMatchObject({ valid: 1, invalid: 5 });
    const errorsOf = (line: number) => {
      const found = check.rows.find((one) => one.line === line);
      return found && !found.ok ? found.errors : [];
    };
    expect(errorsOf(3)).toEqual(
      expect.arrayContaining([
        {
          field: 'name',
          column: 'Название',
          code: 'TENDER_REQUIRED_FIELDS',
          message: expect.stringMatching(/заполните/i),
        },
        { field: 'cargo_weight', column: 'Вес (кг)', code: 'number', message: 'Должно быть числом' },
      ]),
    );
    expect(errorsOf(4)).toEqual([expect.objectContaining({ field: 'shipment_date', code: 'date' })]);
    expect(errorsOf(5)).toEqual([
      expect.objectContaining({ field: 'delivery_date', code: 'delivery_before_shipment' }),
    ]);
    expect(
      errorsOf(6)
        .map((error) => [error.field, error.code])
        .sort(),
    ).toEqual([
      ['cargo_volume', 'positive'],
      ['initial_price', 'too_large'],
    ]);
    expect(errorsOf(7)).toEqual([expect.objectContaining({ field: 'status', code: 'one_of' })]);
    // the same file in English
    const en = await importFile(shipper.token, file, { dryRun: true, lang: 'en' });
    expect(JSON.stringify(en.json())).toContain('Must be a number');
  });

  it('creates all rows or none: one bad row refuses the file with every row’s verdict', async () => {
    const before = await countOwned(shipper.id);
    const res = await importFile(shipper.token, csvText([FIELDS, row(), row({ cargo_weight: 'x' }), row()]), {
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json<ApiErrorBody & TenderImportCheck>();
    expect(body.code).toBe('IMPORT_INVALID_ROWS');
    expect(body.error).toBe('1 rows have errors: nothing was imported. Check the file first');
    expect(body).toMatchObject({ valid: 2, invalid: 1 });
    expect(body.rows[1]).toMatchObject({ line: 3, ok: false, errors: [{ field: 'cargo_weight', code: 'number' }] });
    expect(await countOwned(shipper.id)).toBe(before);
  });

  it('reads headers in any of the three languages or as field names, semicolons, decimal commas, dd.MM.yyyy', async () => {
    const ru = ['Название', 'Тип груза', 'Вес (кг)', 'Объём (м³)', 'Откуда', 'Куда', 'Дата отправки', 'Дата доставки'];
    const rest = ['Начало тендера', 'Окончание тендера', 'Начальная цена (USD)', 'Автовыбор победителя'];
    const [y, m, d] = daysFromToday(5).split('-');
    const file = csvText(
      [
        [...ru, ...rest],
        [
          'Un',
          'Truck',
          '20000,5',
          '82',
          'Toshkent',
          'Samarqand',
          `${d}.${m}.${y}`,
          daysFromToday(6),
          daysFromToday(0),
          daysFromToday(2),
          '1500,25',
          'да',
        ],
      ],
      ';',
    );
    const res = await importFile(shipper.token, file, { dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<TenderImportCheck>().rows[0]).toMatchObject({
      ok: true,
      tender: { cargo_weight: 20000.5, initial_price: 1500.25, shipment_date: daysFromToday(5) },
    });
    // the field names themselves, without a byte-order mark, LF line ends
    const plain = `${FIELDS.join(',')}\n${row().join(',')}\n`;
    expect((await importFile(shipper.token, plain, { dryRun: true })).json<TenderImportCheck>().valid).toBe(1);
    // a yes/no cell that is neither
    const bad = csvText([
      [...FIELDS, 'auto_award'],
      [...row(), 'maybe'],
    ]);
    const check = (await importFile(shipper.token, bad, { dryRun: true })).json<TenderImportCheck>();
    expect(check.rows[0]).toMatchObject({ ok: false, errors: [{ field: 'auto_award', code: 'boolean' }] });
  });

  it(`takes up to ${TENDER_IMPORT_MAX_ROWS} rows; more is refused whole`, async () => {
    const many = (count: number) => csvText([FIELDS, ...Array.from({ length: count }, () => row())]);
    const tooMany = await importFile(shipper.token, many(TENDER_IMPORT_MAX_ROWS + 1), { dryRun: true, lang: 'en' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ApiErrorBody>()).toMatchObject({
      code: 'IMPORT_TOO_MANY_ROWS',
      error: 'A file may hold at most 5000 rows; this one has 5001. Split it into several files',
    });
    const atMost = await importFile(shipper.token, many(TENDER_IMPORT_MAX_ROWS), { dryRun: true });
    expect(atMost.json<TenderImportCheck>().valid).toBe(TENDER_IMPORT_MAX_ROWS);
    // a real import of several hundred rows goes in in one transaction, in the file's order
    const user = await createUser(t.app);
    const names = Array.from({ length: 250 }, (_, i) => `Batch ${i + 1}`);
    const res = await importFile(user.accessToken, csvText([FIELDS, ...names.map((name) => row({ name }))]));
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<{ tenders: { name: string; line: number }[] }>().tenders;
    expect(created.map((one) => one.name)).toEqual(names);
    expect(created.map((one) => one.line)).toEqual(names.map((_, i) => i + 2));
    expect(await countOwned(user.user.id)).toBe(250);
  });

  it('refuses a file that is not UTF-8 text, lacks columns, is empty or is malformed, with 400 and a clear text', async () => {
    const cyrillic = Buffer.from([...Buffer.from(`${FIELDS.join(',')}\r\n`), 0xcf, 0xe0, 0xf5, 0xf2, 0xe0, 0x2c, 0x31]);
    const cases: [Buffer | string, number, string, RegExp?][] = [
      [cyrillic, 400, 'IMPORT_BAD_ENCODING', /UTF-8/],
      [Buffer.from([0xff, 0xfe, 0x6e, 0x00, 0x61, 0x00]), 415, 'IMPORT_NOT_CSV'],
      [Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 415, 'IMPORT_NOT_CSV', /CSV UTF-8/],
      ['name,cargo_type\r\nx,y\r\n', 400, 'IMPORT_MISSING_COLUMNS', /Weight \(kg\), Volume \(m³\), Origin/],
      [csvText([[...FIELDS, 'name']]), 400, 'IMPORT_DUPLICATE_COLUMN'],
      [csvText([FIELDS]), 400, 'IMPORT_EMPTY'],
      ['', 400, 'IMPORT_EMPTY'],
      [BOM, 400, 'IMPORT_EMPTY'],
      [`${FIELDS.join(',')}\r\n"unclosed,1,2\r\n`, 400, 'IMPORT_MALFORMED', /line 2/],
    ];
    for (const [data, status, code, text] of cases) {
      const res = await importFile(shipper.token, data, { dryRun: true, lang: 'en' });
      expect(res.statusCode, `${code}: ${res.body}`).toBe(status);
      const body = res.json<ApiErrorBody>();
      expect(body.code).toBe(code);
      if (text) expect(body.error).toMatch(text);
    }
  });

  it('answers 413 to a file over 5 MB, 415 to a body that is not a form, 400 without the file field, 401 without a token', async () => {
    const huge = await importFile(shipper.token, Buffer.alloc(5 * 1024 * 1024 + 1, 0x61), { lang: 'en' });
    expect(huge.statusCode).toBe(413);
    expect(huge.json<ApiErrorBody>()).toMatchObject({
      code: 'IMPORT_FILE_TOO_LARGE',
      error: 'The file is too large: at most 5 MB',
    });

    const json = await api(t.app, {
      method: 'POST',
      url: apiPaths.tenders.import,
      token: shipper.token,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const raw = await api(t.app, {
      method: 'POST',
      url: apiPaths.tenders.import,
      token: shipper.token,
      payload: `${FIELDS.join(',')}\r\n`,
      headers: { 'content-type': 'text/csv' },
    });
    expect(raw.statusCode).toBe(415);

    const noFile = await multipart({ note: 'hello' });
    const missing = await api(t.app, { method: 'POST', url: apiPaths.tenders.import, token: shipper.token, ...noFile });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ApiErrorBody>().code).toBe('IMPORT_FILE_MISSING');

    const twoFiles = await multipart([
      ['file', { filename: 'a.csv', data: 'a' }],
      ['file', { filename: 'b.csv', data: 'b' }],
    ]);
    const two = await api(t.app, { method: 'POST', url: apiPaths.tenders.import, token: shipper.token, ...twoFiles });
    expect([400, 413]).toContain(two.statusCode);

    const wrongQuery = await importFile(shipper.token, csvText([FIELDS, row()]), { dryRun: false });
    expect(wrongQuery.statusCode).toBe(201);
    const badFlag = await api(t.app, {
      method: 'POST',
      url: `${apiPaths.tenders.import}?dry_run=maybe`,
      token: shipper.token,
    });
    expect(badFlag.statusCode).toBe(400);

    const anonymous = await importFile(undefined, csvText([FIELDS, row()]));
    expect(anonymous.statusCode).toBe(401);
    const forged = await importFile('not-a-token', csvText([FIELDS, row()]));
    expect(forged.statusCode).toBe(401);
  });

  it('the imported tenders belong to the caller, whoever’s numbers the file names', async () => {
    const theirs = await createTender(t.app, other.token, { name: 'Theirs' });
    const exported = readCsvAnswer(await getCsv(`${apiPaths.tenders.all}?id=${theirs.id}&format=csv`, shipper.token));
    const res = await importFile(shipper.token, csvText(exported));
    expect(res.statusCode, res.body).toBe(201);
    const [copy] = res.json<{ tenders: { id: number }[] }>().tenders;
    const read = await api(t.app, { method: 'GET', url: `/api/tenders/${copy!.id}`, token: shipper.token });
    expect(read.json<Tender>()).toMatchObject({ name: 'Theirs', owner_id: shipper.id });
    const original = await api(t.app, { method: 'GET', url: `/api/tenders/${theirs.id}`, token: other.token });
    expect(original.json<Tender>().owner_id).toBe(other.id);
  });
});

describe('an import and the tender quota', () => {
  // the production limits of tenders (30 an hour, 200 a day), on a clock the test holds in one hour
  let clock = windowStartOf(Date.now(), 3600) + 60_000;
  let q: TestApp;
  beforeAll(async () => {
    q = await buildTestApp({ now: () => clock, quotas: { ...TEST_QUOTAS, tenders: DEFAULT_QUOTAS.tenders } });
  });
  afterAll(() => q.close());
  const fileOf = (rows: number) =>
    csvText([FIELDS, ...Array.from({ length: rows }, (_, i) => row({ name: `Yuk ${i}` }))]);
  const postForm = (token: string) =>
    api(q.app, { method: 'POST', url: apiPaths.tenders.collection, token, payload: buildTenderInput() });
  const owned = async (ownerId: number) =>
    Number(
      (
        await q.database.db
          .selectFrom('tenders')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('owner_id', '=', ownerId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('counts every tender of a file: past the quota the file is refused whole (429, nothing made), and the dry run says so first', async () => {
    const owner = await createUser(q.app);
    const ownerId = owner.user.id;

    // 31 rows against 30 an hour: the dry run passes every row and names the quota, in the reader's language
    const check = await importFile(owner.accessToken, fileOf(31), { dryRun: true, lang: 'en', app: q.app });
    expect(check.statusCode, check.body).toBe(200);
    const checked = check.json<TenderImportCheck>();
    expect(checked).toMatchObject({ valid: 31, invalid: 0 });
    expect(checked.over_quota).toEqual({
      code: 'IMPORT_OVER_QUOTA',
      error:
        'This file would create 31 tenders, but your tender limit allows 30 more now. Split the file or try again in 59 minutes',
      allowed: 30,
      retry_after: 3540,
    });
    const inRussian = await importFile(owner.accessToken, fileOf(31), { dryRun: true, lang: 'ru', app: q.app });
    expect(inRussian.json<TenderImportCheck>().over_quota?.error).toBe(
      'Из этого файла получится тендеров: 31, а ваш лимит сейчас позволяет ещё 30. Разделите файл или повторите через 59 минут',
    );
    const inUzbek = await importFile(owner.accessToken, fileOf(31), { dryRun: true, lang: 'uz', app: q.app });
    expect(inUzbek.json<TenderImportCheck>().over_quota?.error).toMatch(/^Bu fayldan 31 ta tender yaratiladi/);

    // the import itself: refused whole, with Retry-After, and nothing made
    const refused = await importFile(owner.accessToken, fileOf(31), { lang: 'en', app: q.app });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.headers['retry-after']).toBe('3540');
    expect(refused.json<ApiErrorBody>()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(await owned(ownerId)).toBe(0);
    const imports = await q.database.db
      .selectFrom('tender_imports')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .execute();
    expect(imports).toEqual([]);

    // what was refused counts for nothing: the form still makes one, and a file of the 29 left passes
    expect((await postForm(owner.accessToken)).statusCode).toBe(201);
    const fits = await importFile(owner.accessToken, fileOf(29), { dryRun: true, app: q.app });
    expect(fits.json<TenderImportCheck>().over_quota).toBeUndefined();
    const made = await importFile(owner.accessToken, fileOf(29), { app: q.app });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json<TenderImportResult>().created).toBe(29);
    expect(await owned(ownerId)).toBe(30);

    // the hour is used up by the import's tenders: the form is refused, and so is a file of one
    const formAfter = await postForm(owner.accessToken);
    expect(formAfter.statusCode).toBe(429);
    expect(formAfter.json<ApiErrorBody>().code).toBe('RATE_LIMITED');
    const one = await importFile(owner.accessToken, fileOf(1), { dryRun: true, lang: 'en', app: q.app });
    expect(one.json<TenderImportCheck>().over_quota).toMatchObject({ allowed: 0 });
    expect((await importFile(owner.accessToken, fileOf(1), { app: q.app })).statusCode).toBe(429);
    expect(await owned(ownerId)).toBe(30);

    // the next hour (signed in again: the access token's life is shorter): the file of one passes again
    clock = windowStartOf(clock, 3600) + 3600_000 + 1000;
    const login = await api(q.app, {
      method: 'POST',
      url: apiPaths.users.login,
      payload: { email: owner.email, password: owner.password },
    });
    const token = login.json<{ accessToken: string }>().accessToken;
    expect((await importFile(token, fileOf(1), { app: q.app })).statusCode).toBe(201);
  });
});

describe('an import and saved searches', () => {
  const saveSearch = async (token: string, payload: SavedSearchInput) => {
    const res = await api(t.app, { method: 'POST', url: apiPaths.savedSearches.collection, token, payload });
    expect(res.statusCode, res.body).toBe(201);
  };
  const notices = async (token: string) =>
    (
      await api(t.app, { method: 'GET', url: apiPaths.notifications.list, token, headers: { 'accept-language': 'en' } })
    ).json<Notification[]>();

  it('tells a carrier of one import’s matching tenders in ONE alert listing them, in the app and on each channel', async () => {
    const [owner, carrier, single, nobody] = await Promise.all([
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
      createUser(t.app),
    ]);
    // what the other tests imported is announced first, before these searches exist
    await runSchedule(t.database);
    await saveSearch(carrier.accessToken, { name: 'Samarqand yo‘li', origin: 'Toshkent', destination: 'Samarqand' });
    await saveSearch(carrier.accessToken, { name: 'Hammasi' });
    await saveSearch(single.accessToken, { name: 'Buxoro', origin: 'Toshkent', destination: 'Buxoro' });
    await saveSearch(nobody.accessToken, { name: 'Xiva', origin: 'Xiva', destination: 'Nukus' });
    await saveSearch(owner.accessToken, { name: 'My own' });
    // the carrier takes new tenders on Telegram, by e-mail and in one browser
    const now = new Date().toISOString();
    await t.database.db
      .insertInto('notification_settings')
      .values({
        user_id: carrier.user.id,
        events: JSON.stringify({ new_tender: ['in_app', 'telegram', 'email', 'push'] }),
        quiet_start: null,
        quiet_end: null,
        telegram_chat_id: '700100',
        push_devices: 1,
        updated_at: now,
      })
      .execute();
    await t.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: carrier.user.id,
        endpoint: 'https://push.example/abc',
        p256dh: 'key',
        auth: 'auth',
        created_at: now,
      })
      .execute();

    const rows = [
      ...Array.from({ length: 12 }, (_, i) =>
        row({ name: `Sement ${i + 1}`, origin_location: 'Toshkent', destination_location: 'Samarqand' }),
      ),
      row({ name: 'Paxta', origin_location: 'Toshkent', destination_location: 'Buxoro' }),
      row({ name: 'Qoralama', status: 'draft' }),
    ];
    const made = await importFile(owner.accessToken, csvText([FIELDS, ...rows]));
    expect(made.statusCode, made.body).toBe(201);
    const numbers = made.json<TenderImportResult>().tenders.map((one) => one.number);
    await runSchedule(t.database);

    // the carrier: one alert for the 13 opened tenders (the draft is no news), named by their first search
    const carrierNotes = await notices(carrier.accessToken);
    expect(carrierNotes).toHaveLength(1);
    const [alert] = carrierNotes;
    expect(alert).toMatchObject({
      kind: 'tenders_matched',
      title: '13 new tenders match your search: Samarqand yo‘li',
      link: '/tenders',
    });
    const lines = alert!.body.split('\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe(`${numbers[0]} Sement 1: Toshkent → Samarqand, ${formatUsd(150_000)} USD`);
    expect(lines[9]).toContain(`${numbers[9]} Sement 10`);
    expect(lines[10]).toBe('…');
    // and one message on each of its channels, not one per row
    const outbox = await t.database.db
      .selectFrom('outbox')
      .select(['channel', 'kind'])
      .where('user_id', '=', carrier.user.id)
      .orderBy('channel')
      .execute();
    expect(outbox).toEqual([
      { channel: 'email', kind: 'tenders_matched' },
      { channel: 'push', kind: 'tenders_matched' },
      { channel: 'telegram', kind: 'tenders_matched' },
    ]);

    // a carrier that one tender matches hears of it as of a tender made by the form
    const singleNotes = await notices(single.accessToken);
    expect(singleNotes).toHaveLength(1);
    expect(singleNotes[0]).toMatchObject({ kind: 'tender_matched', title: 'A new tender matches your search: Buxoro' });
    expect(singleNotes[0]?.body).toContain(`${numbers[12]} “Paxta”`);
    // nobody else, and never the owner of the file
    expect(await notices(nobody.accessToken)).toEqual([]);
    expect(await notices(owner.accessToken)).toEqual([]);
    // the import's action is done: running the schedule again tells no one twice
    await runSchedule(t.database);
    expect(await notices(carrier.accessToken)).toHaveLength(1);
  });
});

describe('GET /api/tenders/import/template', () => {
  it('gives the header row in each language and an example row that passes the dry run', async () => {
    const heads: string[] = [];
    for (const lang of ['uz', 'en', 'ru'] as const) {
      const res = await getCsv(`${apiPaths.tenders.importTemplate}?lang=${lang}`, shipper.token);
      const rows = readCsvAnswer(res);
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`filename="tender-import-${lang}-\\d{4}-\\d{2}-\\d{2}\\.csv"`),
      );
      expect(rows).toHaveLength(2);
      heads.push(rows[0]![0]!);
      const check = await importFile(shipper.token, res.rawPayload, { dryRun: true });
      expect(check.json<TenderImportCheck>().valid, check.body).toBe(1);
    }
    expect(heads).toEqual(['Nomi', 'Name', 'Название']);
    expect((await getCsv(`${apiPaths.tenders.importTemplate}?lang=de`, shipper.token)).statusCode).toBe(400);
    expect((await getCsv(apiPaths.tenders.importTemplate)).statusCode).toBe(401);
  });
});
