import { defineConfig } from 'vitest/config';

/** Firefox and WebKit, driven for real against the built app (npm run build first). */
export default defineConfig({
  test: {
    include: ['tests/browsers/**/*.test.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 120_000,
  },
});
