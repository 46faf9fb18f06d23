import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/database.js';
import { AppError } from '../errors.js';
import { findActiveSession, type TokenService } from '../modules/users/index.js';

export interface Principal {
  userId: number;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** A preHandler that lets only signed-in users through (401 otherwise). */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

/** The signed-in user of a request that passed `authenticate`. */
export function currentUser(request: FastifyRequest): Principal {
  if (!request.principal) throw new AppError('NOT_AUTHENTICATED');
  return request.principal;
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Bearer access tokens only (never from a URL); the session must still be open, so logout ends access at once. */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Db; tokens: TokenService }) => {
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('NOT_AUTHENTICATED');
    const claims = await options.tokens.verifyAccess(token);
    const session = await findActiveSession(options.db, claims.sessionId);
    if (!session || session.user_id !== claims.userId) throw new AppError('TOKEN_INVALID');
    request.principal = claims;
  });
});
