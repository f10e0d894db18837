import { defineConfig } from 'vitest/config';

/** Firefox and WebKit, driven for real against the built app (npm run build first). */
export default defineConfig({
  test: {
    include: ['tests/browsers/**/*.test.ts'],
    environment: 'node',
    // Each file starts its own display, sound server and app server on free ports, so two run side
    // by side (the gate runs Firefox's pages beside WebKit, then Firefox's recordings alone).
    fileParallelism: true,
    maxWorkers: 2,
    testTimeout: 180_000,
    // A suite's setup may launch Firefox twice (support/firefox.ts).
    hookTimeout: 180_000,
  },
});
