import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { REFRESH_COOKIE_NAME, type AuthTokens, type Tender, type Vehicle, apiPaths, pathTo } from '@yuk/shared';
import { api, buildTestApp, urlOf } from '../helpers.js';
import { buildRegisterInput } from '../factories/index.js';
import { buildTenderInput } from '../factories/index.js';
import { pdfFile, sendVehicleForm, vehicleFields } from '../factories/index.js';
import { HTTP_METHODS, listOperations, printFigure } from './support.js';

/**
 * Headers and logs (ASVS 14.4, 7.1): every answer of the API, the docs and the web app carries the security
 * headers, with a Content-Security-Policy that lets no inline script run; and the server's own log, captured
 * during a session of real calls, holds none of the passwords, tokens, cookies or signed-link signatures used.
 */
const logLines: string[] = [];
const logStream = { write: (line: string) => void logLines.push(line) };
const { app, database } = await buildTestApp({ logLevel: 'trace', logStream });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

type Headers = Record<string, string | string[] | number | undefined>;

/** The directives of a Content-Security-Policy header. */
function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name.toLowerCase(), values]),
  );
}

/** The headers this answer lacks (an empty list when it has them all). */
function missingHeaders(headers: Headers): string[] {
  const missing: string[] = [];
  const csp = String(headers['content-security-policy'] ?? '');
  const policy = directives(csp);
  const scripts = policy.get('script-src') ?? policy.get('default-src');
  if (!csp) missing.push('content-security-policy');
  else if (!scripts) missing.push('csp: no script-src or default-src');
  else if (
    scripts.some((value) => ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:'].includes(value))
  )
    missing.push(`csp: unsafe script-src ${scripts.join(' ')}`);
  else if (!(scripts.includes("'self'") || scripts.includes("'none'")))
    missing.push(`csp: script-src neither 'self' nor 'none'`);
  if (headers['x-content-type-options'] !== 'nosniff') missing.push('x-content-type-options');
  if (!headers['x-frame-options'] && !policy.has('frame-ancestors')) missing.push('x-frame-options or frame-ancestors');
  if (!headers['referrer-policy']) missing.push('referrer-policy');
  if (!String(headers['strict-transport-security'] ?? '').includes('max-age='))
    missing.push('strict-transport-security');
  if (!headers['cross-origin-opener-policy']) missing.push('cross-origin-opener-policy');
  return missing;
}

const answers: Array<{ label: string; status: number; headers: Headers }> = [];
const record = (label: string, res: { statusCode: number; headers: Headers }) => {
  answers.push({ label, status: res.statusCode, headers: res.headers });
  return res;
};
const call = async (options: Parameters<typeof api>[1]): Promise<LightMyRequestResponse> =>
  record(`${options.method} ${urlOf(options)}`, await api(app, options)) as LightMyRequestResponse;

/** A raw request over a socket, for what inject cannot send (headers beyond Node's limit). */
function rawRequest(head: string): Promise<{ statusCode: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const url = new URL(address);
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: 'GET', path: apiPaths.users.me, headers: { 'x-big': head } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

it('headers and logs: every answer carries the security headers; the log holds no secret', async () => {
  const secrets: Record<string, string> = {};
  const keep = (label: string, value: string | undefined) => {
    if (!value) return;
    secrets[label] = value;
    // a token cut short or re-encoded still leaks its signature: look for that too
    const parts = value.split('.');
    if (parts.length === 3 && parts[2]) secrets[`${label} (signature)`] = parts[2];
  };

  // a session of real calls, with known passwords and tokens
  const input = buildRegisterInput({ password: `Pa55-${Date.now()}-secret` });
  keep('password', input.password);
  await call({ method: 'POST', url: apiPaths.users.register, payload: input });
  const login = await call({
    method: 'POST',
    url: apiPaths.users.login,
    payload: { email: input.email, password: input.password },
  });
  const first = login.json<AuthTokens>();
  keep('access token', first.accessToken);
  keep('refresh token', first.refreshToken);
  keep('refresh cookie', login.cookies.find((c) => c.name === REFRESH_COOKIE_NAME)?.value);
  for (const [i, wrong] of ['wrong-horse-battery-1', 'Wr0ng!Password?2', 'пароль-неверный-3'].entries()) {
    keep(`wrong password ${i}`, wrong);
    await call({
      method: 'POST',
      url: apiPaths.users.login,
      payload: { email: i === 2 ? 'nobody@example.uz' : input.email, password: wrong },
    });
  }
  const tooLong = `too-long-${'x'.repeat(1100)}`;
  keep('refused password', tooLong);
  await call({ method: 'POST', url: apiPaths.users.login, payload: { email: input.email, password: tooLong } });
  await call({ method: 'GET', url: apiPaths.users.me, token: first.accessToken });
  const refreshed = (
    await call({ method: 'POST', url: apiPaths.users.refresh, payload: { refreshToken: first.refreshToken } })
  ).json<AuthTokens>();
  keep('rotated access token', refreshed.accessToken);
  keep('rotated refresh token', refreshed.refreshToken);
  const viaCookie = await call({
    method: 'POST',
    url: apiPaths.users.refresh,
    cookies: { [REFRESH_COOKIE_NAME]: refreshed.refreshToken },
  });
  const third = viaCookie.json<AuthTokens>();
  keep('cookie-rotated access token', third.accessToken);
  keep('cookie-rotated refresh token', third.refreshToken);
  const tender = (
    await call({
      method: 'POST',
      url: apiPaths.tenders.collection,
      token: third.accessToken,
      payload: buildTenderInput(),
    })
  ).json<Tender>();

  const carrierInput = buildRegisterInput({ password: `Carrier-${Date.now()}-pw` });
  keep('carrier password', carrierInput.password);
  await call({ method: 'POST', url: apiPaths.users.register, payload: carrierInput });
  const carrier = (
    await call({
      method: 'POST',
      url: apiPaths.users.login,
      payload: { email: carrierInput.email, password: carrierInput.password },
    })
  ).json<AuthTokens>();
  keep('carrier access token', carrier.accessToken);
  keep('carrier refresh token', carrier.refreshToken);
  await call({
    method: 'POST',
    url: pathTo(apiPaths.tenders.bids, { id: tender.id }),
    token: carrier.accessToken,
    payload: { bid_amount: 1200 },
  });
  await call({ method: 'GET', url: pathTo(apiPaths.tenders.bids, { id: tender.id }), token: third.accessToken });
  await call({ method: 'GET', url: apiPaths.bids.mine, token: carrier.accessToken });

  // a document and its signed link
  const vehicleRes = await sendVehicleForm(app, {
    token: carrier.accessToken,
    fields: vehicleFields(),
    files: { registration: pdfFile() },
  });
  record('POST /api/vehicles', vehicleRes);
  const link = vehicleRes.json<Vehicle>().documents.registration ?? '';
  keep('signed link signature', new URL(link, 'http://x').searchParams.get('sig') ?? undefined);
  await call({ method: 'GET', url: link });

  // mistakes a client can make: a token in the URL, a forged token, a token in a cookie
  await call({
    method: 'GET',
    url: `${apiPaths.users.me}?token=${third.accessToken}&access_token=${carrier.accessToken}`,
  });
  const forged = `${third.accessToken.split('.').slice(0, 2).join('.')}.forged-signature-0123456789abcdefghijklmnopqr`;
  keep('forged token', forged);
  await call({ method: 'GET', url: apiPaths.users.me, headers: { authorization: `Bearer ${forged}` } });
  await call({ method: 'GET', url: apiPaths.users.me, headers: { cookie: `accessToken=${carrier.accessToken}` } });
  await call({ method: 'POST', url: apiPaths.users.logout, payload: { refreshToken: third.refreshToken } });
  await call({ method: 'POST', url: apiPaths.users.logout, cookies: { [REFRESH_COOKIE_NAME]: carrier.refreshToken } });

  // every documented route and verb, with and without a token: 2xx and 4xx answers alike
  const operations = await listOperations(app);
  for (const op of operations) {
    if (/\/(events|stream)$/.test(op.path)) continue;
    const url = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      name === 'number' ? tender.number : String(tender.id),
    );
    for (const token of [undefined, carrier.accessToken]) {
      await call({
        method: op.method,
        url,
        ...(token ? { token } : {}),
        ...(op.method === 'GET' ? {} : { payload: {} }),
      });
    }
  }
  for (const method of HTTP_METHODS) await call({ method, url: '/api/no-such-route' });
  await call({
    method: 'POST',
    url: apiPaths.users.login,
    headers: { 'content-type': 'application/json' },
    payload: '{"broken',
  });
  await call({ method: 'POST', url: apiPaths.users.login, headers: { 'content-type': 'text/xml' }, payload: '<a/>' });
  await call({ method: 'GET', url: '/api/docs' });
  await call({ method: 'GET', url: apiPaths.docsJson });
  // over a socket: an event stream's head, and headers beyond the limit
  for (const path of [pathTo(apiPaths.tenders.events, { id: tender.id }), '/api/notifications/stream']) {
    const controller = new AbortController();
    const res = await fetch(`${address}${path}`, {
      headers: { authorization: `Bearer ${carrier.accessToken}` },
      signal: controller.signal,
    });
    record(`GET ${path} (stream)`, { statusCode: res.status, headers: Object.fromEntries(res.headers) });
    controller.abort();
  }
  record('headers too large', await rawRequest('x'.repeat(20_000)));

  // the server's own error path: the database goes away under a signed-in request
  await database.db.destroy();
  await call({
    method: 'GET',
    url: apiPaths.users.me,
    headers: {
      authorization: `Bearer ${carrier.accessToken}`,
      cookie: `${REFRESH_COOKIE_NAME}=${carrier.refreshToken}`,
    },
  });
  await call({ method: 'GET', url: apiPaths.health, headers: { authorization: `Bearer ${carrier.accessToken}` } });

  // the web app, when it is built
  const webDist = fileURLToPath(new URL('../../../web/dist', import.meta.url));
  let pages = 'web app not built: pages not checked';
  let inlineScripts = 0;
  if (existsSync(`${webDist}/index.html`)) {
    const web = await buildTestApp({ webDist });
    const assets = existsSync(`${webDist}/assets`)
      ? readdirSync(`${webDist}/assets`)
          .slice(0, 3)
          .map((name) => `/assets/${name}`)
      : [];
    const paths = [
      '/',
      '/tenders',
      '/tender/1',
      '/orders/create',
      '/vehicles/edit/1',
      '/no-such-page',
      '/favicon.svg',
      ...assets,
    ];
    for (const path of paths) record(`GET ${path} (web)`, await web.app.inject({ method: 'GET', url: path }));
    const html = readFileSync(`${webDist}/index.html`, 'utf8');
    inlineScripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].filter(
      ([, attributes = '', body = '']) => !/\bsrc=/.test(attributes) && body.trim() !== '',
    ).length;
    pages = `${paths.length} checked`;
    await web.close();
  }

  const missing = answers.flatMap((answer) =>
    missingHeaders(answer.headers).map((what) => `${answer.label} → ${answer.status}: ${what}`),
  );
  const log = logLines.join('');
  const found = Object.entries(secrets).filter(([, value]) => log.includes(value));
  const statuses = new Set(answers.map((answer) => Math.floor(answer.status / 100)));

  printFigure('headers and logs', {
    answers: answers.length,
    missing_headers: missing.length,
    web_pages: pages.replaceAll(' ', '_'),
    inline_scripts_in_index: inlineScripts,
    log_lines: logLines.length,
    secrets_searched: Object.keys(secrets).length,
    secrets_in_logs: found.length,
  });
  expect(missing).toEqual([]);
  expect(found.map(([label]) => label)).toEqual([]);
  expect(inlineScripts).toBe(0);
  // the capture is real: the log holds the requests (their methods and paths) and the server error
  expect(log).toContain(apiPaths.users.login);
  expect(log).toContain('unhandled error');
  expect([...statuses]).toEqual(expect.arrayContaining([2, 4, 5]));
}, 120_000);
