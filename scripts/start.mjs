// `npm start`: builds what is missing or older than its sources, then runs the server
// (migrations and demo data happen at server start).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

function stale(output, ...sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const shared = join(root, 'packages/shared/src');
if (
  stale(join(root, 'apps/web/dist/index.html'), join(root, 'apps/web/src'), shared, join(root, 'apps/web/index.html'))
) {
  console.log('Building the web app…');
  run(['run', 'build', '-w', '@yuk/web']);
}
if (stale(join(root, 'apps/server/dist/main.js'), join(root, 'apps/server/src'), shared)) {
  console.log('Building the server…');
  run(['run', 'build', '-w', '@yuk/server']);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
