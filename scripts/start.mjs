// `npm start`: builds what is missing or older than its sources, then runs the server (migrations and demo
// data happen at server start). A build that fails stops here with the compiler's message and a non-zero
// exit, so a stale app is never served in its place.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The newest modification time under `path`, which may be a folder or a single file. */
function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted file shows only as a newer folder
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

function stale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((source) => newestMtime(source) > built);
}

function run(command, args, what) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n${what} failed (see the errors above); the app was not started.`);
    process.exit(result.status || 1);
  }
}

const shared = [join(root, 'packages/shared/src'), join(root, 'packages/shared/tsconfig.json')];
const sides = [
  {
    name: 'web app',
    workspace: '@yuk/web',
    project: 'apps/web',
    output: join(root, 'apps/web/dist/index.html'),
    sources: ['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'].map((path) =>
      join(root, 'apps/web', path),
    ),
  },
  {
    name: 'server',
    workspace: '@yuk/server',
    project: 'apps/server',
    output: join(root, 'apps/server/dist/main.js'),
    sources: ['src', 'build.mjs', 'tsconfig.json', 'package.json'].map((path) => join(root, 'apps/server', path)),
  },
];

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
for (const side of sides) {
  if (!stale(side.output, [...side.sources, ...shared])) continue;
  console.log(`Building the ${side.name}…`);
  // the bundlers skip type checking: the compiler runs first, so a type error is caught here, not in use
  run(npx, ['tsc', '--noEmit', '-p', side.project], `Type checking the ${side.name}`);
  run(npm, ['run', 'build', '-w', side.workspace], `Building the ${side.name}`);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
// Ctrl-C reaches the whole foreground group already; SIGTERM (a service manager, a test) is passed on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
