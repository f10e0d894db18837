import { defineConfig } from 'vitest/config';

/** `npm run bench:rooms`: figures, not tests (see rooms.bench.ts). */
export default defineConfig({
  test: {
    include: ['tests/bench/**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    testTimeout: 3_600_000,
  },
});
