import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestOrigin, requestOriginPlugin } from '../src/plugins/request-origin.js';

/** An app whose routes answer the origin their handler finds (after an await, as a service reads it). */
async function originApp(check: boolean) {
  const app = Fastify();
  await app.register(requestOriginPlugin, { check });
  const answer = async () => {
    await Promise.resolve();
    return { origin: requestOrigin() ?? null };
  };
  app.post('/write', answer);
  app.get('/read', answer);
  app.get('/read-that-records', { config: { keepsOrigin: true } }, answer);
  app.post('/bid', { config: { keepsOrigin: false } }, answer);
  app.route({ method: ['GET', 'PUT'], url: '/both', handler: answer });
  await app.ready();
  return app;
}

const headers = { 'user-agent': 'Mozilla/5.0 (X11)\u0007 test' };
const origin = { ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (X11) test' };

describe('the request origin, kept by the routes that record it', () => {
  it('is there for a write and for a read that says it records one; a plain read and a bid run without it', async () => {
    const app = await originApp(false);
    const found = async (method: 'GET' | 'POST' | 'PUT', url: string) =>
      (await app.inject({ method, url, headers })).json<{ origin: unknown }>().origin;
    expect(await found('POST', '/write')).toEqual(origin);
    expect(await found('GET', '/read-that-records')).toEqual(origin);
    expect(await found('PUT', '/both')).toEqual(origin);
    expect(await found('GET', '/read')).toBeNull();
    expect(await found('GET', '/both')).toBeNull();
    expect(await found('POST', '/bid')).toBeNull();
    await app.close();
  });

  it('when checked, a route that keeps none and reads it fails instead of recording no address', async () => {
    const app = await originApp(true);
    const read = await app.inject({ method: 'GET', url: '/read', headers });
    expect(read.statusCode).toBe(500);
    expect(read.json<{ message: string }>().message).toMatch(/keepsOrigin/);
    expect((await app.inject({ method: 'POST', url: '/bid', headers })).statusCode).toBe(500);
    const write = await app.inject({ method: 'POST', url: '/write', headers });
    expect(write.json<{ origin: unknown }>().origin).toEqual(origin);
    await app.close();
  });
});
