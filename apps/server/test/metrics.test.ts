import { describe, expect, it } from 'vitest';
import { apiPaths, pathTo } from '@yuk/shared';
import { DEFAULT_QUOTAS } from '../src/modules/quotas/index.js';
import { BALANCER_RESENDS_HEADER, createReadiness } from '../src/modules/health/index.js';
import { freePort } from '../../../scripts/free-port.mjs';
import { createTender, createUser, runSchedule, setTenderClose } from './factories/index.js';
import { api, buildTestApp, engine, sql } from './helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** The value of one series in a Prometheus text answer (undefined: absent). */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(\{([^}]*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = (match[3] ?? '').split(',');
    if (wanted.every((label) => have.includes(label))) return Number(match[4]);
  }
  return undefined;
}

async function scrape(app: Awaited<ReturnType<typeof buildTestApp>>['app']) {
  const res = await api(app, { method: 'GET', url: '/metrics', token: TOKEN });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/plain');
  return res.body;
}

describe('GET /metrics', () => {
  it('is not served without METRICS_TOKEN (404), and refuses a request without the token (401)', async () => {
    const off = await buildTestApp();
    expect((await off.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);

    const { app } = await buildTestApp({ metrics: { token: TOKEN } });
    for (const authorization of [undefined, 'Bearer wrong-token', TOKEN, `Bearer ${TOKEN}x`, `Basic ${TOKEN}`]) {
      const res = await app.inject({
        method: 'GET',
        url: '/metrics',
        headers: authorization ? { authorization, 'accept-language': 'en' } : { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'NOT_AUTHENTICATED' });
      expect(res.body).not.toContain('yuk_');
    }
    // not part of the API document
    const docs = await app.inject({ method: 'GET', url: apiPaths.docsJson });
    expect(Object.keys(docs.json<{ paths: Record<string, unknown> }>().paths)).not.toContain('/metrics');
  });

  it('counts requests by route pattern, bids by outcome and reason, tenders, quota refusals; reads the backlogs at scrape time', async () => {
    const bidsPerMinute = 3;
    const { app, database } = await buildTestApp({
      metrics: { token: TOKEN },
      quotas: {
        ...DEFAULT_QUOTAS,
        bids: { ...DEFAULT_QUOTAS.bids, windows: [{ seconds: 60, max: bidsPerMinute }] },
      },
    });
    const before = await scrape(app);
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { initial_price: 5000 });
    const bidUrl = pathTo(apiPaths.tenders.bids, { id: tender.id });
    expect(
      (await api(app, { method: 'POST', url: bidUrl, token: carrier.accessToken, payload: { bid_amount: 4000 } }))
        .statusCode,
    ).toBe(201);
    // not lower than the minimum: refused with its code
    expect(
      (await api(app, { method: 'POST', url: bidUrl, token: carrier.accessToken, payload: { bid_amount: 4500 } }))
        .statusCode,
    ).toBe(409);
    // over the minute's quota
    await api(app, { method: 'POST', url: bidUrl, token: carrier.accessToken, payload: { bid_amount: 3000 } });
    const limited = await api(app, {
      method: 'POST',
      url: bidUrl,
      token: carrier.accessToken,
      payload: { bid_amount: 2000 },
    });
    expect(limited.statusCode).toBe(429);
    // a route nobody registered, twice, with different paths
    await app.inject({ method: 'GET', url: '/api/no-such-thing/12345' });
    await app.inject({ method: 'GET', url: '/api/no-such-thing/67890' });
    // an outbox message due a minute ago and not sent; a deadline due a minute ago and not run
    const nowMs = Date.now();
    await database.db
      .insertInto('outbox')
      .values({
        user_id: null,
        channel: 'email',
        kind: 'password_reset',
        params: '{}',
        link: '',
        target_id: null,
        idempotency_key: `metrics-${nowMs}`,
        next_attempt_ms: nowMs - 60_000,
        last_error: null,
        created_at: new Date(nowMs - 60_000).toISOString(),
        sent_at: null,
        address: 'someone@example.uz',
      })
      .execute();
    await setTenderClose(database, tender.id, nowMs - 60_000);

    const text = await scrape(app);
    const delta = (name: string, labels: Record<string, string> = {}) =>
      (valueOf(text, name, labels) ?? 0) - (valueOf(before, name, labels) ?? 0);
    const bidRoute = { route: apiPaths.tenders.bids, method: 'POST' };
    expect(delta('yuk_http_requests_total', { ...bidRoute, status: '201' })).toBe(2);
    expect(delta('yuk_http_requests_total', { ...bidRoute, status: '409' })).toBe(1);
    expect(delta('yuk_http_requests_total', { route: 'unmatched', method: 'GET', status: '404' })).toBe(2);
    expect(delta('yuk_http_request_duration_seconds_count', bidRoute)).toBe(4);
    expect(delta('yuk_bids_total', { outcome: 'accepted' })).toBe(2);
    expect(delta('yuk_bids_total', { outcome: 'refused', reason: 'BID_NOT_LOWER' })).toBe(1);
    expect(delta('yuk_bids_total', { outcome: 'refused', reason: 'RATE_LIMITED' })).toBe(1);
    expect(delta('yuk_quota_refusals_total', { quota: 'bids' })).toBe(1);
    expect(delta('yuk_tenders_total', { event: 'opened' })).toBe(1);
    expect(valueOf(text, 'yuk_outbox_waiting', { channel: 'email' })).toBe(1);
    expect(valueOf(text, 'yuk_outbox_oldest_due_seconds', { channel: 'email' })).toBeGreaterThanOrEqual(60);
    expect(valueOf(text, 'yuk_deadlines_due')).toBeGreaterThanOrEqual(1);
    expect(valueOf(text, 'yuk_deadline_overdue_seconds')).toBeGreaterThanOrEqual(60);
    expect(valueOf(text, 'yuk_live_streams_open')).toBe(0);
    expect(valueOf(text, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(text, 'nodejs_heap_size_used_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_gc_duration_seconds');
    if (engine === 'postgres') {
      expect(valueOf(text, 'yuk_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
    }
    // bounded labels: no raw path, no id
    expect(text).not.toContain('no-such-thing');
    expect(text).not.toContain(`/api/tenders/${tender.id}/`);

    // the deadline runs: closed, and the lateness of the last run is reported
    await runSchedule(database);
    const after = await scrape(app);
    expect(
      (valueOf(after, 'yuk_tenders_total', { event: 'closed' }) ?? 0) -
        (valueOf(text, 'yuk_tenders_total', { event: 'closed' }) ?? 0),
    ).toBe(1);
    expect(valueOf(after, 'yuk_deadline_last_lag_seconds')).toBeGreaterThanOrEqual(60);
  });

  it('is served without a token on METRICS_PORT of 127.0.0.1', async () => {
    const port = await freePort();
    const { app } = await buildTestApp({ metrics: { port } });
    const res = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('yuk_deadlines_due');
    expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    // the app's own port does not serve it then
    expect((await app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  it('live answers while the process does; ready only once started, and not while draining', async () => {
    const readiness = createReadiness('starting');
    const { app } = await buildTestApp({ readiness });
    expect((await app.inject({ method: 'GET', url: apiPaths.healthLive })).json()).toEqual({ status: 'live' });
    const starting = await app.inject({
      method: 'GET',
      url: apiPaths.healthReady,
      headers: { 'accept-language': 'en' },
    });
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    readiness.state = 'ready';
    const ready = await app.inject({ method: 'GET', url: apiPaths.healthReady });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    readiness.state = 'draining';
    expect((await app.inject({ method: 'GET', url: apiPaths.healthReady })).statusCode).toBe(503);
    // the overall check is unchanged meanwhile
    expect((await app.inject({ method: 'GET', url: apiPaths.health })).json()).toEqual({
      status: 'ok',
      database: 'ok',
      redis: 'off',
    });
  });

  it('while draining, what the balancer resends is refused before any work; a POST is still served', async () => {
    const readiness = createReadiness('ready');
    const { app } = await buildTestApp({ readiness });
    const owner = await createUser(app);
    const carrier = await createUser(app);
    const tender = await createTender(app, owner.accessToken, { initial_price: 5000 });
    const bidUrl = pathTo(apiPaths.tenders.bids, { id: tender.id });
    const resends = { [BALANCER_RESENDS_HEADER]: 'idempotent', 'accept-language': 'en' };
    const list = { method: 'GET' as const, url: apiPaths.tenders.all, token: owner.accessToken, headers: resends };
    expect((await api(app, list)).statusCode).toBe(200);
    readiness.state = 'draining';
    const refused = await api(app, list);
    expect(refused.statusCode).toBe(503);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.json()).toMatchObject({
      code: 'INSTANCE_DRAINING',
      error: 'This server is restarting: send the request again',
    });
    // a bid (never resent by nginx) is placed; a client without the balancer's header is served; the checks answer
    const placed = await api(app, {
      method: 'POST',
      url: bidUrl,
      token: carrier.accessToken,
      payload: { bid_amount: 4000 },
      headers: resends,
    });
    expect(placed.statusCode).toBe(201);
    expect((await api(app, { ...list, headers: { 'accept-language': 'en' } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: apiPaths.healthLive, headers: resends })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: apiPaths.health, headers: resends })).statusCode).toBe(200);
    // another value of the header is not the promise to resend
    expect((await api(app, { ...list, headers: { [BALANCER_RESENDS_HEADER]: 'yes' } })).statusCode).toBe(200);
  });

  it('ready answers 503 while a migration of this version has not run, and when the database is gone', async () => {
    const { app, database } = await buildTestApp();
    await sql`delete from kysely_migration where name = '045-backups'`.execute(database.db);
    expect((await app.inject({ method: 'GET', url: apiPaths.healthReady })).statusCode).toBe(503);
    await sql`insert into kysely_migration (name, timestamp) values ('045-backups', ${new Date().toISOString()})`.execute(
      database.db,
    );
    expect((await app.inject({ method: 'GET', url: apiPaths.healthReady })).statusCode).toBe(200);
    await database.close();
    expect((await app.inject({ method: 'GET', url: apiPaths.healthReady })).statusCode).toBe(503);
    expect((await app.inject({ method: 'GET', url: apiPaths.healthLive })).statusCode).toBe(200);
  });
});
