import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The web app: React with Tailwind, built to apps/web/dist (served by the server with a strict CSP, so the
 * page has no inline script). Pages are lazy routes, each its own chunk; the libraries every screen needs
 * share one long-cached vendor chunk, so the first screen loads only the start-up code and the login page.
 */
export default defineConfig({
  plugins: [react(), tailwindcss()],
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
});
