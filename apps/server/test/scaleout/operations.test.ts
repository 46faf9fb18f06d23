import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths, pathTo, type AuthTokens, type Tender } from '@yuk/shared';
import { buildRegisterInput, buildTenderInput } from '../factories/index.js';
import { freePort, startCluster, type Cluster } from './cluster.js';

/**
 * Running it in production, on two instances behind nginx: a rolling restart drops no request, and a real
 * Prometheus (Debian's package) scrapes both with deploy/prometheus's configuration and reads every series.
 */
const METRICS_TOKEN = 'scaleout-metrics-token-0123456789';
const deployDir = fileURLToPath(new URL('../../../../deploy/prometheus/', import.meta.url));

function binary(name: string): string | undefined {
  for (const dir of ['/usr/bin', '/usr/local/bin', '/usr/sbin']) {
    if (existsSync(join(dir, name))) return join(dir, name);
  }
  return undefined;
}
const prometheusBinary = binary('prometheus');
const promtoolBinary = binary('promtool');
if (!prometheusBinary) {
  console.warn('prometheus is not installed (apt-get install prometheus): the Prometheus tests are skipped here');
}

let cluster: Cluster;
beforeAll(async () => {
  // the bids of the load are many for a few carriers: the quota is not what these tests are about
  cluster = await startCluster(2, { env: { METRICS_TOKEN, QUOTA_BIDS: 'off', LOG_LEVEL: 'error' } });
});
afterAll(async () => {
  await cluster?.stop();
});

async function call<T>(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${cluster.nginxUrl}${path}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T,
  };
}

async function signUp() {
  const input = buildRegisterInput();
  expect((await call('POST', apiPaths.users.register, input)).status).toBe(201);
  const login = await call<AuthTokens>('POST', apiPaths.users.login, { email: input.email, password: input.password });
  expect(login.status).toBe(200);
  return login.body;
}

/** Carriers bidding lower and lower on tenders of their own, and readers of the list, until `stop`. */
async function load(carriers: number) {
  const owner = await signUp();
  const bidders = await Promise.all(Array.from({ length: carriers }, () => signUp()));
  const tenders = await Promise.all(
    bidders.map(
      async () =>
        (
          await call<Tender>(
            'POST',
            apiPaths.tenders.collection,
            buildTenderInput({ initial_price: 900_000 }),
            owner.accessToken,
          )
        ).body,
    ),
  );
  const outcomes: { what: string; status: number }[] = [];
  let running = true;
  const workers = [
    ...bidders.map(async (bidder, i) => {
      let amount = 890_000;
      while (running) {
        const placed = await call(
          'POST',
          pathTo(apiPaths.tenders.bids, { id: tenders[i]!.id }),
          { bid_amount: amount },
          bidder.accessToken,
        );
        outcomes.push({ what: 'bid', status: placed.status });
        amount -= 1; // a quiet machine places tens of thousands of bids in the test: never below zero
      }
    }),
    ...[0].map(async () => {
      while (running) {
        outcomes.push({
          what: 'list',
          status: (await call('GET', `${apiPaths.tenders.all}?page=1`, undefined, owner.accessToken)).status,
        });
      }
    }),
  ];
  return {
    outcomes,
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

describe('a rolling restart behind nginx', () => {
  // A POST that nginx has sent is never sent again: the instance must not drop a connection that may carry one
  // (stop-accepting.ts). The load runs long enough for a few thousand requests across both restarts.
  it(
    'restarting each of the two instances in turn (SIGTERM, drain, start) fails no request',
    { timeout: 120_000 },
    async () => {
      const traffic = await load(3);
      await new Promise((r) => setTimeout(r, 500));
      // told to stop, the instance still answers, and says it is not ready
      const restarting = cluster.restart(0);
      let draining = false;
      while (!draining) {
        const ready = await fetch(`${cluster.instanceUrls[0]}${apiPaths.healthReady}`).catch(() => undefined);
        if (ready === undefined) break; // the port has closed: the drain is over
        draining = ready.status === 503;
      }
      await restarting;
      expect(draining).toBe(true);
      // nginx tries the restarted instance again once its fail_timeout (10 s) has passed: until then the other
      // one is all there is, and an operator waits as long before restarting it (docs/operations.md)
      await new Promise((r) => setTimeout(r, 11_000));
      await cluster.restart(1);
      await new Promise((r) => setTimeout(r, 500));
      await traffic.stop();
      const failed = traffic.outcomes.filter((o) => !(o.what === 'bid' ? [201] : [200]).includes(o.status));
      expect(failed, `${failed.length} of ${traffic.outcomes.length} failed; nginx: ${cluster.nginxLog()}`).toEqual([]);
      expect(traffic.outcomes.filter((o) => o.what === 'bid').length).toBeGreaterThan(20);
      // the restarted instances serve again
      for (const url of cluster.instanceUrls) expect((await fetch(`${url}${apiPaths.healthReady}`)).status).toBe(200);
      // /metrics: each instance's for the token, never through nginx
      const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
      expect((await fetch(`${cluster.instanceUrls[0]}/metrics`, { headers: bearer })).status).toBe(200);
      expect((await fetch(`${cluster.instanceUrls[0]}/metrics`)).status).toBe(401);
      expect((await fetch(`${cluster.nginxUrl}/metrics`, { headers: bearer })).status).toBe(404);
    },
  );
});

interface PromResult {
  metric: Record<string, string>;
  value: [number, string];
}

describe.skipIf(!prometheusBinary)('a real Prometheus scraping both instances', () => {
  let prometheus: ChildProcess | undefined;
  let promUrl = '';
  let work = '';
  let output = '';
  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'yuk-prometheus-'));
    writeFileSync(join(work, 'token'), METRICS_TOKEN);
    const targets = cluster.instanceUrls.map((url) => `'${url.replace('http://', '')}'`).join(', ');
    // deploy/prometheus/prometheus.yml itself, with this cluster's targets, token and rules, scraped every second
    const config = readFileSync(join(deployDir, 'prometheus.yml'), 'utf8')
      .replace("['127.0.0.1:3001', '127.0.0.1:3002']", `[${targets}]`)
      .replace('/etc/prometheus/yuk-tender.token', join(work, 'token'))
      .replace('/etc/prometheus/yuk-tender.rules.yml', join(deployDir, 'rules.yml'))
      .replaceAll('15s', '1s');
    expect(config).toContain(targets);
    writeFileSync(join(work, 'prometheus.yml'), config);
    const port = await freePort();
    promUrl = `http://127.0.0.1:${port}`;
    prometheus = spawn(
      prometheusBinary!,
      [
        `--config.file=${join(work, 'prometheus.yml')}`,
        `--storage.tsdb.path=${join(work, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    prometheus.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  });
  afterAll(async () => {
    if (prometheus) {
      const exited = new Promise((resolve) => prometheus!.once('exit', resolve));
      prometheus.kill('SIGTERM');
      await exited;
    }
    rmSync(work, { recursive: true, force: true });
  });

  async function query(expr: string): Promise<PromResult[]> {
    const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
    const body = (await res.json()) as { status: string; data: { result: PromResult[] } };
    expect(body.status).toBe('success');
    return body.data.result;
  }

  /** Asks until `check` holds for the answer (scrapes come every second), or 20 s pass. */
  async function eventually(expr: string, check: (result: PromResult[]) => boolean): Promise<PromResult[]> {
    let last: PromResult[] = [];
    for (let i = 0; i < 100; i += 1) {
      try {
        last = await query(expr);
        if (check(last)) return last;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`${expr} never held: ${JSON.stringify(last)}\n${output.slice(-2000)}`);
  }
  const total = (result: PromResult[]) => result.reduce((sum, r) => sum + Number(r.value[1]), 0);

  it('the configuration and the rules pass promtool', () => {
    const rules = spawnSync(promtoolBinary!, ['check', 'rules', join(deployDir, 'rules.yml')], { encoding: 'utf8' });
    expect(rules.status, rules.stdout + rules.stderr).toBe(0);
    // each alert fires past its threshold and not below it
    const alerts = spawnSync(promtoolBinary!, ['test', 'rules', join(deployDir, 'rules.test.yml')], {
      encoding: 'utf8',
    });
    expect(alerts.status, alerts.stdout + alerts.stderr).toBe(0);
    const config = spawnSync(promtoolBinary!, ['check', 'config', join(work, 'prometheus.yml')], { encoding: 'utf8' });
    expect(config.status, config.stdout + config.stderr).toBe(0);
  });

  it('scrapes both instances, finds every series, and sees them move under load', async () => {
    await eventually('up{job="yuk-tender"}', (r) => r.length === 2 && r.every((x) => x.value[1] === '1'));
    const before = {
      requests: total(await query('sum(yuk_http_requests_total)')),
      accepted: total(await query('sum(yuk_bids_total{outcome="accepted"})')),
      opened: total(await query('sum(yuk_tenders_total{event="opened"})')),
    };
    // The load runs until both instances have taken bids: the restart test just before leaves the instance it
    // restarted last out of nginx's rotation for its fail_timeout (10 s), so a short burst may all go to one.
    const traffic = await load(2);
    try {
      await eventually('sum(yuk_http_requests_total)', (r) => total(r) > before.requests);
      await eventually('sum(yuk_bids_total{outcome="accepted"})', (r) => total(r) > before.accepted);
      await eventually('sum(yuk_tenders_total{event="opened"})', (r) => total(r) >= before.opened + 1);
      // both instances took requests (nginx shares them), counted by route pattern
      await eventually(
        `yuk_http_requests_total{route="${apiPaths.tenders.bids}",method="POST",status="201"}`,
        (r) => r.length === 2,
      );
    } finally {
      await traffic.stop();
    }
    await eventually(
      `histogram_quantile(0.99, sum by (le) (rate(yuk_http_request_duration_seconds_bucket{route="${apiPaths.tenders.bids}"}[1m])))`,
      (r) => r.length === 1 && Number(r[0]!.value[1]) > 0,
    );
    await eventually('sum(yuk_db_query_duration_seconds_count)', (r) => total(r) > 0);
    // every series the dashboard and the alerts read exists on both instances
    for (const series of [
      'yuk_bids_total',
      'yuk_tenders_total',
      'yuk_quota_refusals_total',
      'yuk_live_streams_open',
      'yuk_outbox_waiting',
      'yuk_outbox_oldest_due_seconds',
      'yuk_deadlines_due',
      'yuk_deadline_overdue_seconds',
      'yuk_db_pool_connections',
      'yuk_redis_up',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds_count',
    ]) {
      await eventually(`count by (instance) (${series})`, (r) => r.length === 2);
    }
    expect(total(await query('min(yuk_redis_up)'))).toBe(1);
    // the rules are loaded and evaluated, and none fires on a healthy cluster
    const rules = (await (await fetch(`${promUrl}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string; health: string; state: string }[] }[] };
    };
    const loaded = rules.data.groups.flatMap((group) => group.rules);
    expect(loaded.map((rule) => rule.name)).toContain('YukHighServerErrorRate');
    expect(loaded.filter((rule) => rule.health === 'err')).toEqual([]);
    expect(await query('ALERTS{alertname=~"YukInstanceDown|YukHighServerErrorRate|YukDeadlineLag"}')).toEqual([]);

    // every query of the Grafana dashboard is valid PromQL with an answer from this cluster
    const dashboard = JSON.parse(readFileSync(join(deployDir, 'grafana-dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    for (const panel of dashboard.panels) {
      for (const target of panel.targets) {
        const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(target.expr)}`);
        expect(res.status, `${panel.title}: ${target.expr}`).toBe(200);
      }
    }
    for (const name of ['yuk_http_requests_total', 'yuk_live_streams_open', 'yuk_deadlines_due']) {
      expect(JSON.stringify(dashboard)).toContain(name);
    }
  });
});
