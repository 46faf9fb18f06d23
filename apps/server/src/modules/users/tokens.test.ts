import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@yuk/shared';
import { AppError } from '../../errors.js';
import { createTokenService } from './tokens.js';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';

describe('access token verification', () => {
  it('still refuses a token once it has expired, after it was accepted (and remembered) before', async () => {
    let clock = Date.parse('2026-05-01T10:00:00Z');
    const tokens = createTokenService(SECRET, () => clock);
    const token = await tokens.signAccess({ userId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, sessionId: 'session-1' });
    expect(await tokens.verifyAccess(token)).toEqual({ userId: 7, sessionId: 'session-1' });
    clock += (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
    await expect(tokens.verifyAccess(token)).rejects.toBeInstanceOf(AppError);
  });

  it('refuses a token signed with another key even when a valid one for the same claims was remembered', async () => {
    const clock = Date.parse('2026-05-01T10:00:00Z');
    const ours = createTokenService(SECRET, () => clock);
    const theirs = createTokenService('another-secret-that-is-long-enough-9876543210', () => clock);
    await ours.verifyAccess(await ours.signAccess({ userId: 1, sessionId: 's' }));
    const forged = await theirs.signAccess({ userId: 1, sessionId: 's' });
    await expect(ours.verifyAccess(forged)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });

  it('refuses a refresh token as an access token', async () => {
    const tokens = createTokenService(SECRET);
    const { token } = await tokens.signRefresh({ userId: 3, sessionId: 's' });
    await expect(tokens.verifyAccess(token)).rejects.toMatchObject({ code: 'TOKEN_INVALID' });
  });
});
