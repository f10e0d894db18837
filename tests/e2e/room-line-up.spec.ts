/**
 * Lining up a room recording's tracks (docs/decisions/0015-podcast-tracks.md). Every camera in this
 * browser shows the same wall clock, in milliseconds, as black and white columns, so any picture in
 * any file says when it was captured, on one clock for every participant. The lined-up download cuts
 * each track to begin where the last began: the same moment must then fall at the same time in each.
 */
import type { Download } from '@playwright/test';
import { test, expect } from './support/test';
import { writeFile } from 'node:fs/promises';
import { monoSamples, pictureStrips, probe } from './support/media';
import { openPage, prepareRoomContext, roomWithGuest } from './support/room';
import { record, storedBytes, storedRows } from './support/room-recording';

const CLOCK_BITS = 20;
const COLUMN = 64;
const CLOCK_SPAN = 2 ** CLOCK_BITS;
const SAMPLE_RATE = 48_000;

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
  await context.addInitScript(({ bits, column }) => {
    const original = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await original(constraints);
      if (constraints?.audio) replaceMicrophone(stream);
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

    /**
     * The microphone becomes a 40 ms tone at every whole second of the wall clock: 10 ms blocks, each
     * written into the track as the clock reaches it, hold the tone where their stretch of the clock
     * crosses a second. (Tones scheduled on an audio context's clock are no good here: in this headless
     * browser its rendering ran up to 0.3 s ahead of the wall clock after a few seconds.)
     */
    function replaceMicrophone(stream: MediaStream): void {
      const generator = new MediaStreamTrackGenerator({ kind: 'audio' });
      const writer = generator.writable.getWriter();
      const rate = 48_000;
      const blockFrames = rate / 100;
      let nextMs = Math.ceil(performance.now() / 10) * 10;
      const timer = setInterval(() => {
        if (generator.readyState === 'ended') {
          clearInterval(timer);
          return;
        }
        for (const now = performance.now(); nextMs <= now; nextMs += 10) {
          const samples = new Float32Array(blockFrames);
          for (let i = 0; i < blockFrames; i++) {
            const intoSecond = (performance.timeOrigin + nextMs + (i * 1000) / rate) % 1000;
            if (intoSecond < 40) samples[i] = 0.5 * Math.sin((2 * Math.PI * 1000 * intoSecond) / 1000);
          }
          const block = new AudioData({ format: 'f32-planar', sampleRate: rate, numberOfFrames: blockFrames, numberOfChannels: 1, timestamp: Math.round(nextMs * 1000), data: samples });
          writer.write(block).catch(() => undefined);
        }
      }, 5);
      for (const old of stream.getAudioTracks()) {
        stream.removeTrack(old);
        old.stop();
      }
      stream.addTrack(generator);
    }
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

interface SoundLead extends CaptureLead {
  /** The whole seconds of the wall clock whose tone the file holds, each once. */
  seconds: number[];
  /** The most the leads of the file's tones differ: how far its sound wanders. */
  spread: number;
  /** Each tone's lead, ms, and where in the file it is, s. */
  tones: string;
}

/**
 * How long before its place in the file each second's tone was made, in ms (as captureLead, for the
 * sound): the file's sound decoded, each tone found where it rises out of silence.
 */
async function soundLead(file: string, origin: number): Promise<SoundLead> {
  const samples = await monoSamples(file, SAMPLE_RATE);
  const tones: { placed: number; lead: number }[] = [];
  // A file cut in the middle of a tone begins with its tail, which is no tone's onset.
  let quietSince = 0;
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i] ?? 0) < 0.1) continue;
    // A tone's first loud sample after at least half a second of quiet.
    if (i - quietSince > SAMPLE_RATE / 2 || (quietSince === 0 && i > SAMPLE_RATE / 20)) {
      const placed = origin + (i / SAMPLE_RATE) * 1000;
      tones.push({ placed, lead: Math.round((((placed % 1000) + 1500) % 1000) - 500) });
    }
    quietSince = i;
  }
  const described = tones.map((tone) => `${String(tone.lead)} ms at ${((tone.placed - origin) / 1000).toFixed(3)} s`).join(', ');
  const firstLoud = samples.findIndex((sample) => Math.abs(sample) >= 0.1);
  // Two tones give a lead and a spread; whether every second's tone is there, the callers check
  // against the file's length (a guest who began late has a shorter file, and fewer tones).
  expect(tones.length, `tones heard in ${file} (${(samples.length / SAMPLE_RATE).toFixed(2)} s of sound, first loud at ${(firstLoud / SAMPLE_RATE).toFixed(2)} s): ${described}`).toBeGreaterThanOrEqual(2);
  const leads = tones.map((tone) => tone.lead).sort((a, b) => a - b);
  const seconds = tones.map((tone) => Math.round((tone.placed - tone.lead) / 1000) * 1000);
  return { least: leads[0] ?? NaN, median: leads[Math.floor(leads.length / 2)] ?? NaN, pictures: leads.length, seconds, spread: (leads.at(-1) ?? NaN) - (leads[0] ?? NaN), tones: described };
}

/**
 * The whole seconds of the wall clock a file from `origin` lasting `durationS` must hold the tone of:
 * clear of its start, and of its end by the tone's own length and the sound's delay (`lead`).
 */
function secondsWithin(origin: number, durationS: number, lead: number): number[] {
  const seconds: number[] = [];
  // Sound still on its way to the recorder at Stop (its delay) is not in the file, nor a tone cut short.
  const end = origin + durationS * 1000 - Math.max(0, lead) - 300;
  for (let second = Math.ceil((origin + 100) / 1000) * 1000; second < end; second += 1000) seconds.push(second);
  return seconds;
}

const describeLead = (name: string, lead: CaptureLead): string => `${name}: least ${String(lead.least)} ms, median ${String(lead.median)} ms over ${String(lead.pictures)} pictures`;

test('the lined-up download of a separate recording puts the same moment at the same time in every track, within a frame @timing', async ({ page: host, context, guard }, testInfo) => {
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
    await writeFile(file, await storedBytes(host, row.id));
    asRecorded.push(describeLead(`${who} as recorded`, await captureLead(file, row.startedAt)));
    const sound = await soundLead(file, row.startedAt);
    asRecorded.push(describeLead(`${who}'s sound as recorded`, sound));
    const inside = secondsWithin(row.startedAt, (await probe(file)).duration ?? 0, sound.median);
    expect(sound.seconds.filter((second) => inside.includes(second)), `the seconds whose tone ${who}'s track holds as recorded: ${sound.tones}`).toEqual(inside);
  }
  console.log(`line-up: ${asRecorded.join('; ')}; Gus began ${String(Math.round((guestRow?.startedAt ?? 0) - (hostRow?.startedAt ?? 0)))} ms after Hana`);
  const leads: number[] = [];
  const soundLeads: number[] = [];
  const linedUp: string[] = [];
  for (const download of downloads) {
    const file = testInfo.outputPath(download.suggestedFilename());
    await download.saveAs(file);
    const info = await probe(file);
    expect(info.video).toMatchObject({ width: 1280, height: 720 });
    // Every lined-up file begins at the shared instant.
    const lead = await captureLead(file, shared);
    linedUp.push(describeLead(download.suggestedFilename(), lead));
    leads.push(lead.least);
    // Each picture is placed where it was captured, not where the worker drew it: most pictures are
    // then as early as the earliest. Placed when drawn, the median picture came 16-22 ms after the
    // least in a gate run, and 35-104 ms on a loaded machine.
    expect(lead.median - lead.least, `pictures of ${download.suggestedFilename()} placed later than captured, ms`).toBeLessThan(12);
    const sound = await soundLead(file, shared);
    linedUp.push(describeLead(`${download.suggestedFilename()}'s sound`, sound));
    soundLeads.push(sound.median);
    // No sound lost: every second's tone is there, once. Sound placed by its arrival lost 50 ms
    // at a time after the worker had been busy, and with it a tone now and then.
    const inside = secondsWithin(shared, info.duration ?? 0, sound.median);
    expect(sound.seconds.filter((second) => inside.includes(second)), `the seconds whose tone ${download.suggestedFilename()} holds: ${sound.tones}`).toEqual(inside);
    // Nor does it wander: each tone as late as the others. Placed by arrival, tones in one file were
    // 85-183 ms late, as the worker had been busy or not, and a spread of 52 ms failed this.
    expect(sound.spread, `how far the sound of ${download.suggestedFilename()} wanders, ms: ${sound.tones}`).toBeLessThan(35);
  }
  console.log(`line-up: pictures captured before their place: ${linedUp.join('; ')}`);
  const [first = 0, second = 0] = leads;
  expect(Math.abs(first - second), `${linedUp.join('; ')}; ${asRecorded.join('; ')}`).toBeLessThan(33);
  // The sound lines up too, within a frame: each page reads its person's microphone directly, places
  // each block where it was captured, anchors a file's sound once its clock has settled, and the cut
  // copies the sound from its first whole packet (docs/decisions/0015-podcast-tracks.md). Through an
  // audio context the two tracks' sound was 16-110 ms apart; anchored on a feed's first blocks and cut
  // mid-packet, 0-27 ms.
  const [firstSound = 0, secondSound = 0] = soundLeads;
  expect(Math.abs(firstSound - secondSound), `the tracks' sound, ms from capture: ${soundLeads.join(', ')}; ${linedUp.join('; ')}`).toBeLessThan(33);
  console.log(`line-up: the tracks' sound ${String(Math.abs(firstSound - secondSound))} ms apart; sound against picture: ${soundLeads.map((s, i) => String(s - (leads[i] ?? 0))).join(', ')} ms`);
});
