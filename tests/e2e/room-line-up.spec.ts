/**
 * Lining up a room recording's tracks (docs/decisions/0015-podcast-tracks.md). Every camera in this
 * browser shows the same wall clock, in milliseconds, as black and white columns, so any picture in
 * any file says when it was captured, on one clock for every participant. The lined-up download cuts
 * each track to begin where the last began: the same moment must then fall at the same time in each.
 */
import type { Download } from '@playwright/test';
import { test, expect } from './support/test';
import { frameNumber, meanColor, packetTimes, probe } from './support/media';
import { openPage, prepareRoomContext, roomWithGuest } from './support/room';
import { record, storedRows } from './support/room-recording';

const CLOCK_BITS = 20;
const COLUMN = 64;
const CLOCK_SPAN = 2 ** CLOCK_BITS;

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
  await context.addInitScript(({ bits, column }) => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      if (!constraints?.video) return stream;
      const canvas = document.createElement('canvas');
      canvas.width = 1280;
      canvas.height = 720;
      // Drawn in a worker, so the page's own work never holds the clock back.
      const offscreen = canvas.transferControlToOffscreen();
      const code = `onmessage = ({ data }) => {
        const canvas = data.canvas;
        const context = canvas.getContext('2d');
        const draw = () => {
          const now = Math.floor(performance.timeOrigin + performance.now()) % 2 ** ${String(bits)};
          for (let bit = 0; bit < ${String(bits)}; bit++) {
            context.fillStyle = (now >> (${String(bits)} - 1 - bit)) & 1 ? '#fff' : '#000';
            context.fillRect(bit * ${String(column)}, 0, ${String(column)}, canvas.height);
          }
          requestAnimationFrame(draw);
        };
        draw();
      };`;
      const worker = new Worker(URL.createObjectURL(new Blob([code], { type: 'text/javascript' })));
      worker.postMessage({ canvas: offscreen }, [offscreen]);
      const [track] = canvas.captureStream(60).getVideoTracks();
      for (const old of stream.getVideoTracks()) {
        stream.removeTrack(old);
        old.stop();
      }
      if (track) stream.addTrack(track);
      return stream;
    };
  }, { bits: CLOCK_BITS, column: COLUMN });
});

/** The wall clock (ms, modulo 2^20) a picture shows. */
async function clockShown(file: string, index: number): Promise<number> {
  const frame = await frameNumber(file, index);
  let value = 0;
  for (let bit = 0; bit < CLOCK_BITS; bit++) {
    const [r] = meanColor(frame, bit * COLUMN + COLUMN / 4, 200, COLUMN / 2, 320);
    value = value * 2 + (r > 128 ? 1 : 0);
  }
  return value;
}

/**
 * How long before its place in the file each picture was captured, in ms: the median over the file
 * (a picture drawn while the machine was busiest, a guest's recorder starting, stands out alone),
 * where the file's time 0 is the instant `origin` (ms since the epoch).
 */
async function captureLead(file: string, origin: number): Promise<{ median: number; samples: number[] }> {
  const { times, count } = await packetTimes(file, 'v:0');
  const samples: number[] = [];
  for (let index = 2; index < count; index += 8) {
    const placed = origin + (times[index] ?? 0) * 1000;
    // ffmpeg counts the pictures it decodes, which can be fewer than the packets (one at the very
    // end, in a CI run): such an index is left out rather than read as another picture.
    const shown = await clockShown(file, index).catch(() => null);
    if (shown === null) continue;
    // Both on the 2^20 ms dial: the difference, brought within half a turn.
    const lead = ((((placed - shown) % CLOCK_SPAN) + CLOCK_SPAN * 1.5) % CLOCK_SPAN) - CLOCK_SPAN / 2;
    samples.push(Math.round(lead));
  }
  expect(samples.length, `pictures read of ${String(count)} packets`).toBeGreaterThanOrEqual(5);
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: sorted[Math.floor(sorted.length / 2)] ?? NaN, samples };
}

// Not in the gate until the offset it found is explained: in one clean-clone run of seven, the
// host's own track held its pictures 0.26 s after their place (the guest's 0.06 s before), so the
// lined-up files were 0.33 s apart; the other six were 10–28 ms apart (docs/decisions/0015-podcast-tracks.md).
test.fixme('the lined-up download of a separate recording puts the same moment at the same time in every track, within a frame', async ({ page: host, context, guard }, testInfo) => {
  test.setTimeout(120_000);
  await roomWithGuest(context, host, guard, 'line-up');
  await host.getByRole('radio', { name: 'Separate' }).check();
  await record(host, 5);
  await expect(host.getByTestId('podcast-tracks')).toContainText('Gus: received ✓', { timeout: 30_000 });
  const rows = (await storedRows(host)).filter((row) => row.mode === 'room-separate');
  const hostRow = rows.find((row) => !row.id.startsWith('received-') && !rows.some((other) => other.id === `received-${row.id}`));
  const guestRow = rows.find((row) => row.id.startsWith('received-'));
  const shared = Math.max(hostRow?.startedAt ?? 0, guestRow?.startedAt ?? 0);
  // The guest began later: as recorded, the files do not line up.
  expect(Math.abs((hostRow?.startedAt ?? 0) - (guestRow?.startedAt ?? 0))).toBeGreaterThan(100);

  // The library, in another tab of the host's browser: the recording is one entry of two tracks.
  const library = await openPage(context, guard);
  await library.goto('/studio');
  const group = library.getByTestId('library-room-recording');
  await expect(group.getByTestId('library-room-recording-title')).toContainText('2 tracks');
  const stored = (await storedRows(library)).length;
  const downloads: Download[] = [];
  library.on('download', (download) => downloads.push(download));
  await group.getByRole('button', { name: /^Download lined up/ }).click();
  await expect.poll(() => downloads.length, { timeout: 60_000 }).toBe(2);
  // The copies are not kept: the library holds the tracks as before (the guest's own copy too, in this one browser).
  await expect.poll(async () => (await storedRows(library)).length).toBe(stored);

  // The host's track began first, and is the one cut; the guest's began last, and goes as it is.
  expect(downloads.map((d) => d.suggestedFilename()).sort()).toEqual(['Room recording- Gus.webm', 'Room recording- Hana (lined up).webm']);
  const leads: number[] = [];
  for (const download of downloads) {
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    expect((await probe(file)).video).toMatchObject({ width: 1280, height: 720 });
    // Every lined-up file begins at the shared instant.
    const { median, samples } = await captureLead(file, shared);
    console.log(`line-up: ${download.suggestedFilename()} pictures captured ${String(median)} ms before their place (median of ${samples.join(', ')})`);
    leads.push(median);
  }
  const [first = 0, second = 0] = leads;
  expect(Math.abs(first - second)).toBeLessThan(33);
});
