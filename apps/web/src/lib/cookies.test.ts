import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_COOKIE_NAME } from '@yuk/shared';
import { getAccessToken, removeAccessToken, setAccessToken } from './cookies';

/** What another tab does: it writes the cookie without going through this tab's module. */
function writeFromAnotherTab(value: string | null) {
  document.cookie =
    value === null
      ? `${ACCESS_COOKIE_NAME}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`
      : `${ACCESS_COOKIE_NAME}=${value}; path=/`;
}

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the access token cookie', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is read from document.cookie once however often a task asks for it', async () => {
    setAccessToken('token-1');
    await nextTask();
    const reads = vi.spyOn(document, 'cookie', 'get');
    expect(getAccessToken()).toBe('token-1');
    const oneRead = reads.mock.calls.length;
    expect(oneRead).toBeGreaterThan(0);
    await nextTask();
    reads.mockClear();
    for (let i = 0; i < 30; i += 1) expect(getAccessToken()).toBe('token-1');
    expect(reads).toHaveBeenCalledTimes(oneRead);
  });

  it("sees another tab's renewal and sign-out in the next task", async () => {
    setAccessToken('token-1');
    expect(getAccessToken()).toBe('token-1');
    writeFromAnotherTab('token-2');
    await nextTask();
    expect(getAccessToken()).toBe('token-2');
    writeFromAnotherTab(null);
    await Promise.resolve();
    expect(getAccessToken()).toBeUndefined();
  });

  it("takes this tab's own changes at once", () => {
    setAccessToken('token-1');
    expect(getAccessToken()).toBe('token-1');
    setAccessToken('token-2');
    expect(getAccessToken()).toBe('token-2');
    removeAccessToken();
    expect(getAccessToken()).toBeUndefined();
  });
});
