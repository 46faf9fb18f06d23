// Bundles the server (with @yuk/shared inlined) into dist/main.js; packages stay in node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  alias: { '@yuk/shared': '../../packages/shared/src/index.ts' },
  logLevel: 'warning',
});
