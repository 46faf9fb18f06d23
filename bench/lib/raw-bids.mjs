// Starts B2's raw baseline (raw-bids-server.mjs) as its own process, pinned to a core, on the app's database.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';
import { pinnedCommand } from './system.mjs';

const serverJs = fileURLToPath(new URL('./raw-bids-server.mjs', import.meta.url));

/** `tokens`: the carriers' access tokens and user ids (index by index), which it takes as they are. */
export async function startRawBidServer({ file, core, tokens, userIds }) {
  const port = await freePort();
  const [command, args] = pinnedCommand(core, [process.execPath, serverJs]);
  const child = spawn(command, args, {
    env: {
      ...process.env,
      PORT: String(port),
      RAW_DB: file,
      RAW_TOKENS: JSON.stringify(Object.fromEntries(tokens.map((token, i) => [token, userIds[i]]))),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt += 1) {
    if (child.exitCode !== null) throw new Error('the raw bid server exited while starting');
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      if (attempt > 100) throw new Error('the raw bid server did not answer');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    url,
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
