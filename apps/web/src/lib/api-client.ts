import { apiPaths, type AuthTokens } from '@yuk/shared';
import i18n, { currentLanguage } from '../i18n';
import { getAccessToken } from './cookies';
import { clearSession, isUser, renewSession } from './session';
import { isOffline, noteAnswer } from './use-online';

/** Where the API lives: VITE_API_BASE_URL, or the web app's own origin when unset. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL ?? '').replace(/\/+$/, '');
export const REFRESH_PATH = apiPaths.users.refresh;

/** Every failed call: the HTTP status (0 when the server could not be reached), the stable code, field texts. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly fields: Record<string, string> | undefined,
  ) {
    super(message);
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The text to show for any error: the ApiError's text, else the given default. */
export function errorMessage(error: unknown, fallback: string): string {
  return isApiError(error) && error.message ? error.message : fallback;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query string parameters; empty, null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /** The caller's default text, shown when the server's answer has no `error` or `message` text. */
  errorMessage?: string;
  /**
   * false for the session calls themselves (login, register, refresh, logout): no bearer token and no
   * refresh on 401, so a wrong password answers with the server's text instead of a refresh attempt.
   */
  auth?: boolean;
  /** 'include' for calls that read or set the HttpOnly refresh cookie. */
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** Called with a successful answer before its body is read (e.g. to read a list's paging headers). */
  onResponse?: (response: Response) => void;
  headers?: Record<string, string>;
  /** 'blob' reads a file's bytes (a PDF) instead of JSON or text. */
  readAs?: 'blob';
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.append(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE_URL}${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token) headers.Authorization = `Bearer ${token}`;
  try {
    const response = await fetch(apiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      credentials: options.credentials ?? 'same-origin',
      signal: options.signal,
    });
    noteAnswer(response);
    return response;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(i18n.t('common.errors.network'), 0, 'NETWORK_ERROR', undefined);
  }
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((entry) => typeof entry === 'string')
  );
}

/** Which text an error shows: the server's `error` field, else `message`, else the caller's default. */
async function toApiError(response: Response, options: RequestOptions): Promise<ApiError> {
  let payload: unknown = null;
  try {
    payload = await response.json();
  } catch {
    payload = null;
  }
  const body = typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
  const text =
    (typeof body.error === 'string' && body.error.trim()) ||
    (typeof body.message === 'string' && body.message.trim()) ||
    options.errorMessage ||
    i18n.t('common.errors.generic');
  const code = typeof body.code === 'string' ? body.code : undefined;
  const fields = isStringRecord(body.fields) ? body.fields : undefined;
  return new ApiError(text, response.status, code, fields);
}

async function readBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!text) return undefined as T;
  const type = response.headers.get('content-type') ?? '';
  // the answer's shape is the route's documented response; callers name it with T
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

function isAuthTokens(value: unknown): value is AuthTokens {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.accessToken === 'string' && record.accessToken !== '' && isUser(record.user);
}

let refreshing: Promise<AuthTokens | null> | null = null;

async function runRefresh(): Promise<AuthTokens | null> {
  const response = await send(REFRESH_PATH, { method: 'POST', credentials: 'include' }, undefined);
  if (!response.ok) return null;
  const tokens: unknown = await response.json().catch(() => null);
  if (!isAuthTokens(tokens)) return null;
  renewSession(tokens);
  return tokens;
}

/**
 * Exchanges the HttpOnly refresh cookie for a new access token (stored in its cookie). Single-flight: calls
 * made while one is running share it, so a rotated refresh token is never presented twice. Resolves to
 * null when the server refuses; rejects with an ApiError (status 0) when the server cannot be reached.
 */
export function refreshAccessToken(): Promise<AuthTokens | null> {
  refreshing ??= runRefresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API: JSON in and out, the bearer token from its cookie, Accept-Language = the current language.
 * On a 401 it refreshes the access token once and retries; when that fails it clears the session (the app then
 * shows the login screen). Failures are thrown as ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  // offline the app is read-only: a change is refused now, never kept to be sent later (a late bid is wrong)
  if ((options.method ?? 'GET') !== 'GET' && isOffline()) {
    throw new ApiError(i18n.t('common.offline.action'), 0, 'OFFLINE', undefined);
  }
  const auth = options.auth ?? true;
  const sentToken = auth ? getAccessToken() : undefined;
  let response = await send(path, options, sentToken);

  if (response.status === 401 && auth) {
    const current = getAccessToken();
    // another call may have refreshed while this one was on its way: then just retry with the new token
    const renewed = current !== undefined && current !== sentToken ? true : (await refreshAccessToken()) !== null;
    if (!renewed) {
      const error = await toApiError(response, options);
      clearSession();
      throw error;
    }
    response = await send(path, options, getAccessToken());
    if (response.status === 401) {
      const error = await toApiError(response, options);
      clearSession();
      throw error;
    }
  }

  if (!response.ok) throw await toApiError(response, options);
  options.onResponse?.(response);
  // the caller asked for a file and names it Blob with T
  if (options.readAs === 'blob') return (await response.blob()) as T;
  return readBody<T>(response);
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

/** What reading an answer needs of a schema (zod's safeParse), so that this module imports no zod. */
interface AnswerSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/**
 * GET `path` and read the answer with a schema imported on first use: its chunk comes while the request is on
 * its way. An answer the schema refuses (a proxy's page, say) is the error `refused`, not an empty value.
 */
export async function getChecked<T>(
  path: string,
  loadSchema: () => Promise<AnswerSchema<T>>,
  refused: string,
  options?: BodylessOptions,
): Promise<T> {
  const [schema, body] = await Promise.all([loadSchema(), apiRequest<unknown>(path, { ...options, method: 'GET' })]);
  const answer = schema.safeParse(body);
  if (!answer.success) throw new Error(refused);
  return answer.data;
}

/** Shorthands: api.get('/api/tenders/all', { query }), api.post('/api/tenders', body, { errorMessage }). */
export const api = {
  get: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  delete: <T>(path: string, options?: BodylessOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
};
