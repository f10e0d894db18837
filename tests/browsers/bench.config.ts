import { defineConfig } from 'vitest/config';

/** `npm run bench`'s Firefox part: figures, not tests (see bench/firefox.bench.ts). */
export default defineConfig({
  test: {
    include: ['tests/browsers/bench/**/*.bench.ts'],
    environment: 'node',
    fileParallelism: false,
    hookTimeout: 120_000,
  },
});
