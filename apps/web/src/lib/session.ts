import { useSyncExternalStore } from 'react';
import type { User } from '@yuk/shared';
import { getAccessToken, removeAccessToken, setAccessToken } from './cookies';
import { forgetOfflineCopies } from './offline-cache';

/** Local storage markers of a session: a 'user' flag and the user's info. */
export const USER_FLAG_KEY = 'user';
export const USER_INFO_KEY = 'userInfo';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';
export interface SessionState {
  status: SessionStatus;
  user: User | null;
}

/**
 * The session as app state. 'loading' until the start-up check ends; the api client and the auth screens
 * move it; the app shows the login screen whenever it is 'signed-out'.
 */
let state: SessionState = { status: 'loading', user: null };
const listeners = new Set<() => void>();

function setState(next: SessionState) {
  state = next;
  for (const listener of listeners) listener();
}

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

/** The signed-in user (null while loading or signed out). */
export function useCurrentUser(): User | null {
  return useSession().user;
}

function storageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function storageSet(key: string, value: string) {
  try {
    localStorage.setItem(key, value);
  } catch {
    // storage unavailable (private mode): the session lasts while the page is open
  }
}

function storageRemove(key: string) {
  try {
    localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

function storeUser(user: User) {
  storageSet(USER_FLAG_KEY, 'true');
  storageSet(USER_INFO_KEY, JSON.stringify(user));
}

/** After a login: the access token cookie, the user flag and user info; the app switches to signed in. */
export function startSession(session: { accessToken: string; user: User }): void {
  setAccessToken(session.accessToken);
  storeUser(session.user);
  setState({ status: 'signed-in', user: session.user });
}

/** After a token refresh: the new access token and user info; a signed-in app stays signed in. */
export function renewSession(session: { accessToken: string; user: User }): void {
  setAccessToken(session.accessToken);
  storeUser(session.user);
  if (state.status === 'signed-in') setState({ status: 'signed-in', user: session.user });
}

/** The start-up check confirmed the stored token: signed in as this user. */
export function confirmSession(user: User): void {
  storeUser(user);
  setState({ status: 'signed-in', user });
}

/** Not signed in, keeping what is stored (a Mobile-ID or ERI-Key flag waits for a token). */
export function showSignedOut(): void {
  setState({ status: 'signed-out', user: null });
}

/** Ends the session on this device: access token cookie, user flag and user info; shows the login screen. */
export function clearSession(): void {
  void forgetOfflineCopies();
  removeAccessToken();
  storageRemove(USER_FLAG_KEY);
  storageRemove(USER_INFO_KEY);
  setState({ status: 'signed-out', user: null });
}

/** Set by Mobile-ID's send and ERI-Key's select; not a session until a token exists. */
export function setUserFlag(): void {
  storageSet(USER_FLAG_KEY, 'true');
}

export function hasUserFlag(): boolean {
  return storageGet(USER_FLAG_KEY) !== null;
}

export function hasAccessToken(): boolean {
  return getAccessToken() !== undefined;
}

/** Whether a value has the shape of the API's user (checked by hand: the start-up code stays free of zod). */
export function isUser(value: unknown): value is User {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.id === 'number' &&
    ['first_name', 'last_name', 'email', 'phone_number', 'created_at'].every((key) => typeof record[key] === 'string')
  );
}

/** The user info kept by the last login or refresh, when it is still readable. */
export function readStoredUser(): User | null {
  const raw = storageGet(USER_INFO_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
}
