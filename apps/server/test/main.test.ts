import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain ESM build script without type declarations
import { serverBuildOptions } from '../build.mjs';

// The real entry point, as `npm start` runs it: migrations, demo seed, listen, and a graceful SIGTERM.
const dataDir = mkdtempSync(join(tmpdir(), 'yuk-main-'));
// built beside the real bundle so that its packages resolve from node_modules
const outfile = fileURLToPath(new URL(`../dist/main-test-${process.pid}.js`, import.meta.url));
let child: ChildProcess | undefined;
let output = '';

function freePort(): Promise<number> {
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

async function waitForHealth(base: string) {
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy:\n${output}`);
}

let base = '';
beforeAll(async () => {
  await build({ ...serverBuildOptions, outfile, logLevel: 'silent', sourcemap: false });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  child = spawn(process.execPath, [outfile], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  await waitForHealth(base);
}, 60_000);

afterAll(() => {
  child?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outfile, { force: true });
});

describe('the server process', () => {
  it('migrates, seeds the demo accounts and prints their logins', async () => {
    expect(output).toContain('shipper@yuktender.uz');
    const res = await fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'shipper@yuktender.uz', password: 'demo12345' }),
    });
    expect(res.status).toBe(200);
  });

  it('loads the packages of optional services only when they are used', () => {
    // each costs megabytes of an idle server's memory (decision 035, B5); a static import anywhere in the server
    // would load it at start
    const staticImports = [...readFileSync(outfile, 'utf8').matchAll(/^import .* from "([^"]+)";$/gm)].map(
      (match) => match[1],
    );
    expect(staticImports).toContain('fastify');
    for (const lazy of ['pg', 'ioredis', 'pdfkit', 'nodemailer', 'web-push', 'pino-pretty']) {
      expect(staticImports).not.toContain(lazy);
    }
  });

  it('finishes in-flight requests on SIGTERM, then exits 0', async () => {
    // a login takes a real argon2 verification: long enough to be in flight when the signal arrives
    const inFlight = fetch(`${base}/api/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'carrier@yuktender.uz', password: 'demo12345' }),
    });
    await new Promise((r) => setTimeout(r, 5));
    const exited = new Promise<number | null>((resolve) => child?.once('exit', (code) => resolve(code)));
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    child?.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status).toBe(200);
    // draining: not ready for new traffic, but still answering (and closing each connection after its answer)
    const ready = await fetch(`${base}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('connection')).toBe('close');
    expect((await fetch(`${base}/api/health/live`)).status).toBe(200);
    expect(await exited).toBe(0);
  });
});
