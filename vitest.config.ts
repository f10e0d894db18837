import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: one file at a time on a two-core machine.
    // Most of the time here is spent waiting (the server tests wait on sockets, Redis and timers), so
    // four files at once take a third of the time, with the same results.
    maxWorkers: 4,
    // Files share a worker's loaded modules instead of loading them again each (the imports were half
    // the step's CPU). Tests keep no state in modules between files, and stub globals with
    // vi.stubGlobal, which vitest puts back before the next test, whatever file it is in.
    isolate: false,
    unstubGlobals: true,
  },
});
