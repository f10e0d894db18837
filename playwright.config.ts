import { defineConfig } from '@playwright/test';
import { BASE_ARGS, BASE_URL, CHROMIUM_PATH, FAKE_MEDIA_ARGS, TEST_PORT } from './tests/e2e/support/chromium';

export default defineConfig({
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
      // Recording tests encode 1080p video in real time and time it to a tenth of a second: on a
      // two-core machine they run one at a time, after the page tests, so they never share the CPU.
      name: 'recording',
      testMatch: /studio-.*\.spec\.ts/,
      workers: 1,
      dependencies: ['pages'],
    },
    {
      // Room tests run two or three participants with real WebRTC (and recording) in one browser:
      // one at a time, after the recording tests, so neither shares the two cores with the other.
      name: 'room',
      testMatch: /room-.*\.spec\.ts/,
      workers: 1,
      dependencies: ['recording'],
      // With no ICE servers, Chromium hides local addresses behind mDNS names that the other page must
      // resolve over multicast; on a loaded test machine that now and then stalls for over 30 s. Plain
      // local addresses take the network's multicast out of what these tests depend on.
      use: {
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'],
        },
      },
    },
  ],
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${TEST_PORT} --strictPort`,
    url: BASE_URL,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
  },
});
