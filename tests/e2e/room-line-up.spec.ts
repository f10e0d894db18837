/**
 * Lining up a room recording's tracks (docs/decisions/0015-podcast-tracks.md). Every camera in this
 * browser shows the same wall clock, in milliseconds, as black and white columns, so any picture in
 * any file says when it was captured, on one clock for every participant. The lined-up download cuts
 * each track to begin where the last began: the same moment must then fall at the same time in each.
 */
import type { Download } from '@playwright/test';
import { test, expect } from './support/test';
import { writeFile } from 'node:fs/promises';
import { pictureStrips, probe } from './support/media';
import { openPage, prepareRoomContext, roomWithGuest } from './support/room';
import { record, storedBytes, storedRows } from './support/room-recording';

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

/** The wall clock (ms, modulo 2^20) each picture of the file shows, with the time it is presented at. */
async function clocksShown(file: string): Promise<{ pts: number; shown: number }[]> {
  const strips = await pictureStrips(file, { width: 1280, height: 720 }, { y: 200, height: 8 });
  return strips.map(({ pts, gray }) => {
    let shown = 0;
    for (let bit = 0; bit < CLOCK_BITS; bit++) {
      // The middle half of the column, clear of the edges the encoder blurs.
      let level = 0;
      for (let x = bit * COLUMN + COLUMN / 4; x < bit * COLUMN + (COLUMN * 3) / 4; x += 4) level += gray(x);
      shown = shown * 2 + (level / (COLUMN / 8) > 128 ? 1 : 0);
    }
    return { pts, shown };
  });
}

interface CaptureLead {
  /** The least lead over the file: the camera's own delay to the file when nothing held it up. */
  least: number;
  median: number;
  pictures: number;
}

/**
 * How long before its place in the file each picture was captured, in ms, where the file's time 0 is
 * the instant `origin` (ms since the epoch). Load only ever adds to a picture's delay (a camera frame
 * drawn late, the machine busy), never takes from it, so the least lead is where the file's own
 * timeline shows: files whose timelines line up have the same least lead, whatever their medians.
 */
async function captureLead(file: string, origin: number): Promise<CaptureLead> {
  const leads = (await clocksShown(file))
    // The first pictures are the camera's start; a picture whose columns were mid-change reads as
    // nonsense and falls outside a second either way.
    .slice(2)
    .map(({ pts, shown }) => {
      const placed = origin + pts * 1000;
      // Both on the 2^20 ms dial: the difference, brought within half a turn.
      return Math.round(((((placed - shown) % CLOCK_SPAN) + CLOCK_SPAN * 1.5) % CLOCK_SPAN) - CLOCK_SPAN / 2);
    })
    .filter((lead) => Math.abs(lead) < 1000)
    .sort((a, b) => a - b);
  expect(leads.length, `pictures read in ${file}`).toBeGreaterThanOrEqual(20);
  return { least: leads[0] ?? NaN, median: leads[Math.floor(leads.length / 2)] ?? NaN, pictures: leads.length };
}

const describeLead = (name: string, lead: CaptureLead): string => `${name}: least ${String(lead.least)} ms, median ${String(lead.median)} ms over ${String(lead.pictures)} pictures`;

test('the lined-up download of a separate recording puts the same moment at the same time in every track, within a frame', async ({ page: host, context, guard }, testInfo) => {
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
  // The files as recorded, each against its own start: if the lined-up files disagree, these say
  // whether a track's start or the cut is off.
  const asRecorded: string[] = [];
  for (const [who, row] of [['Hana', hostRow], ['Gus', guestRow]] as const) {
    if (!row?.startedAt) continue;
    const file = testInfo.outputPath(`${row.id}.webm`);
    await writeFile(file, Buffer.from(await storedBytes(host, row.id)));
    asRecorded.push(describeLead(`${who} as recorded`, await captureLead(file, row.startedAt)));
  }
  console.log(`line-up: ${asRecorded.join('; ')}`);
  const leads: number[] = [];
  const linedUp: string[] = [];
  for (const download of downloads) {
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    expect((await probe(file)).video).toMatchObject({ width: 1280, height: 720 });
    // Every lined-up file begins at the shared instant.
    const lead = await captureLead(file, shared);
    linedUp.push(describeLead(download.suggestedFilename(), lead));
    leads.push(lead.least);
  }
  console.log(`line-up: pictures captured before their place: ${linedUp.join('; ')}`);
  const [first = 0, second = 0] = leads;
  expect(Math.abs(first - second), `${linedUp.join('; ')}; ${asRecorded.join('; ')}`).toBeLessThan(33);
});
