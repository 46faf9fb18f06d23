import { describe, expect, it } from 'vitest';
import { apiPaths } from '@yuk/shared';
import { loadConfig } from '../src/config.js';
import { createPrettyLogStream } from '../src/log-format.js';
import { buildTestApp } from './helpers.js';

describe('log format', () => {
  it('is readable on a terminal and JSON elsewhere, unless LOG_FORMAT says which', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' }, true)).toThrow(/LOG_FORMAT/);
  });

  it('writes one readable line per request, with method, path, status and time', async () => {
    const written: string[] = [];
    const logStream = await createPrettyLogStream({ write: (text: string) => written.push(text), isTTY: false });
    const { app, close } = await buildTestApp({ logLevel: 'info', logStream });
    try {
      const res = await app.inject({ method: 'GET', url: apiPaths.health });
      expect(res.statusCode).toBe(200);
      app.log.warn({ tenderId: 7 }, 'tender closed by the sweeper');
    } finally {
      await close();
    }
    const lines = written.join('').split('\n').filter(Boolean);
    const requestLines = lines.filter((line) => line.includes(apiPaths.health));
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/health 200 \d+ ms$/);
    expect(lines.some((line) => /WARN: tender closed by the sweeper.*"tenderId":7/.test(line))).toBe(true);
    expect(lines.every((line) => !line.startsWith('{'))).toBe(true);
  });
});
