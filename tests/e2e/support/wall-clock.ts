/**
 * Cameras and microphones that tell the wall clock, so any file says when each picture and each
 * sound was captured, on one clock for every page of the browser: the camera shows the time in
 * milliseconds as black and white columns, the microphone plays a 40 ms tone at every whole second.
 */
import type { BrowserContext } from '@playwright/test';
import { expect } from './test';
import { monoSamples, pictureStrips } from './media';

const CLOCK_BITS = 20;
const COLUMN = 64;
const CLOCK_SPAN = 2 ** CLOCK_BITS;
const SAMPLE_RATE = 48_000;

/** Every getUserMedia of the context's pages gets the wall-clock camera (1280×720) and microphone. */
export async function showWallClock(context: BrowserContext): Promise<void> {
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
}

/** The wall clock (ms, modulo 2^20) each picture of the file shows, with the time it is presented at. */
export async function clocksShown(file: string): Promise<{ pts: number; shown: number }[]> {
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

export interface CaptureLead {
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
export async function captureLead(file: string, origin: number): Promise<CaptureLead> {
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

export interface SoundLead extends CaptureLead {
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
export async function soundLead(file: string, origin: number): Promise<SoundLead> {
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
export function secondsWithin(origin: number, durationS: number, lead: number): number[] {
  const seconds: number[] = [];
  // Sound still on its way to the recorder at Stop (its delay) is not in the file, nor a tone cut short.
  const end = origin + durationS * 1000 - Math.max(0, lead) - 300;
  for (let second = Math.ceil((origin + 100) / 1000) * 1000; second < end; second += 1000) seconds.push(second);
  return seconds;
}

export const describeLead = (name: string, lead: CaptureLead): string => `${name}: least ${String(lead.least)} ms, median ${String(lead.median)} ms over ${String(lead.pictures)} pictures`;
