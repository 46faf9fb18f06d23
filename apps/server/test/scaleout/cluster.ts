import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import pg from 'pg';
// @ts-expect-error -- a plain ESM build script without type declarations
import { serverBuildOptions } from '../../build.mjs';

/** Two (or more) app instances on one PostgreSQL and one Redis, behind nginx, on free loopback ports. */
export interface Cluster {
  nginxUrl: string;
  instanceUrls: string[];
  /** The cluster's own PostgreSQL database (dropped by stop). */
  databaseUrl: string;
  /** Process ids of the instances (the bench reads their memory). */
  pids: number[];
  kill(index: number, signal?: NodeJS.Signals): void;
  /**
   * Stops an instance as a supervisor does (SIGTERM, then waits for it to exit), and starts it again on the
   * same port with the same environment; resolves once it answers /api/health/ready.
   */
  restart(index: number): Promise<void>;
  logs(index: number): string;
  /** What nginx wrote to its error log (why a request answered 502, for one). */
  nginxLog(): string;
  stop(): Promise<void>;
}

/** The repository's root: the nearest folder above this module holding deploy/nginx.conf (the bench bundles this file elsewhere). */
function findRepoRoot(): string {
  let dir = fileURLToPath(new URL('.', import.meta.url));
  while (!existsSync(join(dir, 'deploy/nginx.conf'))) {
    const parent = join(dir, '..');
    if (parent === dir) throw new Error('deploy/nginx.conf not found above the cluster helper');
    dir = parent;
  }
  return dir;
}

const repoRoot = findRepoRoot();
const pgAdminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const redisUrl = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitFor(url: string, what: string, output: () => string) {
  for (let i = 0; i < 150; i += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} did not come up:\n${output()}`);
}

export function nginxBinary(): string {
  for (const candidate of [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx']) {
    if (candidate && existsSync(candidate)) return candidate;
  }
  throw new Error('nginx not found: install it (apt-get install nginx-light) or set NGINX_PATH');
}

export interface ClusterOptions {
  /** A PostgreSQL admin connection; the cluster creates (and drops) a database of its own there. */
  adminUrl?: string;
  redisUrl?: string;
  /** An already built server to run (the bench runs dist/main.js); built from the sources when absent. */
  bundle?: string;
  /** More environment for every instance (the outside services the test runs). */
  env?: Record<string, string>;
}

export async function startCluster(instances = 2, options: ClusterOptions = {}): Promise<Cluster> {
  const adminUrl = options.adminUrl ?? pgAdminUrl;
  const redis = options.redisUrl ?? redisUrl;
  const work = mkdtempSync(join(tmpdir(), 'yuk-cluster-'));
  const database = `yuk_scaleout_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const databaseUrl = new URL(adminUrl);
  databaseUrl.pathname = `/${database}`;

  const bundle = options.bundle ?? join(repoRoot, `apps/server/dist/main-cluster-${process.pid}.js`);
  if (!options.bundle) await build({ ...serverBuildOptions, outfile: bundle, logLevel: 'silent', sourcemap: false });

  const children: ChildProcess[] = [];
  const outputs: string[] = [];
  const instanceUrls: string[] = [];
  const ports: number[] = [];
  const jwtSecret = `cluster-secret-${Date.now()}-0123456789abcdefghijklmnop`;
  const spawnInstance = (i: number, port: number) => {
    outputs[i] ??= '';
    const child = spawn(process.execPath, [bundle], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(work, `data-${i}`),
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: redis,
        JWT_SECRET: jwtSecret,
        TRUST_PROXY: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d: Buffer) => (outputs[i] += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (outputs[i] += d.toString()));
    children[i] = child;
  };
  for (let i = 0; i < instances; i += 1) {
    const port = await freePort();
    ports.push(port);
    spawnInstance(i, port);
    instanceUrls.push(`http://127.0.0.1:${port}`);
  }
  // all instances start at once: the migrations take turns under PostgreSQL's advisory lock
  await Promise.all(
    instanceUrls.map((url, i) => waitFor(`${url}/api/health`, `instance ${i}`, () => outputs[i] ?? '')),
  );
  // Redis outlives this database, and its quota counters are kept by user id: each cluster's users get ids no
  // earlier one used, so that a day's runs do not add up against one user's daily quotas
  const fresh = new pg.Client({ connectionString: databaseUrl.toString() });
  await fresh.connect();
  await fresh.query('select setval($1, $2)', ['users_id_seq', 1_000_000 + Math.floor(Math.random() * 1_000_000_000)]);
  await fresh.end();

  const nginxPort = await freePort();
  const prefix = join(work, 'nginx');
  mkdirSync(prefix, { recursive: true });
  const config = readFileSync(join(repoRoot, 'deploy/nginx.conf'), 'utf8')
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{LISTEN}}', `127.0.0.1:${nginxPort}`)
    .replace(
      '{{UPSTREAMS}}',
      instanceUrls.map((url) => `server ${url.replace('http://', '')} max_fails=3 fail_timeout=10s;`).join('\n    '),
    )
    .replace('worker_processes auto;', 'worker_processes 1;');
  const configFile = join(prefix, 'nginx.conf');
  writeFileSync(configFile, config);
  let nginxOutput = '';
  const nginx = spawn(nginxBinary(), ['-p', prefix, '-c', configFile, '-g', 'daemon off;'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  nginx.stderr?.on('data', (d: Buffer) => (nginxOutput += d.toString()));
  const nginxUrl = `http://127.0.0.1:${nginxPort}`;
  await waitFor(
    `${nginxUrl}/api/health`,
    'nginx',
    () =>
      `${nginxOutput}\n${existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''}`,
  );

  return {
    nginxUrl,
    instanceUrls,
    databaseUrl: databaseUrl.toString(),
    pids: children.map((child) => child.pid ?? 0),
    kill(index, signal = 'SIGKILL') {
      children[index]?.kill(signal);
    },
    async restart(index) {
      const child = children[index];
      const port = ports[index];
      if (!child || port === undefined) throw new Error(`no instance ${index}`);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      spawnInstance(index, port);
      await waitFor(
        `${instanceUrls[index]}/api/health/ready`,
        `instance ${index} (restarted)`,
        () => outputs[index] ?? '',
      );
    },
    logs: (index) => outputs[index] ?? '',
    nginxLog: () => (existsSync(join(prefix, 'error.log')) ? readFileSync(join(prefix, 'error.log'), 'utf8') : ''),
    async stop() {
      nginx.kill('SIGTERM');
      for (const child of children) child.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      const cleaner = new pg.Client({ connectionString: adminUrl });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${database} with (force)`);
      await cleaner.end();
      if (!options.bundle) rmSync(bundle, { force: true });
      rmSync(work, { recursive: true, force: true });
    },
  };
}
