import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE_NAME, PAGE_PRELOADS_FILE, pagePreloads } from '@yuk/shared';

/** index.html naming a page's scripts, in the three encodings it is sent in. */
interface PreloadingPage {
  paths: readonly string[];
  html: string;
  gzip: Buffer;
  brotli: Buffer;
}

/** Whether `pathname` is an address of the route `pattern` (`:name` stands for one path segment). */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/');
  const have = pathname.replace(/(.)\/+$/, '$1').split('/');
  return (
    want.length === have.length && want.every((part, i) => (part.startsWith(':') ? have[i] !== '' : part === have[i]))
  );
}

/**
 * For each page of the build's PAGE_PRELOADS_FILE, index.html with a `<link rel=modulepreload>` for each of
 * the page's scripts it does not name already, placed before its own links. None when the build wrote no such
 * file or one this server cannot read (the plain index.html then serves every page, as before).
 */
function loadPreloadingPages(root: string, log: FastifyBaseLogger): PreloadingPage[] {
  const file = join(root, PAGE_PRELOADS_FILE);
  if (!existsSync(file)) return [];
  let parsed;
  try {
    parsed = pagePreloads.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed?.success) {
    log.warn(`${file} is not a page preload map; pages are served without their preload links`);
    return [];
  }
  const index = readFileSync(join(root, 'index.html'), 'utf8');
  const firstLink = index.indexOf('<link rel="modulepreload"');
  const at = firstLink >= 0 ? firstLink : index.indexOf('</head>');
  if (at < 0) return [];
  return parsed.data.pages.map((page) => {
    const links = page.files
      .map((name) => `/${name}`)
      .filter((href) => !index.includes(`"${href}"`))
      .map((href) => `<link rel="modulepreload" crossorigin href="${href}">\n`)
      .join('');
    const html = index.slice(0, at) + links + index.slice(at);
    return { paths: page.paths, html, gzip: gzipSync(html), brotli: brotliCompressSync(html) };
  });
}

/** Whether the request carries an access token cookie (whether valid or not is the API's to say). */
function carriesAccessToken(request: FastifyRequest): boolean {
  const header = request.headers.cookie;
  return header !== undefined && Boolean(cookie.parse(header)[ACCESS_COOKIE_NAME]);
}

/**
 * The encodings a page's index.html is kept in, best first; `identity` when the browser refuses both. The same
 * negotiator as @fastify/static's for the other files, so that `q` values (`br;q=0`) are honoured alike. No
 * cache: its keys would be whatever headers clients send.
 */
const encodings = new Negotiator({ supportedValues: ['br', 'gzip', 'identity'] });

/** A page's index.html, compressed as the browser accepts; revalidated each time, as the plain file is. */
function sendPreloadingPage(request: FastifyRequest, reply: FastifyReply, page: PreloadingPage) {
  reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', 'cookie, accept-encoding');
  const encoding = encodings.negotiate(request.headers['accept-encoding'] ?? '');
  if (encoding === 'br') return reply.header('content-encoding', 'br').send(page.brotli);
  if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** Serves the built web app; every non-API GET that is not a file gets index.html (client-side routes). */
const serveWebApp = async (app: FastifyInstance, options: { root: string }) => {
  if (!existsSync(join(options.root, 'index.html'))) {
    app.log.warn(`web app not built (no ${join(options.root, 'index.html')}); only the API is served`);
    return;
  }
  await app.register(fastifyStatic, {
    root: options.root,
    // no route per file (the plugin would glob dist and register each one, compressed copies included, at
    // every start): the one route below serves files and the client routes through reply.sendFile
    serve: false,
    index: false,
    maxAge: '1h',
    // the web build writes .br and .gz beside each text asset: sent to browsers that accept them
    preCompressed: true,
    setHeaders(reply, path) {
      // hashed assets never change; index.html must always be fresh (it names the assets of the running
      // version), so it is revalidated each time instead of kept for maxAge
      if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
      // the service worker and the manifest too: a new version must be found at the next visit
      else if (/(^|\/)(index\.html|sw\.js|manifest\.webmanifest)(\.(br|gz))?$/.test(path))
        reply.header('cache-control', 'no-cache');
    },
  });
  const preloadingPages = loadPreloadingPages(options.root, app.log);
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path === '/api' || path.startsWith('/api/')) return reply.callNotFound();
    let file = '';
    try {
      file = decodeURIComponent(path).replace(/^\/+/, '');
    } catch {
      file = '';
    }
    if (/\.[a-z0-9]+$/i.test(file) && !file.split('/').includes('..') && existsSync(join(options.root, file))) {
      return reply.sendFile(file);
    }
    // a signed-in browser opening a page of the map gets that page's scripts named in the HTML: asked for while
    // it is parsed, not one by one from script once the router has started (decision 037)
    const page = carriesAccessToken(request)
      ? preloadingPages.find((candidate) => candidate.paths.some((pattern) => matchesRoute(pattern, path)))
      : undefined;
    if (page) return sendPreloadingPage(request, reply, page);
    // the answer depends on the cookie: a shared cache must not give one browser's page to another
    reply.header('vary', 'cookie');
    return reply.sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, serve);
  app.get('/*', { schema: { hide: true } }, serve);
};
export const staticWebPlugin = fp(serveWebApp, { name: 'static-web', dependencies: ['errors', 'security'] });
