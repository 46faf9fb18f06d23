// The first screen's weight, checked after the web build: the gzipped JavaScript a first visit downloads before
// the login screen is usable must stay within FIRST_SCREEN_BUDGET_KB. Counted from apps/web/dist: the entry
// script of index.html with every chunk it imports, and the login page's chunk (which the app loads at start
// when there is no session) with every chunk that one imports. Bench case B4 and the browser journey
// first-screen.spec.ts measure the same in Chromium; this check needs no browser and fails the build's gate
// in a second. It also fails when the bundle holds a library's development build (DEVELOPMENT_BUILDS).
//   node scripts/check-web-budget.mjs [dist]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** The budget of the first screen's JavaScript, gzipped (level 9, as B4 counts it). */
export const FIRST_SCREEN_BUDGET_KB = 140;

/** The lazily loaded modules the first screen needs at once: the login page (app/app.tsx loads it at start). */
const FIRST_SCREEN_LAZY_SOURCES = ['src/features/auth/auth-page.tsx'];

// rolldown writes static imports as `import{a as b}from"./x.js"`, `import"./x.js"` or `export{…}from"./x.js"`
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?\bfrom\s*)?["'](\.\/[^"']+\.js)["']/g;

/** The chunks of dist/assets with a source map, each with the first source of its map that `wanted` accepts. */
function chunksWithSource(assets, wanted) {
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js') && existsSync(join(assets, `${name}.map`)))
    .flatMap((name) => {
      const map = JSON.parse(readFileSync(join(assets, `${name}.map`), 'utf8'));
      const source = map.sources.find(wanted);
      return source === undefined ? [] : [{ name, source }];
    });
}

/** The chunks of dist/assets whose source map names one of the sources. */
function chunksOf(assets, sources) {
  return chunksWithSource(assets, (source) => sources.some((wanted) => source.endsWith(wanted))).map(
    (chunk) => chunk.name,
  );
}

/**
 * Libraries whose development build a production bundle must not hold: React Router's package exports only that
 * one, and vite.config.ts points the build at its production twin (dev warnings off). A new version that moves
 * the file would bring the development build back silently; this says so.
 */
const DEVELOPMENT_BUILDS = ['/react-router/dist/development/'];

/** The chunks of the build holding a library's development build, each with the source that shows it. */
export function developmentBuildsIn(dist) {
  return chunksWithSource(join(dist, 'assets'), (source) => DEVELOPMENT_BUILDS.some((build) => source.includes(build)));
}

/**
 * @param {string} dist the web build's folder
 * @returns {{ files: { name: string, gzKb: number }[], gzKb: number }}
 */
export function firstScreenJs(dist) {
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  const assets = join(dist, 'assets');
  const start = [
    ...index.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/assets\/([^"]+\.js)"/g),
  ].map((match) => match[1]);
  if (start.length === 0) throw new Error(`${join(dist, 'index.html')} names no script of assets/`);
  const lazy = chunksOf(assets, FIRST_SCREEN_LAZY_SOURCES);
  if (lazy.length === 0) throw new Error(`no chunk of ${assets} holds ${FIRST_SCREEN_LAZY_SOURCES.join(', ')}`);
  const seen = new Set();
  const queue = [...start, ...lazy];
  while (queue.length > 0) {
    const name = queue.shift();
    if (seen.has(name)) continue;
    seen.add(name);
    const code = readFileSync(join(assets, name), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(posix.normalize(match[1]));
  }
  const files = [...seen]
    .map((name) => ({ name, gzKb: gzipSync(readFileSync(join(assets, name)), { level: 9 }).length / 1024 }))
    .sort((a, b) => b.gzKb - a.gzKb);
  return { files, gzKb: files.reduce((sum, file) => sum + file.gzKb, 0) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../apps/web/dist/', import.meta.url));
  if (!existsSync(join(dist, 'index.html'))) {
    console.error(`${dist} has no index.html: build the web app first (npm run build)`);
    process.exit(1);
  }
  const { files, gzKb } = firstScreenJs(dist);
  for (const file of files) console.log(`${file.gzKb.toFixed(1).padStart(7)} KB  ${file.name}`);
  const verdict = gzKb <= FIRST_SCREEN_BUDGET_KB ? 'within' : 'OVER';
  console.log(
    `first screen: ${files.length} scripts, ${gzKb.toFixed(1)} KB gzipped, ${verdict} the budget of ${FIRST_SCREEN_BUDGET_KB} KB`,
  );
  const development = developmentBuildsIn(dist);
  for (const { name, source } of development) console.error(`${name} holds a development build: ${source}`);
  if (development.length > 0) {
    console.error("Point the build at the library's production build (vite.config.ts, resolve.alias).");
    process.exit(1);
  }
  if (gzKb > FIRST_SCREEN_BUDGET_KB) {
    console.error(
      'The first screen downloads more JavaScript than its budget: load what the login screen does not show ' +
        'lazily (a route, a dynamic import on first use) instead of raising the budget.',
    );
    process.exit(1);
  }
}
