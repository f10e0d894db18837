/**
 * The studio's sound and picture in step (docs/decisions/0015-podcast-tracks.md, Where the sound
 * sits). The camera shows the wall clock and the microphone plays a tone at every whole second, so
 * the file says, for each picture and each tone, when it was made: a tone must be where the
 * pictures say its second was.
 */
import { test, expect } from './support/test';
import { openStudio, startRecording, stopAndDownload } from './support/studio';
import { captureLead, clocksShown, describeLead, secondsWithin, showWallClock, soundLead } from './support/wall-clock';
import { probe } from './support/media';

test.use({ storedSettings: { video: { quality: '720p' } } });

test.beforeEach(async ({ context }) => {
  await showWallClock(context);
});

/**
 * The file's time 0 on the wall clock, taken from its pictures: the instant that puts the earliest
 * captured picture at its place. `near` (ms since the epoch, within minutes) unwraps the clock the
 * camera shows, which turns every 2^20 ms.
 */
async function pictureOrigin(file: string, near: number): Promise<number> {
  const span = 2 ** 20;
  const starts = (await clocksShown(file))
    .slice(2)
    .map(({ pts, shown }) => {
      const start = near - (near % span) + shown - pts * 1000;
      return start + Math.round((near - start) / span) * span;
    })
    .sort((a, b) => a - b);
  const rough = starts[Math.floor(starts.length / 2)] ?? near;
  // Against the median picture, the earliest captured one is the least lead: the camera's own delay.
  return rough - (await captureLead(file, rough)).least;
}

test('Webcam Only: each second’s tone is where the pictures say that second was, within a frame @timing', async ({ page }, info) => {
  await openStudio(page, 'Webcam Only');
  const near = await page.evaluate(() => Date.now());
  await startRecording(page);
  await page.waitForTimeout(5000);
  const file = info.outputPath('lip-sync.webm');
  await stopAndDownload(page, file);

  const origin = await pictureOrigin(file, near);
  const sound = await soundLead(file, origin);
  console.log(`lip sync: ${describeLead('pictures', await captureLead(file, origin))}; sound ${String(sound.median)} ms after the earliest picture's delay (${sound.tones})`);
  // Every second's tone is there, once.
  const inside = secondsWithin(origin, (await probe(file)).duration ?? 0, sound.median);
  expect(sound.seconds.filter((second) => inside.includes(second)), `the seconds whose tone the file holds: ${sound.tones}`).toEqual(inside);
  // The microphone read directly, each block is placed where it was captured: 4-18 ms before the
  // picture's least delay over eight runs. A new track processor's change of clock, 0.45 s here, put
  // the first two seconds' sound 0.42-0.49 s early in four runs of six until it was taken as one.
  expect(Math.abs(sound.median), `sound against picture, ms: ${sound.tones}`).toBeLessThan(33);
  expect(sound.spread, `how far the sound wanders, ms: ${sound.tones}`).toBeLessThan(35);
});
