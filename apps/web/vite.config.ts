import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pathTo, TENDER_MODES, webRoutes } from '@yuk/shared';
import { pagePreloadsPlugin } from './scripts/page-preloads';

/**
 * React Router's production build. Its package exports only the development build, which differs in one flag
 * (dev warnings on): a built app would check and word warnings no one reads on every navigation.
 */
const reactRouterProduction = createRequire(import.meta.url)
  .resolve('react-router')
  .replace(/development([\\/])index\.m?js$/, 'production$1index.mjs');

/**
 * The web app: React with Tailwind, built to apps/web/dist (served by the server with a strict CSP, so the
 * page has no inline script). Pages are lazy routes, each its own chunk; the libraries every screen needs
 * share one long-cached vendor chunk, so the first screen loads only the start-up code and the login page.
 */
export default defineConfig(({ command }) => ({
  resolve: {
    // only where the package still ships it there (a later version may export it itself)
    alias:
      command === 'build' && existsSync(reactRouterProduction)
        ? [{ find: /^react-router$/, replacement: reactRouterProduction }]
        : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    // the pages a signed-in visit most often opens at (the list, a tender from a link or a notification): the
    // server names their chunks in the index.html it sends there (decision 037). Their paths are the shared
    // webRoutes, which is TypeScript: this file is loaded with `--configLoader runner` for that (package.json)
    pagePreloadsPlugin({
      shell: 'src/app/router.tsx',
      pages: [
        {
          paths: [webRoutes.tenders, ...TENDER_MODES.map((mode) => pathTo(webRoutes.tendersByMode, { mode }))],
          module: 'src/features/tenders/tenders-page.tsx',
        },
        { paths: [webRoutes.tender], module: 'src/features/tenders/tender-detail-page.tsx' },
      ],
    }),
    // installable, and the app shell offline: the manifest, and the service worker of src/sw.ts with the
    // build's files precached (decision 018); a new version is announced, never forced on an open page
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // the source maps stay on the server for debugging; phones never need them
        globIgnores: ['**/*.map'],
      },
      manifest: {
        id: '/',
        name: 'Yuk Tender',
        short_name: 'Yuk Tender',
        description: 'Freight tenders, bids, vehicles and shipments',
        lang: 'uz',
        start_url: '/tenders',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#0b1530',
        theme_color: '#0b1530',
        categories: ['business', 'productivity'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
    }),
  ],
  server: {
    host: '127.0.0.1',
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // zod's schema builders have no side effects, so schemas nothing uses are left out of the bundle
      // (which also means a bare z.config(…) call made only for its effect would be dropped: don't rely on one)
      treeshake: { manualPureFunctions: ['z'] },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
}));
