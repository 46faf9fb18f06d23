import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { loadConfig } from '../src/config.js';
import { buildTestApp } from './helpers.js';

describe('API_DOCS: the API document and its page', () => {
  it('are on by default (a public API is a feature)', async () => {
    expect(loadConfig({}).apiDocs).toBe(true);
    const { app, close } = await buildTestApp();
    expect((await app.inject({ method: 'GET', url: apiPaths.docsJson })).statusCode).toBe(200);
    const page = await app.inject({ method: 'GET', url: apiPaths.docs, headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(page.statusCode);
    await close();
  });

  it('API_DOCS=0 turns both off: 404 like any unknown API path', async () => {
    expect(loadConfig({ API_DOCS: '0' }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ API_DOCS: '1' }).apiDocs).toBe(true);
    expect(() => loadConfig({ API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
    const { app, close } = await buildTestApp({ apiDocs: false });
    for (const url of [apiPaths.docs, `${apiPaths.docs}/`, apiPaths.docsJson, `${apiPaths.docs}/static/index.html`]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json<{ code: string }>().code, url).toBe('ROUTE_NOT_FOUND');
    }
    // the API itself works as before
    expect((await app.inject({ method: 'GET', url: apiPaths.health })).statusCode).toBe(200);
    await close();
  });
});
