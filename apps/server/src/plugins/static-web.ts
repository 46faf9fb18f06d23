import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

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
    return reply.sendFile('index.html');
  };
  app.get('/', { schema: { hide: true } }, serve);
  app.get('/*', { schema: { hide: true } }, serve);
};
export const staticWebPlugin = fp(serveWebApp, { name: 'static-web', dependencies: ['errors', 'security'] });
