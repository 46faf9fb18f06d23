/**
 * The names of the `:param` parts of a path pattern: '/api/tenders/:id/bids' gives 'id'.
 */
export type PathParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Pattern extends `${string}:${infer Name}`
    ? Name
    : never;

/** The values a pattern needs, by name; none for a pattern without parameters. */
export type PathParams<Pattern extends string> = [PathParamNames<Pattern>] extends [never]
  ? []
  : [params: Record<PathParamNames<Pattern>, string | number>];

/**
 * Fills a path pattern's `:param` parts with their values, each encoded as one path segment:
 * `pathTo(apiPaths.tenders.one, { id: 7 })` is '/api/tenders/7'. The same patterns are the server's routes
 * (Fastify reads `:param` the same way) and the web app's, so a path is written once.
 */
export function pathTo<Pattern extends string>(pattern: Pattern, ...[params]: PathParams<Pattern>): string {
  if (!params) return pattern;
  const values = params as Record<string, string | number>;
  return pattern.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`pathTo: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}
