import { defineConfig } from 'vitest/config';

/**
 * One Vitest run for the whole repo: shared rules, the server API (on SQLite, or on PostgreSQL when
 * TEST_DATABASE_URL is set) and the web components (jsdom).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // the multi-instance test needs nginx, PostgreSQL and Redis: `npm run test:scaleout`
          exclude: ['apps/server/test/scaleout/**'],
          environment: 'node',
          setupFiles: ['apps/server/test/setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          pool: 'forks',
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          // `npm start` itself, run as a user runs it (builds when needed, so it gets time for that)
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 480_000,
        },
      },
    ],
  },
});
