// Bundles the server (with @yuk/shared inlined) into dist/main.js, and its command-line tasks into
// dist/admin.js; packages stay in node_modules.
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

export const serverBuildOptions = {
  entryPoints: [here('src/main.ts')],
  outfile: here('dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@yuk/shared': here('../../packages/shared/src/index.ts') },
  logLevel: 'warning',
};

export const adminBuildOptions = {
  ...serverBuildOptions,
  entryPoints: [here('src/admin.ts')],
  outfile: here('dist/admin.js'),
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await Promise.all([build(serverBuildOptions), build(adminBuildOptions)]);
}
