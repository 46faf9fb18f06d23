import { z } from 'zod';

/**
 * What the web build writes beside index.html for the server: for the pages a signed-in visit often opens at,
 * the scripts that page's first visit needs beyond those index.html names (the signed-in shell's and the page's
 * own). The server names them in the index.html it sends a signed-in browser at such an address, so that they
 * are asked for while the HTML is parsed instead of one by one from script once the router has started.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

/** A built script, as the build names it (never anything an HTML attribute would have to escape). */
const builtScript = z.string().regex(/^assets\/[\w.~-]+\.js$/);

export const pagePreloads = z.object({
  pages: z.array(
    z.object({
      /** The page's route patterns (`webRoutes`), `:name` standing for one path segment. */
      paths: z.array(z.string().startsWith('/')).min(1),
      files: z.array(builtScript),
    }),
  ),
});
export type PagePreloads = z.infer<typeof pagePreloads>;
