import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
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
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const { app } = await buildTestApp({ webDist });

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
});
