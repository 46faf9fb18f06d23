import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE_NAME, PAGE_PRELOADS_FILE, type PagePreloads } from '@yuk/shared';
import { matchesRoute } from '../src/plugins/static-web.js';
import { buildTestApp } from './helpers.js';

// a built web app in miniature: index.html and one hashed asset, each with its compressed copies
const webDist = mkdtempSync(join(tmpdir(), 'yuk-web-dist-'));
const html = `<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body>${'<p>Yuk</p>'.repeat(200)}</body></html>`;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;
mkdirSync(join(webDist, 'assets'));
for (const [path, body] of [
  ['index.html', html],
  ['assets/app-1a2b.js', script],
] as const) {
  writeFileSync(join(webDist, path), body);
  writeFileSync(join(webDist, `${path}.gz`), gzipSync(body));
  writeFileSync(join(webDist, `${path}.br`), brotliCompressSync(body));
}
// what the web build writes for its pages' first visits: the shell's and each page's scripts
const preloads: PagePreloads = {
  pages: [
    {
      paths: ['/tenders', '/tenders/truck'],
      files: ['assets/app-1a2b.js', 'assets/router-9f0e.js', 'assets/tenders-page-77aa.js'],
    },
    { paths: ['/tender/:id'], files: ['assets/router-9f0e.js', 'assets/tender-page-55bb.js'] },
  ],
};
writeFileSync(join(webDist, PAGE_PRELOADS_FILE), JSON.stringify(preloads));
// a build whose map this server cannot read: its pages are served as they are
const unreadableDist = mkdtempSync(join(tmpdir(), 'yuk-web-dist-'));
writeFileSync(join(unreadableDist, 'index.html'), html);
writeFileSync(
  join(unreadableDist, PAGE_PRELOADS_FILE),
  JSON.stringify({ pages: [{ paths: ['/tenders'], files: ['"><script>alert(1)</script>'] }] }),
);
afterAll(() => {
  rmSync(webDist, { recursive: true, force: true });
  rmSync(unreadableDist, { recursive: true, force: true });
});

const { app } = await buildTestApp({ webDist });

const signedIn = { cookie: `lang=uz; ${ACCESS_COOKIE_NAME}=header.payload.signature` };
const preloadsOf = (body: string) =>
  [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the built web app', () => {
  it('sends the compressed copy a browser accepts, and the plain file to one that accepts none', async () => {
    const br = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gz = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['content-type']).toMatch(/javascript/);
  });

  it('keeps hashed assets for a year and always revalidates index.html, on every client route', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/tenders', '/tender/12']) {
      for (const encoding of ['gzip', 'identity']) {
        const page = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(page.statusCode).toBe(200);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(page.headers['content-type']).toMatch(/text\/html/);
      }
    }
  });

  it("names a page's scripts in the index.html a signed-in browser gets at that page's address", async () => {
    for (const url of ['/tenders', '/tenders/truck', '/tenders/', '/tenders?status=opened']) {
      const page = await app.inject({ method: 'GET', url, headers: { ...signedIn, 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers.vary).toMatch(/cookie/i);
      // the entry script is named by index.html already: only the others are added, before </head>
      expect(preloadsOf(page.body)).toEqual(['/assets/router-9f0e.js', '/assets/tenders-page-77aa.js']);
      expect(page.body).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/tenders-page-77aa.js">\n</head>',
      );
      expect(page.body.match(/app-1a2b\.js/g)).toHaveLength(1);
    }
    const tender = await app.inject({ method: 'GET', url: '/tender/12', headers: signedIn });
    expect(preloadsOf(tender.body)).toEqual(['/assets/router-9f0e.js', '/assets/tender-page-55bb.js']);
  });

  it('sends that page compressed as the browser accepts, the same HTML in each encoding', async () => {
    const plain = await app.inject({
      method: 'GET',
      url: '/tender/7',
      headers: { ...signedIn, 'accept-encoding': 'identity' },
    });
    const br = await app.inject({
      method: 'GET',
      url: '/tender/7',
      headers: { ...signedIn, 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    const gz = await app.inject({
      method: 'GET',
      url: '/tender/7',
      headers: { ...signedIn, 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('honours the weights of Accept-Encoding: an encoding at q=0 is never sent, the heavier one is preferred', async () => {
    const cases: [string, string | undefined][] = [
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['br;q=0.1, gzip;q=0.8', 'gzip'],
      ['br;q=0, gzip;q=0', undefined],
      ['*;q=0, identity', undefined],
      ['', undefined],
    ];
    for (const [accepts, expected] of cases) {
      for (const url of ['/tender/7', '/assets/app-1a2b.js']) {
        const answer = await app.inject({ method: 'GET', url, headers: { ...signedIn, 'accept-encoding': accepts } });
        expect(answer.statusCode, `${url} with ${accepts}`).toBe(200);
        expect(answer.headers['content-encoding'], `${url} with ${accepts}`).toBe(expected);
      }
    }
    const page = await app.inject({
      method: 'GET',
      url: '/tender/7',
      headers: { ...signedIn, 'accept-encoding': 'br;q=0, gzip;q=0' },
    });
    expect(preloadsOf(page.body)).toEqual(['/assets/router-9f0e.js', '/assets/tender-page-55bb.js']);
  });

  it('sends the plain index.html without a token, with an empty one, and at any other address', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/tenders', {}],
      ['/tenders', { cookie: `${ACCESS_COOKIE_NAME}=` }],
      ['/tenders', { cookie: `other${ACCESS_COOKIE_NAME}=x` }],
      ['/dashboard', signedIn],
      ['/tenders/ship/more', signedIn],
      ['/tender/12/bids', signedIn],
      ['/tender/', signedIn],
      ['/', signedIn],
    ];
    for (const [url, headers] of cases) {
      const page = await app.inject({ method: 'GET', url, headers: { ...headers, 'accept-encoding': 'identity' } });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(html);
      expect(page.headers.vary).toMatch(/cookie/i);
    }
  });

  it('serves every page as it is when the preload map cannot be read', async () => {
    const other = await buildTestApp({ webDist: unreadableDist });
    try {
      const page = await other.app.inject({
        method: 'GET',
        url: '/tenders',
        headers: { ...signedIn, 'accept-encoding': 'identity' },
      });
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(html);
    } finally {
      await other.close();
    }
  });
});

describe('matchesRoute', () => {
  it('matches fixed parts exactly and a :name part to one non-empty segment', () => {
    expect(matchesRoute('/tenders', '/tenders')).toBe(true);
    expect(matchesRoute('/tenders', '/tenders/')).toBe(true);
    expect(matchesRoute('/tender/:id', '/tender/41')).toBe(true);
    expect(matchesRoute('/tender/:id', '/tender/')).toBe(false);
    expect(matchesRoute('/tender/:id', '/tender')).toBe(false);
    expect(matchesRoute('/tender/:id', '/tender/41/bids')).toBe(false);
    expect(matchesRoute('/tenders', '/tenderss')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
  });
});
