// Loads server modules (TypeScript sources) into the bench process: one esbuild bundle with the same
// options as the server build, written beside the server's own dist (so its packages resolve) and removed after.
import { rmSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { serverBuildOptions } from '../../apps/server/build.mjs';

const serverDir = fileURLToPath(new URL('../../apps/server/', import.meta.url));

/**
 * `exports` maps a name to `path#export` inside apps/server/src, e.g.
 * { listTenders: 'modules/tenders/tenders.service.ts#listTenders' }.
 */
let loads = 0;

export async function loadServerModules(exports) {
  const lines = Object.entries(exports).map(([name, target]) => {
    const [path, exported] = target.split('#');
    return `export { ${exported} as ${name} } from './src/${path}';`;
  });
  // a new name per load: import() caches modules by URL, so a reused name would return the first load's exports
  loads += 1;
  const outfile = `${serverDir}dist/bench-modules-${process.pid}-${loads}.js`;
  const { entryPoints: _entry, outfile: _out, ...options } = serverBuildOptions;
  await build({
    ...options,
    stdin: { contents: lines.join('\n'), resolveDir: serverDir, loader: 'ts', sourcefile: 'bench-entry.ts' },
    outfile,
    sourcemap: false,
    logLevel: 'warning',
  });
  try {
    return await import(pathToFileURL(outfile).href);
  } finally {
    rmSync(outfile, { force: true });
  }
}
