import { createHash, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS, REFRESH_TOKEN_TTL_SECONDS } from '@yuk/shared';
import { AppError } from '../../errors.js';

const ISSUER = 'yuk-tender';
const AUDIENCE = 'yuk-tender-app';
const ALGORITHM = 'HS256';
/** Signature checks cost ~50 µs (WebCrypto, on the thread pool): enough room for every recently active client. */
const VERIFIED_CACHE_SIZE = 10_000;

export type TokenType = 'access' | 'refresh';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface RefreshClaims extends AccessClaims {
  tokenId: string;
  expiresAt: Date;
}

export interface TokenService {
  signAccess(claims: AccessClaims): Promise<string>;
  signRefresh(claims: AccessClaims): Promise<{ token: string; tokenId: string; expiresAt: Date }>;
  verifyAccess(token: string): Promise<AccessClaims>;
  verifyRefresh(token: string): Promise<RefreshClaims>;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** JWTs signed HS256 with the algorithm pinned on verify; exp, iss, aud and the token type are checked. */
export function createTokenService(secret: string, now: () => number = Date.now): TokenService {
  const key = new TextEncoder().encode(secret);
  /** Access tokens whose signature and claims passed, by token text (least recently used out first). */
  const verifiedAccess = new Map<string, { claims: AccessClaims; expiresAt: number }>();

  async function sign(type: TokenType, claims: AccessClaims, ttlSeconds: number, tokenId: string) {
    const issuedAt = Math.floor(now() / 1000);
    const token = await new SignJWT({ typ: type, sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ttlSeconds)
      .setJti(tokenId)
      .sign(key);
    return { token, expiresAt: new Date((issuedAt + ttlSeconds) * 1000) };
  }

  async function verify(token: string, type: TokenType) {
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['exp', 'iat', 'sub', 'jti'],
        currentDate: new Date(now()),
      });
      const userId = Number(payload.sub);
      if (payload.typ !== type || typeof payload.sid !== 'string' || !Number.isSafeInteger(userId) || userId <= 0) {
        throw new AppError('TOKEN_INVALID');
      }
      return {
        userId,
        sessionId: payload.sid,
        tokenId: payload.jti as string,
        expiresAt: new Date((payload.exp ?? 0) * 1000),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) throw new AppError('TOKEN_INVALID');
      throw error;
    }
  }

  return {
    async signAccess(claims) {
      return (await sign('access', claims, ACCESS_TOKEN_TTL_SECONDS, randomUUID())).token;
    },
    async signRefresh(claims) {
      const tokenId = randomUUID();
      const { token, expiresAt } = await sign('refresh', claims, REFRESH_TOKEN_TTL_SECONDS, tokenId);
      return { token, tokenId, expiresAt };
    },
    async verifyAccess(token) {
      // A client sends the same access token with every request for its whole life; its signature and
      // claims are checked once, after that only its expiry (the session itself is still checked per request).
      const known = verifiedAccess.get(token);
      if (known && known.expiresAt > now()) {
        verifiedAccess.delete(token); // re-inserted: most recently used last
        verifiedAccess.set(token, known);
        return known.claims;
      }
      if (known) verifiedAccess.delete(token);
      const { userId, sessionId, expiresAt } = await verify(token, 'access');
      const claims = { userId, sessionId };
      if (verifiedAccess.size >= VERIFIED_CACHE_SIZE)
        verifiedAccess.delete(verifiedAccess.keys().next().value as string);
      verifiedAccess.set(token, { claims, expiresAt: expiresAt.getTime() });
      return claims;
    },
    verifyRefresh: (token) => verify(token, 'refresh'),
  };
}
