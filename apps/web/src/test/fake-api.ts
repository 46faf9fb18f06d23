import type { PathParamNames } from '@yuk/shared';
import { jsonResponse, stubFetch, type FetchCall } from './render';

/**
 * One fake of the HTTP API for the web tests, routed by the same `apiPaths` patterns the app calls and the
 * server registers: a test lists the calls it answers (`on.get(apiPaths.tenders.one, …)`) and reads what the
 * page sent in `calls`. It replaces `fetch` for the test (the `signedIn` block puts it back afterwards).
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A call as a route sees it: the recorded fetch call, its path's `:param` values and its query. */
export interface ApiCall<Pattern extends string = string> extends FetchCall {
  /** The path without the query. */
  path: string;
  params: Record<PathParamNames<Pattern>, string>;
  query: URLSearchParams;
}

/**
 * A route's answer: a Response as it is, any other value as its JSON (200), or undefined to leave the call
 * to the next route.
 */
type Answer = Response | object | string | number | boolean | null | undefined;
type Resolver<Pattern extends string> = (call: ApiCall<Pattern>) => Answer | Promise<Answer>;

export interface Route {
  method: Method | 'ANY';
  /** An `apiPaths` pattern, or '*' for every path. */
  pattern: string;
  resolve: Resolver<string>;
}

function route(method: Route['method']) {
  return <Pattern extends string>(pattern: Pattern, resolve: Resolver<Pattern>): Route => ({
    method,
    pattern,
    resolve,
  });
}

/** Routes by method: `on.get(apiPaths.shipments.one, ({ params }) => …)`; `on.all('*', …)` answers the rest. */
export const on = {
  get: route('GET'),
  post: route('POST'),
  put: route('PUT'),
  patch: route('PATCH'),
  delete: route('DELETE'),
  all: route('ANY'),
};

/** The `:param` values of a path when it fits the pattern, else undefined. */
function matchPath(pattern: string, path: string): Record<string, string> | undefined {
  if (pattern === '*') return {};
  const names: string[] = [];
  const source = pattern
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  const match = new RegExp(`^${source}$`).exec(path);
  if (!match) return undefined;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
}

/** What the API answers for a path it does not know. */
export const notFound = () => jsonResponse({ error: 'Not found', code: 'NOT_FOUND' }, 404);

/**
 * Replaces fetch with the fake API: each call goes to the routes in order, the first that fits and answers
 * wins; a call no route answers gets the API's 404. Every call is recorded in `calls`.
 */
export function fakeApi(...routes: Route[]) {
  return stubFetch(async (call) => {
    const url = new URL(call.url, 'http://localhost');
    for (const { method, pattern, resolve } of routes) {
      if (method !== 'ANY' && method !== call.method) continue;
      const params = matchPath(pattern, url.pathname);
      if (!params) continue;
      const answer = await resolve({ ...call, path: url.pathname, params, query: url.searchParams });
      if (answer === undefined) continue;
      return answer instanceof Response ? answer : jsonResponse(answer);
    }
    return notFound();
  });
}
