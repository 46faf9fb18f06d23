import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../errors.js';

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

/**
 * What the plugin needs of the users module, handed in by the app: the plugin sits below the modules (their
 * routes use it), so it does not import them.
 */
export interface AuthOptions {
  /** The claims of a valid access token; throws TOKEN_INVALID otherwise. */
  verifyAccess(token: string): Promise<Principal>;
  /** Whether the session is still open, and for this user. */
  isSessionOpen(sessionId: string, userId: number): Promise<boolean>;
}

/** Bearer access tokens only (never from a URL); the session must still be open, so logout ends access at once. */
const authenticateBearer = async (app: FastifyInstance, options: AuthOptions) => {
  app.decorateRequest('principal', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    if (!token) throw new AppError('NOT_AUTHENTICATED');
    const claims = await options.verifyAccess(token);
    if (!(await options.isSessionOpen(claims.sessionId, claims.userId))) throw new AppError('TOKEN_INVALID');
    request.principal = { userId: claims.userId, sessionId: claims.sessionId };
  });
};
export const authPlugin = fp(authenticateBearer, { name: 'auth', dependencies: ['errors'] });
