import { createHmac, timingSafeEqual } from 'node:crypto';
import { TELEGRAM_INIT_DATA_TTL_SECONDS } from '@yuk/shared';

/** The Telegram user a launch names (only what we keep or show). */
export interface InitDataUser {
  id: string;
  firstName: string;
  username: string | null;
}

export type InitDataCheck =
  { ok: true; user: InitDataUser; authDateMs: number } | { ok: false; reason: 'invalid' | 'expired' };

/** The key Telegram signs a bot's Mini App launches with: HMAC-SHA256 of the bot token, keyed by "WebAppData". */
export function initDataSecret(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** Every field but `hash`, as `key=value` lines sorted by key (the values URL-decoded), joined by \n. */
function dataCheckString(params: URLSearchParams): string {
  return [...params.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

/** Signs init data as Telegram does (the tests' and the browser journeys' stand-in Telegram). */
export function signInitData(fields: Record<string, string>, botToken: string): string {
  const params = new URLSearchParams(fields);
  params.delete('hash');
  const hash = createHmac('sha256', initDataSecret(botToken)).update(dataCheckString(params)).digest('hex');
  params.append('hash', hash);
  return params.toString();
}

function readUser(json: string | null): InitDataUser | undefined {
  if (!json) return undefined;
  try {
    const user = JSON.parse(json) as { id?: unknown; first_name?: unknown; username?: unknown };
    if (typeof user.id !== 'number' || !Number.isSafeInteger(user.id) || user.id <= 0) return undefined;
    return {
      id: String(user.id),
      firstName: typeof user.first_name === 'string' ? user.first_name.slice(0, 100) : '',
      username: typeof user.username === 'string' ? user.username.slice(0, 64) : null,
    };
  } catch {
    return undefined;
  }
}

/**
 * Checks a launch's init data as https://core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app
 * says: the hex HMAC-SHA256 of the data-check string, keyed by the bot's secret, must equal `hash` (compared in
 * constant time); then `auth_date` must be within the last 24 hours. A launch without a user names no one.
 */
export function checkInitData(raw: string, secret: Buffer, nowMs: number): InitDataCheck {
  const params = new URLSearchParams(raw);
  const given = params.get('hash') ?? '';
  if (!/^[0-9a-f]{64}$/.test(given) || params.getAll('hash').length !== 1) return { ok: false, reason: 'invalid' };
  const expected = createHmac('sha256', secret).update(dataCheckString(params)).digest();
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return { ok: false, reason: 'invalid' };
  const authDate = Number(params.get('auth_date'));
  const user = readUser(params.get('user'));
  if (!Number.isSafeInteger(authDate) || authDate <= 0 || !user) return { ok: false, reason: 'invalid' };
  const authDateMs = authDate * 1000;
  if (nowMs - authDateMs > TELEGRAM_INIT_DATA_TTL_SECONDS * 1000) return { ok: false, reason: 'expired' };
  return { ok: true, user, authDateMs };
}
