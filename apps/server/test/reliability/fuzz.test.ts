import { connect } from 'node:net';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, expect, it } from 'vitest';
import { apiPaths, pathTo } from '@yuk/shared';
import { api, buildTestApp } from '../helpers.js';
import { createTender, TEST_BOT_TOKEN } from '../factories/index.js';
import { createVehicle, pngFile } from '../factories/index.js';
import { multipart } from '../factories/index.js';
import { quickUsers } from '../factories/index.js';
import { startFakeEimzo } from '../fakes/eimzo-server.js';
import {
  isErrorShape,
  isStreamOperation,
  leaks,
  listOperations,
  printFigure,
  size,
  type JsonSchema,
  type Operation,
} from './support.js';

/**
 * Bad-input fuzz (ASVS 5.1, 7.4): every documented route gets generated path parameters, query strings,
 * bodies, content types and headers, with and without a valid token. Nothing may answer 5xx, and no answer
 * may show a stack trace or SQL. Error answers keep the product's shape.
 */
const SEED = Number(process.env.RELIABILITY_SEED ?? 20_250_611);
const PER_OPERATION = size(45, 400);

// ERI-Key answers from a stand-in E-IMZO-SERVER: unconfigured, its routes would answer 503 by design
const eimzo = await startFakeEimzo();
afterAll(() => eimzo.close());
// and a bot, so the Telegram sign-in and linking judge what they are given (without one they answer 503 by design);
// the Bot API itself is never called here (the outbox is not run)
const testApp = await buildTestApp({
  logLevel: 'silent',
  eimzo: { serverUrl: eimzo.url, host: 'yuktender.test' },
  delivery: {
    publicUrl: 'https://yuk.example',
    telegram: { token: TEST_BOT_TOKEN, apiBase: 'http://127.0.0.1:9', botUsername: 'YukTenderTestBot' },
  },
});
const { app, database } = testApp;
const [owner, carrier] = await quickUsers(database, 2);
if (!owner || !carrier) throw new Error('no users');
const tender = await createTender(app, owner.accessToken);
const vehicle = await createVehicle(app, carrier.accessToken, {}, { vehicle_photo: pngFile() });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// ---------------------------------------------------------------------------------------------------
// Generators

const loneSurrogates = fc.constantFrom('\ud800', '\udfff', 'a\ud83dz', '\ude00x');
const oddText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\u202egnp.exe',
    '\u200b',
    '\ufeff',
    'ǅǈǋ',
    '１２３',
    '٣٤',
    '👨‍👩‍👧‍👦',
    'e\u0301',
    '../../etc/passwd',
    '..\\..\\windows',
    '%00',
    '%s%s%n',
    '{{7*7}}',
    '${7*7}',
    'null',
    'undefined',
    'NaN',
    '-0',
    '1e309',
    '0x1F',
    'true',
    '__proto__',
    'constructor',
    '\r\nX-Injected: 1',
    '\\u0000',
  ),
  loneSurrogates,
  fc.integer({ min: 1, max: 300_000 }).map((n) => 'x'.repeat(n)),
);

/** Integers at and beyond the edges of the database's id columns (32 bits) and of JavaScript's safe range. */
const edgeInteger = fc.oneof(
  fc.integer({ min: 2 ** 31 - 2, max: 2 ** 31 + 2 }),
  fc.integer({ min: -(2 ** 31) - 2, max: -(2 ** 31) + 2 }),
  fc.constantFrom(99_999_999_999, 2 ** 53 - 1, 2 ** 53 + 1, 1e21),
  fc.maxSafeInteger(),
);

/** Numbers as text, at and beyond the edges of the id columns and of JavaScript. */
const numericText = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '1e400',
    '2147483647',
    '2147483648',
    '99999999999',
    '9007199254740993',
    '-0',
    '0x10',
    '١٢',
    '1_000',
  ),
  edgeInteger.map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
);

const oddNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -1,
    -0,
    1.5,
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53 + 1,
    Number.MAX_SAFE_INTEGER,
    1e308,
    Number.MIN_VALUE,
    99_999_999_999,
  ),
  fc.integer({ min: 2 ** 31 - 3, max: 2 ** 31 + 3 }),
);

/** Any JSON value, with the odd strings and numbers above. */
const anyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    oddText,
    oddNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(oddText, fc.constantFrom('__proto__', 'constructor', 'prototype')), tie('value'), {
      maxKeys: 4,
    }),
  ),
})).value;

function propertyNames(schema: JsonSchema | undefined): string[] {
  if (!schema) return [];
  const names = new Set(Object.keys(schema.properties ?? {}));
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    for (const name of propertyNames(part)) names.add(name);
  return [...names];
}

/** A value for a known field: anything, with the edges that schemas most often forget weighted up. */
const fieldValue = fc.oneof(
  anyValue,
  edgeInteger,
  numericText,
  oddText,
  fc.constantFrom(1, '1', 'opened', 'draft', 'awarded', 'loaded'),
);

/** A JSON object that uses the route's own field names (so validation is reached) with odd values, and a few odd keys. */
function objectFor(op: Operation): fc.Arbitrary<Record<string, unknown>> {
  const names = propertyNames(op.bodySchema);
  const known = fc.record(Object.fromEntries(names.map((name) => [name, fieldValue])), { requiredKeys: [] });
  const extra = fc.dictionary(
    fc.oneof(oddText, fc.constantFrom('__proto__', 'constructor', 'id', 'owner_id')),
    anyValue,
    { maxKeys: 2 },
  );
  return fc.tuple(known, extra).map(([a, b]) => ({ ...b, ...a }));
}

type FormEntry = [string, string | { filename: string; data: Buffer; type: string }];

/** A generated body: plain bytes with a content type, or a multipart form to encode. */
type FuzzBody =
  | { kind: string; payload: string | undefined; contentType: string | undefined }
  | { kind: 'multipart'; entries: FormEntry[] };

const brokenJson = fc.constantFrom(
  '{',
  '{"a":}',
  "{'a': 1}",
  '{"a": 1,}',
  '[1, 2',
  '\ufeff{"a": 1}',
  'undefined',
  'NaN',
  '{"a": "\\ud800"}',
  '{"a": "\\u0000"}',
  '{"__proto__": {"polluted": true}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  '{"a": 1, "a": 2}',
  '\u0000',
  '"just a string"',
  '12',
  'null',
  '[]',
);

function jsonBody(op: Operation): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    objectFor(op).map((value) => ({
      payload: JSON.stringify(value),
      contentType: 'application/json',
      kind: 'json-object',
    })),
    anyValue.map((value) => ({
      payload: JSON.stringify(value) ?? 'null',
      contentType: 'application/json',
      kind: 'json-any',
    })),
    brokenJson.map((text) => ({ payload: text, contentType: 'application/json', kind: 'json-broken' })),
    fc.integer({ min: 1_000, max: 200_000 }).map((depth) => ({
      payload: '['.repeat(depth) + ']'.repeat(depth),
      contentType: 'application/json',
      kind: 'json-deep',
    })),
    fc.integer({ min: 1_000, max: 50_000 }).map((depth) => ({
      payload: '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
      contentType: 'application/json',
      kind: 'json-deep-object',
    })),
    fc.constant({ payload: `"${'x'.repeat(1024 * 1024 + 1)}"`, contentType: 'application/json', kind: 'oversized' }),
    fc
      .tuple(
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/xml',
          'multipart/form-data',
          'multipart/form-data; boundary=x',
          'application/json; charset=utf-16',
          'application/json; charset=latin1',
          'application/JSON',
          'application/json-patch+json',
          'image/png',
          ';;;',
          'application/octet-stream',
        ),
        fc.oneof(
          objectFor(op).map((value) => JSON.stringify(value)),
          oddText,
        ),
      )
      .map(([contentType, payload]) => ({ payload, contentType, kind: 'content-type' })),
    fc.constant({ payload: undefined, contentType: undefined, kind: 'no-body' }),
    fc.constant({ payload: '', contentType: 'application/json', kind: 'empty-json' }),
  );
}

function multipartBody(op: Operation): fc.Arbitrary<FuzzBody> {
  const names = propertyNames(op.bodySchema);
  const fieldName = names.length > 0 ? fc.oneof(fc.constantFrom(...names), oddText) : oddText;
  const entry: fc.Arbitrary<FormEntry> = fc.oneof(
    fc.tuple(
      fieldName,
      oddText.map((text) => text.slice(0, 20_000)),
    ),
    fc.tuple(
      fieldName,
      fc.record({
        filename: oddText.map((text) => text.slice(0, 400)),
        data: fc.oneof(
          fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
          oddText.map((text) => Buffer.from(text)),
        ),
        type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/svg+xml', 'application/octet-stream'),
      }),
    ),
  );
  const raw = (payload: string, contentType = 'multipart/form-data; boundary=x'): FuzzBody => ({
    kind: 'multipart-raw',
    payload,
    contentType,
  });
  return fc.oneof(
    fc.array(entry, { maxLength: 8 }).map((entries): FuzzBody => ({ kind: 'multipart', entries })),
    fc.constantFrom(
      raw('--x\r\nContent-Disposition: form-data; name="vehicle_name"\r\n\r\nA'),
      raw('not multipart at all', 'multipart/form-data; boundary=----z'),
      raw('--x--'),
      raw('--x\r\nContent-Disposition: form-data; name="registration"; filename="a.pdf"\r\n\r\n%PDF-'),
      raw('{"vehicle_name": "A"}', 'application/json'),
    ),
    jsonBody(op),
  );
}

const pathValue = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '1e3',
    '99999999999999999999',
    '2147483648',
    '9007199254740993',
    'NaN',
    'null',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '..%2f..%2f',
    '%00',
    '1%00',
    '%ED%A0%80',
    '%FF',
    '%',
    '%zz',
    '%20',
    '+1',
    '0x10',
    '%EF%BC%91',
    'YT-000001',
    'YT-000001%00',
    '%E2%80%AE1',
    'x'.repeat(201),
    'x'.repeat(5000),
  ),
  oddText.map((text) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')).slice(0, 400)),
  fc.integer().map(String),
  numericText,
);

const queryString = (op: Operation) =>
  fc.oneof(
    fc.constant(''),
    op.queryParams.length === 0
      ? fc.constant('')
      : fc
          .record(
            Object.fromEntries(
              op.queryParams.map((name) => [
                name,
                fc.oneof(numericText, oddText, fc.constantFrom('', 'opened', 'draft', 'Tashkent', 'unread')),
              ]),
            ),
            { requiredKeys: [] },
          )
          .map((values) => {
            const text = new URLSearchParams(
              Object.entries(values).map(([k, v]): [string, string] => [
                k,
                String(v)
                  .replace(/[\ud800-\udfff]/g, '?')
                  .slice(0, 10_000),
              ]),
            ).toString();
            return text ? `?${text}` : '';
          }),
    fc
      .array(
        fc.tuple(
          fc.oneof(
            op.queryParams.length > 0 ? fc.constantFrom(...op.queryParams) : oddText,
            fc.constantFrom('__proto__', 'constructor', '__proto__[polluted]', 'a[b]', 'limit[]', 'toString'),
          ),
          fc.oneof(oddText, numericText),
        ),
        { maxLength: 6 },
      )
      .map(
        (pairs) =>
          '?' +
          pairs
            .map(
              ([key, value]) =>
                `${encodeURIComponent(key.replace(/[\ud800-\udfff]/g, '?'))}=${encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '?')).slice(0, 10_000)}`,
            )
            .join('&'),
      ),
    fc.constantFrom(
      '?%',
      '?a=%zz',
      '?&&&==',
      '?id=1&id=2',
      '?tender_id=1e400',
      '?limit=-1',
      '?tab=__proto__',
      '?' + 'a=1&'.repeat(2000),
    ),
  );

/** Header values as a client may send them: HTTP allows only Latin-1 text in a header. */
const latin1 = fc.string({
  unit: fc.integer({ min: 0x20, max: 0xff }).map((code) => String.fromCharCode(code)),
  maxLength: 200,
});
const acceptLanguage = fc.oneof(
  fc.constantFrom(
    undefined,
    'en',
    'ru',
    'uz',
    '*',
    'xx',
    'uz;q=abc',
    ',,,;',
    'ru-RU,ru;q=0.9,en-US;q=0.8',
    'a'.repeat(20_000),
    'en;q=1e999',
  ),
  latin1,
);
const authorization = (token: string, otherToken: string) =>
  fc.oneof(
    fc.constant(`Bearer ${token}`),
    fc.constant(`Bearer ${otherToken}`),
    fc.constant(undefined),
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic Zm9vOmJhcg==',
      'Bearer a.b.c',
      'Bearer ....',
      `bearer  ${token}`,
      `Bearer ${token} extra`,
    ),
    fc.constant(`Bearer ${'A'.repeat(16_000)}`),
    latin1.map((text) => `Bearer ${text}`),
  );

// Values that follow the route's own schema (so requests pass validation and reach the handlers and the
// database), pushed to the edges of what the schema allows and one step beyond.

const dates = fc.constantFrom(
  '2000-01-01',
  '2099-12-31',
  '2024-02-29',
  '1999-12-31',
  '2100-01-01',
  '0000-01-01',
  '9999-12-31',
  '2026-13-01',
  new Date().toISOString().slice(0, 10),
);
const words = fc.constantFrom(
  'Tashkent',
  'Samarqand',
  'Boshqa',
  'Truck - tented',
  'Aviation',
  'YT-000001',
  'opened',
  'draft',
  'm3',
  'ton',
  'GPS',
  'Van',
  'Active',
  '+998901234567',
  'a@b.uz',
  'password-123',
);

function edgeNumbers(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : undefined);
  const max = schema.maximum;
  const edges = [0, 1, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 1, 99_999_999_999, 1.5, 0.001];
  if (min !== undefined) edges.push(min, min - 1);
  if (max !== undefined) edges.push(max, max + 1);
  return fc.oneof(fc.constantFrom(...edges), fc.integer({ min: min ?? -1000, max: Math.min(max ?? 100_000, 100_000) }));
}

function edgeStrings(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [words, numericText, oddText];
  if (schema.format === 'date' || name.endsWith('_date')) options.push(dates, dates, dates);
  if (schema.maxLength !== undefined)
    options.push(
      fc.constantFrom('a'.repeat(schema.maxLength), 'a'.repeat(schema.maxLength + 1), 'Ю'.repeat(schema.maxLength)),
    );
  if (schema.pattern) {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, 300)));
    } catch {
      // a pattern fast-check cannot invert (Unicode classes): the other options stand in
    }
  }
  return fc.oneof(...options);
}

/** Something that satisfies `schema` most of the time, with edges; the field name helps where the schema says little. */
function fromSchema(schema: JsonSchema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anyValue;
  if (schema.enum && schema.enum.length > 0)
    return fc.oneof(fc.constantFrom(...schema.enum), fc.constantFrom(...schema.enum), oddText);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives && alternatives.length > 0)
    return fc.oneof(...alternatives.map((part) => fromSchema(part, name, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => fromSchema({ ...schema, type }, name, depth + 1)));
  switch (types[0]) {
    case 'integer':
    case 'number':
      return edgeNumbers(schema);
    case 'string':
      return edgeStrings(schema, name);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(fromSchema(schema.items, name, depth + 1), { maxLength: 5 });
    case 'object': {
      const properties = Object.entries(schema.properties ?? {}).filter(([, part]) => part.format !== 'binary');
      const required = new Set(schema.required ?? []);
      return fc.record(Object.fromEntries(properties.map(([key, part]) => [key, fromSchema(part, key, depth + 1)])), {
        requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)),
      });
    }
    default:
      return anyValue;
  }
}

/** A request that follows the route's schema, with a real token and real ids most of the time. */
function schemaRequest(op: Operation) {
  const param = (name: string) =>
    fc.oneof(
      fromSchema(op.paramSchemas[name], name).map(String),
      fc.constantFrom(String(tender.id), String(vehicle.id), tender.number, '1'),
    );
  return fc.record({
    values: fc.tuple(...op.pathParams.map((name) => param(name))),
    query: fc
      .record(Object.fromEntries(op.queryParams.map((name) => [name, fromSchema(op.paramSchemas[name], name)])), {
        requiredKeys: [],
      })
      .map((values) => {
        const pairs = Object.entries(values).map(([key, value]): [string, string] => [
          key,
          String(value)
            .replace(/[\ud800-\udfff]/g, '?')
            .slice(0, 10_000),
        ]);
        return pairs.length > 0 ? `?${new URLSearchParams(pairs).toString()}` : '';
      }),
    body: op.bodyTypes.length > 0 ? fromSchema(op.bodySchema) : fc.constant(undefined),
    auth: fc.constantFrom(`Bearer ${carrier!.accessToken}`, `Bearer ${owner!.accessToken}`),
  });
}

interface FuzzRequest {
  op: Operation;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  kind: string;
}

async function requestsFor(op: Operation, seed: number, count: number): Promise<FuzzRequest[]> {
  const bodyArb: fc.Arbitrary<FuzzBody> =
    op.bodyTypes[0] === 'multipart/form-data'
      ? multipartBody(op)
      : op.bodyTypes.length > 0 || op.method !== 'GET'
        ? jsonBody(op)
        : fc.oneof(
            fc.constant<FuzzBody>({ payload: undefined, contentType: undefined, kind: 'no-body' }),
            jsonBody(op),
          );
  const arb = fc.record({
    values: fc.array(fc.oneof(pathValue, fc.constantFrom(String(tender.id), String(vehicle.id), tender.number, '1')), {
      minLength: op.pathParams.length,
      maxLength: op.pathParams.length,
    }),
    query: queryString(op),
    body: bodyArb,
    language: acceptLanguage,
    auth: authorization(carrier!.accessToken, owner!.accessToken),
    head: fc.boolean(),
  });
  const structured = fc.sample(schemaRequest(op), { seed: seed + 1_000_000, numRuns: Math.ceil(count / 2) });
  const following = await Promise.all(
    structured.map(async (sample): Promise<FuzzRequest> => {
      let index = 0;
      const path = op.path.replace(/\{\w+\}/g, () =>
        encodeURIComponent((sample.values[index++] ?? '1').replace(/[\ud800-\udfff]/g, '?')),
      );
      const headers: Record<string, string> = { authorization: sample.auth };
      let payload: string | Buffer | undefined;
      if (op.bodyTypes[0] === 'multipart/form-data' && sample.body && typeof sample.body === 'object') {
        const entries = Object.entries(sample.body as Record<string, unknown>).map(([key, value]): FormEntry => [
          key,
          (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')).replace(/[\ud800-\udfff]/g, '?'),
        ]);
        const form = await multipart(entries);
        payload = form.payload;
        headers['content-type'] = form.headers['content-type'] ?? '';
      } else if (sample.body !== undefined) {
        payload = JSON.stringify(sample.body);
        headers['content-type'] = 'application/json';
      }
      return { op, method: op.method, url: path + sample.query, headers, payload, kind: 'schema' };
    }),
  );
  const samples = fc.sample(arb, { seed, numRuns: count - following.length });
  const chaotic = await Promise.all(
    samples.map(async (sample): Promise<FuzzRequest> => {
      let index = 0;
      const path = op.path.replace(/\{\w+\}/g, () => sample.values[index++] ?? '1');
      const headers: Record<string, string> = {};
      if (sample.language !== undefined) headers['accept-language'] = sample.language;
      if (sample.auth !== undefined) headers.authorization = sample.auth;
      let payload: string | Buffer | undefined;
      const body = sample.body;
      if ('entries' in body) {
        const form = await multipart(
          body.entries.map(([name, value]): FormEntry => [name.replace(/[\ud800-\udfff]/g, '?'), value]),
        );
        payload = form.payload;
        headers['content-type'] = form.headers['content-type'] ?? '';
      } else {
        payload = body.payload;
        if (body.contentType) headers['content-type'] = body.contentType;
      }
      const kind = body.kind;
      const method = op.method === 'GET' && sample.head ? 'HEAD' : op.method;
      return { op, method, url: path + sample.query, headers, payload: method === 'HEAD' ? undefined : payload, kind };
    }),
  );
  return [...following, ...chaotic];
}

// ---------------------------------------------------------------------------------------------------

interface Finding {
  request: string;
  status: number;
  body: string;
}

async function send(request: FuzzRequest): Promise<{ status: number; body: string }> {
  if (isStreamOperation(request.op)) {
    // a stream that opens never ends by itself: read its head over a socket, then hang up
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), 5_000);
    try {
      const res = await fetch(`${address}${request.url}`, {
        method: request.method,
        headers: request.headers,
        signal: controller.signal,
        ...(request.payload !== undefined && request.method !== 'GET' && request.method !== 'HEAD'
          ? { body: request.payload }
          : {}),
      });
      const streaming = (res.headers.get('content-type') ?? '').includes('text/event-stream');
      const body = streaming ? '' : await res.text();
      controller.abort();
      return { status: res.status, body };
    } catch (error) {
      // fetch itself refuses some of what the fuzz makes (odd header text): nothing reached the server
      if (error instanceof TypeError) return { status: 0, body: '' };
      // no answer at all within the time: a hang, counted like a 5xx
      if (error instanceof Error && error.name === 'AbortError') return { status: 599, body: 'no answer within 5 s' };
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.url,
    headers: request.headers,
    ...(request.payload !== undefined ? { payload: request.payload } : {}),
  };
  const res = await app.inject(options);
  return { status: res.statusCode, body: res.body };
}

it(
  'bad-input fuzz: no 5xx, no stack trace or SQL in any answer, every error in the product shape',
  async () => {
    const operations = await listOperations(app);
    expect(operations.length).toBeGreaterThan(20);
    let requests = 0;
    let skipped = 0;
    const fiveXx: Finding[] = [];
    const stackTraces: Finding[] = [];
    const sqlText: Finding[] = [];
    const badShape: Finding[] = [];
    for (const [index, op] of operations.entries()) {
      const batch = await requestsFor(op, SEED + index, PER_OPERATION);
      for (const request of batch) {
        const { status, body } = await send(request);
        if (status === 0) {
          skipped += 1;
          continue;
        }
        requests += 1;
        const sent = `${request.url} ${String(request.payload ?? '').slice(0, 100_000)} ${JSON.stringify(request.headers)}`;
        const label = `${request.method} ${request.url.slice(0, 200)} [${request.kind}] ${String(request.payload ?? '').slice(0, 200)}`;
        const finding = { request: label, status, body: body.slice(0, 500) };
        if (status >= 500) fiveXx.push(finding);
        const leaked = leaks(body, sent);
        if (leaked.stack) stackTraces.push(finding);
        if (leaked.sql) sqlText.push(finding);
        if (status >= 400 && request.method !== 'HEAD' && !isErrorShape(body)) badShape.push(finding);
      }
    }
    printFigure('bad-input fuzz', {
      seed: SEED,
      requests,
      '5xx': fiveXx.length,
      stack_traces: stackTraces.length,
      sql_in_answers: sqlText.length,
      wrong_error_shape: badShape.length,
      refused_by_client: skipped,
    });
    expect(fiveXx.slice(0, 20)).toEqual([]);
    expect(stackTraces.slice(0, 5)).toEqual([]);
    expect(sqlText.slice(0, 5)).toEqual([]);
    expect(badShape.slice(0, 20)).toEqual([]);
  },
  size(60_000, 900_000),
);

/** A raw request over a socket, for what a client library would refuse to send; resolves with the whole answer. */
function rawExchange(text: string): Promise<string> {
  const url = new URL(address);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

it('what the fuzz found stays fixed: each answers 4xx in the error shape', async () => {
  const token = carrier.accessToken;
  const ownerToken = owner.accessToken;
  const cases: Array<[string, InjectOptions, number, string]> = [
    ['NUL in a path parameter', { method: 'GET', url: '/api/shipments/YT-000001%00' }, 400, 'number'],
    ['NUL in a tracking link', { method: 'GET', url: '/api/track/abc%00def' }, 400, 'token'],
    ['NUL in a filter', { method: 'GET', url: '/api/vehicles/user?licensePlate=01%00A' }, 400, 'licensePlate'],
    [
      'NUL in a login e-mail',
      { method: 'POST', url: apiPaths.users.login, payload: { email: 'a\u0000@b.uz', password: 'password-1' } },
      400,
      'email',
    ],
    [
      'a lone surrogate in a name',
      {
        method: 'POST',
        url: apiPaths.users.register,
        payload: {
          first_name: 'A\ud800',
          last_name: 'B',
          email: 'lone@example.uz',
          phone_number: '+998901234567',
          password: 'password-1',
        },
      },
      400,
      'first_name',
    ],
    [
      'an id beyond the id column (bids filter)',
      { method: 'GET', url: '/api/bids/me?tender_id=2147483648' },
      400,
      'tender_id',
    ],
    [
      'an id beyond the id column (notifications page)',
      { method: 'GET', url: '/api/notifications?before=99999999999' },
      400,
      'before',
    ],
    [
      'an id beyond the id column (award)',
      { method: 'POST', url: pathTo(apiPaths.tenders.award, { id: tender.id }), payload: { bid_id: 2_147_483_648 } },
      400,
      'bid_id',
    ],
  ];
  for (const [label, options, status, field] of cases) {
    const auth = label.includes('award') ? ownerToken : token;
    // from an address of its own: the fuzz above has used up the login and sign-up limits of its address
    const res = await app.inject({
      ...options,
      remoteAddress: '192.0.2.77',
      headers: { authorization: `Bearer ${auth}` },
    });
    expect(res.statusCode, label).toBe(status);
    expect(res.json(), label).toMatchObject({ code: 'VALIDATION_FAILED', fields: { [field]: expect.any(String) } });
  }

  // a NUL in the shipment of a proof of delivery, whose form is read before the checks: refused, never sent to SQL
  const proof = await api(app, {
    method: 'POST',
    url: '/api/shipments/%00/proof',
    token,
    headers: { 'content-type': 'application/json' },
    payload: '{"vehicle_name": "A"}',
  });
  expect(proof.statusCode).toBe(415);
  expect(isErrorShape(proof.body)).toBe(true);

  // HEAD on a live stream answers its head and ends, instead of holding the connection open
  for (const path of [pathTo(apiPaths.tenders.events, { id: tender.id }), '/api/notifications/stream']) {
    const res = await fetch(`${address}${path}`, {
      method: 'HEAD',
      headers: { authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
  }

  // what Node's HTTP parser refuses before any route: the product's shape, not the framework's
  const tooLarge = await rawExchange(`GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
  expect(tooLarge).toMatch(/^HTTP\/1\.1 431 /);
  expect(tooLarge).toContain('"code":"HEADERS_TOO_LARGE"');
  expect(tooLarge).toContain('x-content-type-options: nosniff');
  const garbage = await rawExchange('NOT A REQUEST\r\n\r\n');
  expect(garbage).toMatch(/^HTTP\/1\.1 400 /);
  expect(isErrorShape(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toBe(true);
});
