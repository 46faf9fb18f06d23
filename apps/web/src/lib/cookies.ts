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
 * The token as read by the code running now. A page reads it for every query it renders and every request it
 * sends, and a read of document.cookie may ask the browser's cookie store; so it is read once per run of
 * code, and again after (another tab or a response may have changed the cookie meanwhile) or after a change here.
 */
let readNow: { token: string | undefined } | undefined;

export function getAccessToken(): string | undefined {
  if (!readNow) {
    readNow = { token: Cookies.get(ACCESS_COOKIE_NAME) || undefined };
    queueMicrotask(() => {
      readNow = undefined;
    });
  }
  return readNow.token;
}

export function setAccessToken(token: string): void {
  Cookies.set(ACCESS_COOKIE_NAME, token, attributes());
  readNow = undefined;
}

export function removeAccessToken(): void {
  Cookies.remove(ACCESS_COOKIE_NAME, { path: '/' });
  readNow = undefined;
}
