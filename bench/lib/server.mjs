// Starts the built server (apps/server/dist/main.js) as its own process, pinned to a core, and waits until it answers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { pinnedCommand } from './system.mjs';

const mainJs = fileURLToPath(new URL('../../apps/server/dist/main.js', import.meta.url));

export { freePort };

/**
 * The bids quota of every server the bench starts: counted as in production (the same two windows, every
 * attempt through the hook and its counters) but far above what the bench sends, so that its carriers, who
 * bid thousands of times a second, measure bids and not refusals. QUOTA_BIDS=off is B2's comparison.
 */
export const BENCH_BIDS_QUOTA = '1000000000/m,1000000000/d';

/** The server on a temporary DATA_DIR with its embedded database; no demo data. */
export async function startBuiltServer({ dataDir, core, env = {}, pollMs = 100 }) {
  const port = await freePort();
  // BENCH_PROFILE_DIR: every server the bench starts writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const [command, args] = pinnedCommand(core, [process.execPath, ...profile, mainJs]);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('hex'),
      QUOTA_BIDS: BENCH_BIDS_QUOTA,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const attempts = Math.ceil(20_000 / pollMs);
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited while starting:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (attempt === attempts - 1) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /api/health:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  return {
    url,
    pid: child.pid,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
