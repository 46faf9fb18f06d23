import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { authPlugin } from '../src/plugins/auth.js';
import { errorsPlugin } from '../src/plugins/errors.js';
import { securityPlugin } from '../src/plugins/security.js';

const auth = { verifyAccess: () => Promise.reject(new Error('unused')), isSessionOpen: async () => false };

describe('the plugins name what they need before them', () => {
  it('refuses to start when a plugin comes before one it depends on', async () => {
    const app = Fastify();
    await expect(app.register(authPlugin, auth)).rejects.toThrow(/dependency 'errors'/);
    const secured = Fastify();
    await expect(secured.register(securityPlugin, {})).rejects.toThrow(/dependency 'errors'/);
  });

  it('starts when they come in order', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    await app.register(securityPlugin, {});
    await app.register(authPlugin, auth);
    await app.ready();
    expect(app.hasDecorator('authenticate')).toBe(true);
    await app.close();
  });
});
