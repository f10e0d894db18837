/**
 * Inspects media files the way a user's player would: ffprobe for the container and
 * streams, ffmpeg to decode a frame and read its pixels, and the WebM layout reader.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { readWebmLayout, type WebmLayout } from './webm';

const run = promisify(execFile);

export interface StreamInfo {
  readonly index: number;
  readonly codecType: string;
  readonly codecName: string;
  readonly width?: number;
  readonly height?: number;
  readonly sampleRate?: number;
  readonly channels?: number;
  /** Where the stream ends on the presentation timeline (its start plus its duration), when the container says. */
  readonly end?: number;
}

export interface MediaInfo {
  readonly formatName: string;
  /** Presentation time of the file's first packet in any stream, seconds: where ffmpeg's seeks count from. */
  readonly startTime: number | null;
  /** Container duration in seconds, or null when the file does not state one (raw MediaRecorder output). */
  readonly duration: number | null;
  readonly size: number;
  readonly bitRate: number | null;
  readonly streams: readonly StreamInfo[];
  readonly video: StreamInfo | undefined;
  readonly audio: StreamInfo | undefined;
}

interface FfprobeJson {
  format: { format_name: string; start_time?: string; duration?: string; size: string; bit_rate?: string };
  streams: {
    index: number;
    codec_type: string;
    codec_name: string;
    width?: number;
    height?: number;
    sample_rate?: string;
    channels?: number;
    start_time?: string;
    duration?: string;
  }[];
}

const num = (s: string | undefined): number | null => {
  if (s === undefined || s === 'N/A') return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};

export async function probe(file: string): Promise<MediaInfo> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]);
  const json = JSON.parse(stdout) as FfprobeJson;
  const streams: StreamInfo[] = json.streams.map((s) => {
    const start = num(s.start_time);
    const duration = num(s.duration);
    return {
      index: s.index,
      codecType: s.codec_type,
      codecName: s.codec_name,
      ...(s.width !== undefined ? { width: s.width } : {}),
      ...(s.height !== undefined ? { height: s.height } : {}),
      ...(s.sample_rate !== undefined ? { sampleRate: Number(s.sample_rate) } : {}),
      ...(s.channels !== undefined ? { channels: s.channels } : {}),
      ...(start !== null && duration !== null ? { end: start + duration } : {}),
    };
  });
  return {
    formatName: json.format.format_name,
    startTime: num(json.format.start_time),
    duration: num(json.format.duration),
    size: Number(json.format.size),
    bitRate: num(json.format.bit_rate),
    streams,
    video: streams.find((s) => s.codecType === 'video'),
    audio: streams.find((s) => s.codecType === 'audio'),
  };
}

/** Loudest audio sample of a file in dBFS (about -91 for digital silence). */
export async function maxVolume(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-v', 'info', '-i', file, '-vn', '-af', 'volumedetect', '-f', 'null', '-']);
  const match = /max_volume: (-?[\d.]+) dB/.exec(stderr);
  if (!match) throw new Error(`No volume reading for ${file}`);
  return Number(match[1]);
}

/**
 * The first audio stream decoded to mono samples (-1 to 1) at `rate` Hz, sample i at i / rate seconds
 * of the file's own clock: silence is put before a stream that starts after 0, and samples before 0
 * (an encoder's priming) are left out.
 */
export async function monoSamples(file: string, rate: number): Promise<Float32Array> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-af', `aresample=${String(rate)}:async=1:first_pts=0`, '-f', 'f32le', '-'],
    { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
  );
  const length = Math.floor(stdout.byteLength / 4);
  return new Float32Array(stdout.buffer.slice(stdout.byteOffset, stdout.byteOffset + length * 4));
}

/** Decodes every video frame and counts them. */
export async function countVideoFrames(file: string): Promise<number> {
  const { stdout } = await run('ffprobe', [
    '-v', 'error', '-select_streams', 'v:0', '-count_frames',
    '-show_entries', 'stream=nb_read_frames', '-of', 'csv=p=0', file,
  ]);
  return Number(stdout.trim().split(/\s+/)[0]);
}

export interface PacketTimes {
  /** Presentation time of the first packet, seconds. */
  readonly start: number;
  /** Presentation time where the last packet ends, seconds. */
  readonly end: number;
  readonly count: number;
  /** Largest gap between consecutive presentation times, seconds. */
  readonly largestGap: number;
  /** Every packet's presentation time, in order, seconds. */
  readonly times: readonly number[];
}

/** Packet timing of one stream ("v:0" or "a:0"), read without decoding. */
export async function packetTimes(file: string, stream: 'v:0' | 'a:0'): Promise<PacketTimes> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', stream, '-show_entries', 'packet=pts_time,duration_time', '-of', 'csv=p=0', file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  const rows = stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pts, dur] = line.split(',');
      return { pts: Number(pts), dur: num(dur) ?? 0 };
    })
    .filter((r) => Number.isFinite(r.pts))
    .sort((a, b) => a.pts - b.pts);
  if (rows.length === 0) throw new Error(`No packets in ${stream} of ${file}`);
  let largestGap = 0;
  for (let i = 1; i < rows.length; i++) largestGap = Math.max(largestGap, (rows[i]?.pts ?? 0) - (rows[i - 1]?.pts ?? 0));
  const first = rows[0];
  const last = rows[rows.length - 1];
  if (!first || !last) throw new Error('unreachable');
  return { start: first.pts, end: last.pts + last.dur, count: rows.length, largestGap, times: rows.map((row) => row.pts) };
}

/**
 * Seconds from a recording's first picture to its second. A freshly configured encoder once held the
 * second frame 0.5-1 s back; a recording is to have none of that.
 */
export const secondFrameDelay = ({ times }: PacketTimes): number => (times[1] ?? Number.POSITIVE_INFINITY) - (times[0] ?? 0);

/** Each packet of a stream: its presentation time, whether it is a key frame, and an MD5 of its bytes. */
export async function packetHashes(file: string, stream: 'v:0' | 'a:0'): Promise<{ pts: number; key: boolean; md5: string }[]> {
  const { stdout } = await run(
    'ffprobe',
    ['-v', 'error', '-select_streams', stream, '-show_data_hash', 'md5', '-show_entries', 'packet=pts_time,flags,data_hash', '-of', 'csv=p=0', file],
    { maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [pts, flags, md5] = line.split(',');
      return { pts: Number(pts), key: flags?.startsWith('K') ?? false, md5: md5 ?? '' };
    });
}

export interface RgbFrame {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
  /** [r, g, b] at (x, y). */
  pixel(x: number, y: number): [number, number, number];
}

/**
 * Decodes the video frame shown at `time` seconds (seeking like a player would; counted, as ffmpeg's
 * seek counts, from the file's `startTime`, not from presentation time 0) into RGB, at the
 * stream's size: a recording that stepped down to a smaller picture to keep up (EncodingLadder) is
 * shown scaled to it, as players do.
 */
export async function frameAt(file: string, time: number): Promise<RgbFrame> {
  return decodeOneFrame(file, ['-ss', String(time), '-i', file], []);
}

/**
 * The `index`th picture of the file (0 is the first), counted in presentation order: exact whatever
 * the file's start time, where a seek by time depends on how ffmpeg places the start (a negative one
 * when the sound has a codec delay).
 */
export async function frameNumber(file: string, index: number): Promise<RgbFrame> {
  return decodeOneFrame(file, ['-i', file], [`select=eq(n\\,${String(index)})`]);
}

/** One decoded picture's strip: its presentation time and its gray levels, left to right. */
export interface PictureStrip {
  readonly pts: number;
  /** Gray level (0–255) at `x`, averaged over the strip's rows. */
  readonly gray: (x: number) => number;
}

/**
 * A horizontal strip (`y`, `height` in pixels of a `width`×`height` picture, scaled to that as players
 * do) of every picture of the file, each with the time ffmpeg presents it at. Two passes of the same
 * decoder, one for the times and one for the pixels, pair each picture with its own time, so a packet
 * that decodes to no picture never shifts the pairing, as counting packets would.
 */
export async function pictureStrips(file: string, picture: { width: number; height: number }, strip: { y: number; height: number }): Promise<PictureStrip[]> {
  const { stdout: times } = await run('ffprobe', ['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'frame=pts_time', '-of', 'csv=p=0', file], { maxBuffer: 16 * 1024 * 1024 });
  const size = picture.width * strip.height;
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-map', '0:v:0', '-vf', `scale=${String(picture.width)}:${String(picture.height)},crop=${String(picture.width)}:${String(strip.height)}:0:${String(strip.y)}`, '-fps_mode', 'passthrough', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024 },
  );
  const ptsList = times.trim().split('\n').map(Number);
  if (stdout.length !== ptsList.length * size) throw new Error(`${file}: ${String(ptsList.length)} picture times but ${String(stdout.length / size)} pictures decoded`);
  return ptsList.map((pts, index) => ({
    pts,
    gray: (x: number) => {
      let sum = 0;
      for (let row = 0; row < strip.height; row++) sum += stdout[index * size + row * picture.width + Math.round(x)] ?? 0;
      return sum / strip.height;
    },
  }));
}

async function decodeOneFrame(file: string, input: string[], filters: string[]): Promise<RgbFrame> {
  const info = await probe(file);
  const width = info.video?.width;
  const height = info.video?.height;
  if (!width || !height) throw new Error(`No video stream in ${file}`);
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', ...input, '-frames:v', '1', '-vf', [...filters, `scale=${String(width)}:${String(height)}`].join(','), '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: width * height * 3 + 1024 },
  );
  if (stdout.length < width * height * 3) throw new Error(`No frame decoded from ${input.join(' ')}`);
  return {
    width,
    height,
    data: stdout,
    pixel(x, y) {
      const i = (Math.round(y) * width + Math.round(x)) * 3;
      return [stdout[i] ?? 0, stdout[i + 1] ?? 0, stdout[i + 2] ?? 0];
    },
  };
}

/** Mean colour of a rectangle of a frame, to compare regions robustly against compression noise. */
export function meanColor(frame: RgbFrame, x: number, y: number, w: number, h: number): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let yy = Math.round(y); yy < Math.round(y + h); yy++) {
    for (let xx = Math.round(x); xx < Math.round(x + w); xx++) {
      const [r, g, b] = frame.pixel(xx, yy);
      sum[0] = (sum[0] ?? 0) + r;
      sum[1] = (sum[1] ?? 0) + g;
      sum[2] = (sum[2] ?? 0) + b;
      n++;
    }
  }
  return [(sum[0] ?? 0) / n, (sum[1] ?? 0) / n, (sum[2] ?? 0) / n];
}

export async function webmLayout(file: string): Promise<WebmLayout> {
  return readWebmLayout(new Uint8Array(await readFile(file)));
}

/** Mean absolute difference of two decoded frames of the same size, 0..255 per channel. */
export function meanFrameDifference(a: RgbFrame, b: RgbFrame): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0));
  return sum / a.data.length;
}

/**
 * What ffmpeg reports decoding every frame and sample of the file (empty when it decodes clean).
 * Frames keep their own times (millisecond time base, no frame-rate conversion): the files have a
 * variable frame rate, and ffmpeg's default 1/fps output grid would report frames that share a slot.
 */
export async function decodeErrors(file: string): Promise<string> {
  const args = ['-v', 'error', '-i', file, '-fps_mode', 'passthrough', '-enc_time_base:v', '1:1000', '-f', 'null', '-'];
  const { stderr } = await run('ffmpeg', args, { maxBuffer: 16 * 1024 * 1024 });
  return stderr.trim();
}

/**
 * Frames per second that differ from the one before (ffmpeg's mpdecimate): a picture that arrived at
 * 5 fps and was drawn at 30 still counts about 5.
 */
export async function distinctFrameRate(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', ['-hide_banner', '-i', file, '-vf', 'mpdecimate', '-fps_mode', 'vfr', '-f', 'null', '-'], { maxBuffer: 16 * 1024 * 1024 });
  const frames = Number([...stderr.matchAll(/frame=\s*(\d+)/g)].at(-1)?.[1] ?? 0);
  const { duration } = await probe(file);
  return duration ? frames / duration : 0;
}
