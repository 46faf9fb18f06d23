import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'scaleout',
    root: import.meta.dirname,
    include: ['*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
