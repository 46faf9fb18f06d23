import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { buildTestApp } from './helpers.js';

describe('GET /api/health', () => {
  it('answers 200 while the database answers, and 503 with a readable text once it cannot', async () => {
    const { app, database } = await buildTestApp();
    const healthy = await app.inject({ method: 'GET', url: apiPaths.health });
    expect(healthy.statusCode).toBe(200);
    expect(healthy.json()).toEqual({ status: 'ok', database: 'ok', redis: 'off' });

    await database.close(); // the database goes away under a running app
    const down = await app.inject({ method: 'GET', url: apiPaths.health, headers: { 'accept-language': 'en' } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ code: 'SERVICE_UNAVAILABLE', error: 'The service is temporarily unavailable' });
  });
});
