import { defineConfig } from '@playwright/test';
import type { TestOptions } from './tests/e2e/support/test';
import { BASE_ARGS, BASE_URL, CHROMIUM_PATH, FAKE_MEDIA_ARGS, ROOM_ARGS, TEST_PORT } from './tests/e2e/support/chromium';

const ROOM_LAUNCH = { executablePath: CHROMIUM_PATH, args: ROOM_ARGS };

/**
 * Tests whose result depends on the encoder keeping up carry the tag `@timing`: a frame rate, the gap
 * before the second frame, a length or a bitrate to the tenth, the 1080p picture a recording keeps
 * when nothing slows it, the second at most a crash may lose, overlay pixels, or sound timed within a
 * frame. They are the `-timing` projects, which the gate runs after the others in a run of their own
 * with one worker (`npm run test:e2e`, `scripts/e2e.mjs`, does the same), so each gets the machine to itself; the rest
 * run two at a time. No project depends on another: a failure in one hides nothing in the others.
 */
const TIMING = /@timing/;

export default defineConfig<TestOptions>({
  testDir: './tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: process.env.PW_JSON_OUTPUT
    ? [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT }]]
    : [['list']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath: CHROMIUM_PATH, args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS] },
    permissions: ['camera', 'microphone'],
    acceptDownloads: true,
    // Each test starts clean; the PWA specs allow the service worker they test (test.use).
    serviceWorkers: 'block',
    // No trace: its screencast and snapshots cost more CPU than the tests (docs/architecture.md,
    // Tests and the gate). To see a failure step by step, run it again with --trace on.
    trace: 'off',
  },
  projects: [
    { name: 'pages', testIgnore: [/studio-.*\.spec\.ts/, /room-.*\.spec\.ts/] },
    {
      // Recording tests encode video in real time. The ones below only check what a recording does
      // (a dialog, an export, a recovery's memory): they run two at a time, and record at 720p, the
      // lowest quality, unless they check the default 1080p picture (`storedSettings: null`).
      // The timing tests record at the default.
      name: 'recording',
      testMatch: /studio-.*\.spec\.ts/,
      grepInvert: TIMING,
      workers: 2,
      use: { storedSettings: { video: { quality: '720p' } } },
    },
    {
      name: 'recording-timing',
      testMatch: /studio-.*\.spec\.ts/,
      grep: TIMING,
      workers: 1,
    },
    {
      // Room tests run two or three participants with real WebRTC in one browser. Most of their time
      // is spent waiting on the network, graces and transfers (about half the two cores, one test at
      // a time), so two run at once. The ones that time what reaches the others (sound to the
      // millisecond, five people's media stopping within 2 s of a kick) run alone, below.
      name: 'room',
      testMatch: /room-.*\.spec\.ts/,
      grepInvert: TIMING,
      workers: 2,
      use: { launchOptions: ROOM_LAUNCH },
    },
    {
      name: 'room-timing',
      testMatch: /room-.*\.spec\.ts/,
      grep: TIMING,
      workers: 1,
      use: { launchOptions: ROOM_LAUNCH },
    },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${TEST_PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
