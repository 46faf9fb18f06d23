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

export function getAccessToken(): string | undefined {
  return Cookies.get(ACCESS_COOKIE_NAME) || undefined;
}

export function setAccessToken(token: string): void {
  Cookies.set(ACCESS_COOKIE_NAME, token, attributes());
}

export function removeAccessToken(): void {
  Cookies.remove(ACCESS_COOKIE_NAME, { path: '/' });
}
