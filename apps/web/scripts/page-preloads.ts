import type { Plugin, Rolldown } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@yuk/shared';

/** A page whose first visit the server can speed up: its route patterns and the module that draws it. */
export interface PreloadedPage {
  paths: readonly string[];
  /** The page module's path, as its file name ends (e.g. `src/features/tenders/tenders-page.tsx`). */
  module: string;
}

/** The files of the chunk built from `module` and of every chunk it imports statically, in loading order. */
function chunkClosure(bundle: Rolldown.OutputBundle, module: string): string[] | undefined {
  const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(module));
  if (!entry) return undefined;
  const files = new Set<string>();
  const visit = (fileName: string) => {
    if (files.has(fileName)) return;
    files.add(fileName);
    const chunk = bundle[fileName];
    if (chunk?.type === 'chunk') for (const imported of chunk.imports) visit(imported);
  };
  visit(entry.fileName);
  return [...files];
}

/**
 * Writes PAGE_PRELOADS_FILE (packages/shared): for each page, the chunks of the signed-in shell (`shell`, the
 * router's module) and of the page itself. The build fails when a module named here has no chunk of its own
 * (a page moved or renamed), rather than writing a map that preloads nothing.
 */
export function pagePreloadsPlugin(options: { shell: string; pages: readonly PreloadedPage[] }): Plugin {
  return {
    name: 'yuk-page-preloads',
    apply: 'build',
    generateBundle(_output, bundle) {
      const closure = (module: string) => {
        const files = chunkClosure(bundle, module);
        if (!files) this.error(`page preloads: no chunk is built from ${module}`);
        return files;
      };
      const shell = closure(options.shell);
      const preloads: PagePreloads = {
        pages: options.pages.map((page) => ({
          paths: [...page.paths],
          files: [...new Set([...shell, ...closure(page.module)])],
        })),
      };
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}
