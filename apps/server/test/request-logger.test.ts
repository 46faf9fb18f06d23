import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { lazyRequestLogger } from '../src/request-logger.js';
import { buildTestApp } from './helpers.js';
import { createUser } from './factories/index.js';

interface Line {
  level: number;
  msg?: string;
  reqId?: string;
  req?: { headers?: Record<string, string> };
  [key: string]: unknown;
}

/** A pino logger at `level` whose lines are kept, parsed. */
function capturedLogger(level: string) {
  const lines: Line[] = [];
  const logger = pino({ level }, { write: (line: string) => void lines.push(JSON.parse(line) as Line) });
  return { logger, lines };
}

describe('a request logger made on first use', () => {
  it('writes the lines of the levels that are on, with the request id bound, and nothing else', () => {
    const { logger, lines } = capturedLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-1' }, {});
    log.info('not written');
    log.debug({ detail: 1 }, 'not written either');
    expect(lines).toEqual([]);
    log.warn({ pending: 2 }, 'written');
    log.error(new Error('boom'));
    log.info('still not written');
    expect(lines.map(({ level, msg, reqId }) => ({ level, msg, reqId }))).toEqual([
      { level: 40, msg: 'written', reqId: 'r-1' },
      { level: 50, msg: 'boom', reqId: 'r-1' },
    ]);
    expect(lines[0]?.pending).toBe(2);
  });

  it('reads and changes its level as a child would, and makes children with both bindings', () => {
    const { logger, lines } = capturedLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-2' }, {});
    expect(log.level).toBe('warn');
    log.level = 'debug';
    expect(log.level).toBe('debug');
    expect(logger.level).toBe('warn');
    log.debug('now written');
    log.child({ part: 'upload' }).warn('from a child');
    expect(lines.map(({ msg, reqId, part }) => ({ msg, reqId, part }))).toEqual([
      { msg: 'now written', reqId: 'r-2', part: undefined },
      { msg: 'from a child', reqId: 'r-2', part: 'upload' },
    ]);
  });

  it('gives a route with its own level its child at once', () => {
    const { logger, lines } = capturedLogger('warn');
    const log = lazyRequestLogger(logger, { reqId: 'r-3' }, { level: 'info' });
    log.info('the route logs at info');
    expect(lines.map(({ msg, reqId }) => ({ msg, reqId }))).toEqual([{ msg: 'the route logs at info', reqId: 'r-3' }]);
  });
});

describe('request lines of the app', () => {
  it('logs each request received and answered under one id, without the token', async () => {
    const lines: Line[] = [];
    const { app } = await buildTestApp({
      logLevel: 'info',
      logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
    });
    const user = await createUser(app);
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: apiPaths.users.me,
      headers: { authorization: `Bearer ${user.accessToken}` },
    });
    expect(res.statusCode).toBe(200);
    const received = lines.find((line) => line.msg === 'incoming request');
    const answered = lines.find((line) => line.msg === 'request completed');
    expect(received?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    expect(answered?.reqId).toBe(received?.reqId);
    expect(JSON.stringify(lines)).not.toContain(user.accessToken);
  });
});
