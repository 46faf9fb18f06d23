import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { Language, User } from '@yuk/shared';
import { AppProvider } from '../app/provider';
import { changeLanguage, loadFeatureTexts } from '../i18n';
import { startSession } from '../lib/session';
import { makeUser } from './factories';

// every page's texts, as in the signed-in app (and, once a test switches, in its language too)
await loadFeatureTexts();

/** Renders inside the app's providers (query cache without retries, the toasts) with a user-event session. */
export function renderWithProviders(ui: ReactElement) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
  const user = userEvent.setup();
  const result = render(<AppProvider queryClient={queryClient}>{ui}</AppProvider>);
  return { ...result, user, queryClient };
}

/** The toast region's texts. */
export async function findToast(text: string | RegExp) {
  const region = await screen.findByRole('region', { name: /Xabarlar|Messages|Сообщения/ });
  return within(region).findByText(text);
}

export function jsonResponse(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
  });
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  credentials: RequestCredentials | undefined;
  signal: AbortSignal | undefined;
}

/** The URL a fetch call asks for, whichever form it was given in. */
export function requestUrl(input: RequestInfo | URL): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * Replaces fetch with a handler; every call is recorded (url, method, headers, parsed JSON body or the FormData
 * sent, abort signal).
 */
export function stubFetch(handler: (call: FetchCall) => Response | Promise<Response>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const raw = typeof init.body === 'string' ? init.body : undefined;
    const call: FetchCall = {
      url: requestUrl(input),
      method: init.method ?? 'GET',
      headers,
      // JSON as its value; a multipart form as the FormData it is
      body: raw !== undefined ? JSON.parse(raw) : init.body instanceof FormData ? init.body : undefined,
      credentials: init.credentials,
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** The signed-in user of the tests. */
export const sampleUser = makeUser();

/**
 * Each test of the block runs signed in (as the sample user, unless another is given) with the interface in
 * `language`; after it, fetch (and any fake API) and the language are as before.
 */
export function signedIn(language: Language, user: User = sampleUser): void {
  beforeEach(async () => {
    await changeLanguage(language);
    startSession({ accessToken: 'token', user });
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    await changeLanguage('uz');
  });
}

/**
 * Replaces fetch with one that holds every call until `answer`. The loading state a test looks for shows
 * before the request leaves (on a busy machine, noticeably before): `answer` waits until a call is on its way,
 * then answers every held call with a fresh response from `respond`.
 */
export function holdFetch() {
  const waiting: Array<(response: Response) => void> = [];
  const stub = stubFetch(() => new Promise<Response>((resolve) => waiting.push(resolve)));
  async function answer(respond: () => Response): Promise<void> {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    for (const resolve of waiting.splice(0)) resolve(respond());
  }
  return { ...stub, answer };
}

/**
 * Renders pages (lazy routes included) in a memory router at `entry`, as the app's router would, with nothing
 * drawn while a lazy page loads (the app's shell draws a loader there).
 */
export function renderRoutes(children: RouteObject[], entry: InitialEntry) {
  const router = createMemoryRouter([{ path: '/', HydrateFallback: NothingYet, children }], {
    initialEntries: [entry],
  });
  return { ...renderWithProviders(<RouterProvider router={router} />), router };
}

function NothingYet() {
  return null;
}
