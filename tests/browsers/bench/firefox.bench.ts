/**
 * Firefox in `npm run bench` (not a test: it prints figures and asserts nothing about speed).
 * Records 1080p Screen + Webcam for BENCH_SECONDS (30) with the tab visible, then hidden behind
 * another tab, and prints the same columns as the Chromium conditions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'vitest';
import { sleep, waitFor } from '../support/browser-page';
import { startDesktop } from '../support/display';
import { launchFirefox } from '../support/firefox';
import { startPreview } from '../support/preview';
import { openStudio, pacing, probeFile, readNewestRecording, startRecording } from '../support/studio';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);

test(
  'Firefox: 1080p Screen + Webcam, visible and hidden',
  async () => {
    const desktop = await startDesktop();
    const preview = await startPreview();
    const firefox = await launchFirefox(desktop.env);
    const dir = mkdtempSync(join(tmpdir(), 'framecast-bench-firefox-'));
    const rows: string[] = [];
    try {
      for (const condition of ['visible', 'hidden'] as const) {
        const { page, browser, raw } = firefox;
        await openStudio(page, preview.url, 'Screen + Webcam');
        await sleep(2000);
        await startRecording(page);
        let note = '';
        if (condition === 'hidden') {
          const cover = await browser.newPage();
          await cover.goto(`${preview.url}/about`);
          await cover.bringToFront();
          await sleep(500);
          note = `visibilityState=${await page.run(() => document.visibilityState)}`;
          await sleep(SECONDS * 1000);
          await raw.bringToFront();
          await cover.close();
        } else {
          await sleep(SECONDS * 1000);
        }
        const readyMs = await page.run(
          () =>
            new Promise<number>((resolve) => {
              const stop = document.querySelector<HTMLButtonElement>('button[aria-label="Stop recording"]');
              if (!stop) throw new Error('No Stop button');
              const at = performance.now();
              stop.click();
              const check = () => {
                if (document.querySelector('[data-testid="recording-badge"]') === null) resolve(performance.now() - at);
                else setTimeout(check, 10);
              };
              check();
            }),
        );
        await waitFor(page, 'the studio at rest', () => document.querySelector('button[aria-label="Start recording"]') !== null);
        const file = join(dir, `${condition}.webm`);
        await readNewestRecording(page, file);
        const facts = probeFile(file);
        const { largestGapMs, distinct } = pacing(file);
        rows.push(
          `${condition.padEnd(9)}  ${facts.fps.toFixed(1).padStart(4)}   ${(distinct / facts.duration).toFixed(1).padStart(7)}     ${largestGapMs.toFixed(0).padStart(5)} ms   ${readyMs.toFixed(0).padStart(5)} ms   ${facts.videoCodec ?? '?'}${note ? `   ${note}` : ''}`,
        );
      }
    } finally {
      await firefox.browser.close().catch(() => undefined);
      await preview.stop();
      await desktop.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    console.log(`\nFirefox (${String(SECONDS)} s each)\nCondition  fps    distinct fps  largest gap  stop→ready  codec\n${rows.join('\n')}`);
  },
  SECONDS * 2000 + 180_000,
);
