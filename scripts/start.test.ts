import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths, type RegisterInput } from '@yuk/shared';
import { freePort } from './free-port.mjs';

/**
 * `npm start` as a new user runs it: the real script, the real build, the embedded database in one data
 * folder. Started twice, the data of the first run is there in the second; both stop promptly on SIGTERM.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The longest a start may take: a first start on a fresh clone type-checks and builds both sides. */
const START_TIMEOUT_MS = 240_000;
const STOP_LIMIT_MS = 10_000;

interface Started {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

async function npmStart(): Promise<Started> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  // the embedded database and a generated secret, as on a new machine
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'WEB_DIST', 'LOG_LEVEL', 'SEED_DEMO']) delete env[key];
  const child = spawn('npm', ['start'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited };
}

async function untilListening(app: Started): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let stopped = false;
  void app.exited.then(() => (stopped = true));
  while (Date.now() < deadline) {
    if (stopped) throw new Error(`npm start exited before listening:\n${app.output()}`);
    try {
      const res = await fetch(`${app.baseUrl}${apiPaths.health}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not listen within ${START_TIMEOUT_MS} ms:\n${app.output()}`);
}

/** Sends SIGTERM and resolves with how long the whole process tree took to exit. */
async function stop(app: Started): Promise<number> {
  const began = Date.now();
  app.child.kill('SIGTERM');
  const timeout = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), STOP_LIMIT_MS + 5_000));
  const result = await Promise.race([app.exited, timeout]);
  if (result === 'timeout') {
    app.child.kill('SIGKILL');
    throw new Error(`npm start did not stop on SIGTERM:\n${app.output()}`);
  }
  // the server, not just npm, is gone: nothing answers on its port any more
  await expect(fetch(`${app.baseUrl}${apiPaths.health}`)).rejects.toThrow();
  return Date.now() - began;
}

async function post(app: Started, path: string, body: unknown): Promise<Response> {
  return fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

const account = {
  first_name: 'Dilshod',
  last_name: 'Karimov',
  email: `restart-${Date.now()}@example.uz`,
  phone_number: '+998901234567',
  password: 'Restart-Pass-2026',
} satisfies RegisterInput;

describe('npm start', () => {
  it('comes up again after a stop, with the data of the first run', { timeout: 2 * START_TIMEOUT_MS }, async () => {
    const first = await npmStart();
    await untilListening(first);
    const registered = await post(first, apiPaths.users.register, account);
    expect(registered.status, await registered.clone().text()).toBe(201);
    expect(await stop(first)).toBeLessThan(STOP_LIMIT_MS);

    const second = await npmStart();
    await untilListening(second);
    // nothing changed since the first start: no rebuild
    expect(second.output()).not.toMatch(/Building the/);
    const login = await post(second, apiPaths.users.login, { email: account.email, password: account.password });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(await stop(second)).toBeLessThan(STOP_LIMIT_MS);
    expect(first.output() + second.output()).not.toMatch(/ENOTDIR|Error:/);
  });

  it('rebuilds after a source change', { timeout: START_TIMEOUT_MS }, async () => {
    const source = join(root, 'apps/server/src/main.ts');
    const { atime, mtime } = statSync(source);
    utimesSync(source, new Date(), new Date(Date.now() + 1_000));
    try {
      const app = await npmStart();
      await untilListening(app);
      expect(app.output()).toMatch(/Building the server/);
      expect(app.output()).not.toMatch(/Building the web app/);
      await stop(app);
    } finally {
      utimesSync(source, atime, mtime);
    }
  });

  it('stops with the compiler error when the build is broken', { timeout: START_TIMEOUT_MS }, async () => {
    const broken = join(root, 'apps/server/src/start-check-broken.ts');
    writeFileSync(broken, "export const port: number = 'not a number';\n");
    try {
      const app = await npmStart();
      const { code } = await app.exited;
      expect(code).not.toBe(0);
      expect(app.output()).toMatch(/start-check-broken\.ts.*error TS2322/);
      expect(app.output()).toMatch(/the app was not started/);
      await expect(fetch(`${app.baseUrl}${apiPaths.health}`)).rejects.toThrow();
    } finally {
      rmSync(broken, { force: true });
    }
  });
});
