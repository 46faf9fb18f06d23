// `npm run dev`: the API with reload on change (esbuild watch + node --watch) and Vite's dev server with hot reload.
import { spawn } from 'node:child_process';
import { context } from 'esbuild';
import { serverBuildOptions } from '../apps/server/build.mjs';

const root = new URL('..', import.meta.url).pathname;
const ctx = await context({ ...serverBuildOptions, logLevel: 'info' });
await ctx.rebuild();
await ctx.watch();

const children = [
  spawn(process.execPath, ['--enable-source-maps', '--watch', `${root}apps/server/dist/main.js`], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['vite', '--configLoader', 'runner', '--host', '127.0.0.1'], {
    cwd: `${root}apps/web`,
    stdio: 'inherit',
  }),
];
const stop = async () => {
  for (const child of children) child.kill('SIGTERM');
  await ctx.dispose();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
