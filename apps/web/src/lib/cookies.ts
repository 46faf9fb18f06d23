import Cookies from 'js-cookie';
import { ACCESS_COOKIE_DAYS, ACCESS_COOKIE_NAME } from '@yuk/shared';

/**
 * The access token cookie (kept 1 day). Scripts must read it to send the bearer header, so it
 * cannot be HttpOnly; SameSite=Strict and the server's strict CSP guard it. The refresh token is the
 * server's HttpOnly cookie and never passes through here.
 */
function attributes(): Cookies.CookieAttributes {
  return {
    expires: ACCESS_COOKIE_DAYS,
    path: '/',
    sameSite: 'Strict',
    secure: typeof location !== 'undefined' && location.protocol === 'https:',
  };
}

/**
 * The token as last read, until the current task's microtasks have run. Every query hook asks for the token on
 * every render (to know whether it may run), and each `document.cookie` read asks the browser for the cookies
 * and parses all of them: a render of the signed-in shell read it dozens of times. Another tab may sign out or
 * renew the token at any moment, so a read is kept only within the task that made it.
 */
let lastRead: { token: string | undefined } | undefined;

export function getAccessToken(): string | undefined {
  if (lastRead) return lastRead.token;
  const read = { token: Cookies.get(ACCESS_COOKIE_NAME) || undefined };
  lastRead = read;
  queueMicrotask(() => {
    if (lastRead === read) lastRead = undefined;
  });
  return read.token;
}

export function setAccessToken(token: string): void {
  lastRead = undefined;
  Cookies.set(ACCESS_COOKIE_NAME, token, attributes());
}

export function removeAccessToken(): void {
  lastRead = undefined;
  Cookies.remove(ACCESS_COOKIE_NAME, { path: '/' });
}
