/**
 * Firefox recording as a user gets it (Debian's firefox-esr, driven over WebDriver BiDi): real
 * recordings checked with ffprobe, a hidden tab, a killed browser's recording recovered. The room, which
 * times nothing, is in firefox-room.test.ts, beside the pages and WebKit.
 */
import { describe, expect, test } from 'vitest';
import { MIN_FPS } from '../../src/media/contract/adaptive-frame-rate';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sleep, type BrowserPage } from './support/browser-page';
import { launchFirefox } from './support/firefox';
import { useFirefoxSuite } from './support/firefox-suite';
import { average, openStudio, pacing, probeFile, readNewestRecording, recordFor, recoverInterrupted, startRecording, stopRecording } from './support/studio';

const suite = useFirefoxSuite('firefox-recording');

/** The newest stored recording, saved as `name` in the work folder: its row and what ffprobe finds. */
async function newestRecording(page: BrowserPage, name: string) {
  const file = join(suite.workDir, name);
  const row = await readNewestRecording(page, file);
  return { file, row, facts: probeFile(file) };
}

describe('Firefox', () => {
  for (const mode of ['Webcam Only', 'Screen + Webcam'] as const) {
    test(`a 10 s ${mode} recording decodes clean, at no less than the ladder's floor, and the stats card tells its frame rate`, async () => {
      const { page } = suite.firefox;
      await openStudio(page, suite.preview.url, mode);
      const recorded = await recordFor(page, 10);
      const file = join(suite.workDir, `${mode.replaceAll(/\W+/g, '-')}.webm`);
      const row = await readNewestRecording(page, file);
      expect(row.state).toBe('done');
      const facts = probeFile(file);
      expect(facts.decodeErrors).toBe('');
      expect(['vp8', 'vp9']).toContain(facts.videoCodec);
      expect(facts.audioCodec).toBe('opus');
      expect(Math.abs(facts.duration - recorded.activeSeconds)).toBeLessThanOrEqual(0.5);
      // How fast is the benchmark's question (npm run bench): on a 2-core machine VP8 at 1080p is
      // near its limit and the ladder's rung depends on the machine (docs/browsers.md). What holds
      // on any machine: no lower than the floor, and a card that tells the file's frame rate.
      expect(facts.fps).toBeGreaterThanOrEqual(MIN_FPS - 1);
      expect(Math.abs(average(recorded.cardFps) - facts.fps)).toBeLessThanOrEqual(2);
      // Stored from the first second on: what a crash would keep.
      expect(recorded.cardSizes[0]).not.toBe('0 B');
      expect(page.errors).toEqual([]);
    });
  }

  test('a recording made while the tab is hidden keeps a moving picture, fed by the worker asking for frames', async () => {
    const { page, browser, raw } = suite.firefox;
    await openStudio(page, suite.preview.url, 'Webcam Only');
    await startRecording(page);
    // Another tab in front: Firefox stops the hidden page's video-frame callbacks.
    const cover = await browser.newPage();
    const visibility = await (async () => {
      try {
        await cover.goto(`${suite.preview.url}/about`);
        await cover.bringToFront();
        await sleep(500);
        const state = await page.run(() => document.visibilityState);
        await sleep(6000);
        return state;
      } finally {
        await raw.bringToFront();
        await cover.close();
      }
    })();
    const activeSeconds = await stopRecording(page);
    const file = join(suite.workDir, 'hidden.webm');
    await readNewestRecording(page, file);
    const facts = probeFile(file);
    const { largestGapMs, distinct } = pacing(file);
    expect(visibility).toBe('hidden');
    expect(facts.decodeErrors).toBe('');
    expect(Math.abs(facts.duration - activeSeconds)).toBeLessThanOrEqual(0.5);
    // Pictures keep coming and keep changing, at most of the ladder's floor (a slow machine's encoder
    // kept 14-15 a second here). Without the worker's pull a hidden Firefox page sends none (its
    // video-frame callbacks stop), so the picture would freeze for the whole 6 s: a gap under 2 s
    // tells the two apart, while a busy two-core machine can hold one frame for just over a second.
    expect(largestGapMs).toBeLessThan(2000);
    expect(distinct / facts.duration).toBeGreaterThanOrEqual((MIN_FPS * 2) / 3);
  });

  test('a killed browser loses at most a second: the recording is recovered after relaunch', async () => {
    const profile = mkdtempSync(join(tmpdir(), 'framecast-firefox-profile-'));
    let session = await launchFirefox(suite.desktop.env, profile);
    try {
      await openStudio(session.page, suite.preview.url, 'Webcam Only');
      await startRecording(session.page);
      const startedAt = Date.now();
      await sleep(4000);
      session.browser.process()?.kill('SIGKILL');
      const recordedSeconds = (Date.now() - startedAt) / 1000;
      await sleep(500);
      session = await launchFirefox(suite.desktop.env, profile);
      const { page } = session;
      await page.goto(`${suite.preview.url}/studio`);
      await recoverInterrupted(page);
      const { row, facts } = await newestRecording(page, 'recovered.webm');
      expect(row.state).toBe('done');
      expect(facts.decodeErrors).toBe('');
      expect(facts.frames).toBeGreaterThan(0);
      expect(recordedSeconds - facts.duration).toBeLessThanOrEqual(1);
    } finally {
      await session.browser.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    }
  });
});
