/**
 * WebCodecs as far as the recording session uses it, for unit tests in Node: a VideoEncoder that turns
 * each frame into a small packet of its own (the first after each configure a key frame, with its
 * decoder config, as a browser's does), the VideoFrame and EncodedVideoChunk it passes, and an Opus
 * encoder registered with mediabunny the way a custom coder is. The packets are not real VP9 or Opus,
 * but the muxer, the file and every timestamp are real: a test reads the finished WebM back with
 * mediabunny.
 */
import { vi } from 'vitest';
import { CustomAudioEncoder, EncodedPacket, registerEncoder, type AudioSample } from 'mediabunny';

interface ChunkInit {
  type: 'key' | 'delta';
  timestamp: number;
  duration: number;
  data: Uint8Array;
}

export class FakeEncodedVideoChunk {
  readonly type: 'key' | 'delta';
  readonly timestamp: number;
  readonly duration: number;
  readonly byteLength: number;
  private readonly data: Uint8Array;
  constructor(init: ChunkInit) {
    this.type = init.type;
    this.timestamp = init.timestamp;
    this.duration = init.duration;
    this.data = init.data;
    this.byteLength = init.data.byteLength;
  }
  copyTo(destination: Uint8Array): void {
    destination.set(this.data);
  }
}

export class FakeVideoFrame {
  readonly timestamp: number;
  readonly duration: number;
  closed = false;
  constructor(_source: unknown, init: { timestamp: number; duration?: number }) {
    this.timestamp = init.timestamp;
    this.duration = init.duration ?? 0;
  }
  close(): void {
    this.closed = true;
  }
}

/** What the fake encoder may be told to do by a test. */
export const encoderControl = {
  /** Whether isConfigSupported says yes. */
  supported: true,
  /** Fails the next encode through the error callback, as a crashed encoder does. */
  failNext: null as Error | null,
  /** While set, frames handed in come out only once it resolves: an encoder working through a queue. */
  holdUntil: null as Promise<void> | null,
};

/**
 * Holds the packets of the frames encoded from now on until the returned release is called, as a
 * slow encoder does; frames encoded after `encoderControl.holdUntil` is cleared come out at once.
 */
export function holdEncoderOutput(): () => void {
  let release = (): void => undefined;
  encoderControl.holdUntil = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}

export class FakeVideoEncoder {
  state: 'unconfigured' | 'configured' | 'closed' = 'unconfigured';
  private config: VideoEncoderConfig | null = null;
  private sentConfig = false;
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly init: VideoEncoderInit) {
    FakeVideoEncoder.made.push(this);
  }

  static isConfigSupported(config: VideoEncoderConfig): Promise<VideoEncoderSupport> {
    return Promise.resolve({ supported: encoderControl.supported, config });
  }

  /** Every encoder made, in order. */
  static made: FakeVideoEncoder[] = [];

  configure(config: VideoEncoderConfig): void {
    // As a browser's does: a picture of no size is not a valid configuration.
    if (!config.width || !config.height) throw new TypeError('Invalid video encoder config: width and height must be positive');
    this.state = 'configured';
    this.config = config;
    this.sentConfig = false;
  }

  encode(frame: FakeVideoFrame, options?: VideoEncoderEncodeOptions): void {
    if (this.state !== 'configured' || !this.config) throw new Error('encode on an unconfigured encoder');
    const failure = encoderControl.failNext;
    const config = this.config;
    const first = !this.sentConfig;
    this.sentConfig = true;
    const chunk = new FakeEncodedVideoChunk({
      type: options?.keyFrame || first ? 'key' : 'delta',
      timestamp: frame.timestamp,
      duration: frame.duration,
      data: new Uint8Array([first ? 1 : 0, frame.timestamp % 251, 7, 7]),
    });
    // Out on a later turn, as a real encoder's output is.
    const held = encoderControl.holdUntil;
    this.pending = this.pending.then(() => held).then(() => {
      if (failure) {
        encoderControl.failNext = null;
        this.state = 'closed';
        this.init.error(new DOMException(failure.message, 'EncodingError'));
        return;
      }
      if (this.state === 'closed') return;
      const meta = first ? { decoderConfig: { codec: config.codec, codedWidth: config.width, codedHeight: config.height } } : undefined;
      this.init.output(chunk, meta);
    });
  }

  flush(): Promise<void> {
    return this.pending;
  }

  close(): void {
    this.state = 'closed';
  }
}

/**
 * Whether the fakes stand in now. mediabunny keeps a registered encoder for good, and test files
 * share a worker's modules, so the fake Opus encoder offers itself only while a test has installed it.
 */
let installed = false;

/** Opus as mediabunny's encoder sees it: a packet for every 20 ms of each sample, with its timing. */
class FakeOpusEncoder extends CustomAudioEncoder {
  /** Samples handed to any fake encoder, for tests that count the hand-offs. */
  static samples = 0;
  private sentConfig = false;

  static override supports(codec: string): boolean {
    return installed && codec === 'opus';
  }

  init(): void {
    return undefined;
  }

  encode(sample: AudioSample): void {
    FakeOpusEncoder.samples += 1;
    for (let at = 0; at < sample.duration - 1e-9; at += 0.02) {
      const meta = this.sentConfig ? undefined : { decoderConfig: { codec: 'opus', numberOfChannels: sample.numberOfChannels, sampleRate: sample.sampleRate } };
      this.sentConfig = true;
      void this.onPacket(new EncodedPacket(new Uint8Array([9, 9, 9]), 'key', sample.timestamp + at, Math.min(0.02, sample.duration - at)), meta);
    }
  }

  flush(): void {
    return undefined;
  }

  close(): void {
    return undefined;
  }
}

let registered = false;

/**
 * Puts the fakes where the session's code looks for WebCodecs, for the test about to run: call it in
 * `beforeEach`. The globals are stubbed, so they are gone before the next test, in this file or another.
 */
export function installFakeWebCodecs(): void {
  FakeVideoEncoder.made = [];
  FakeOpusEncoder.samples = 0;
  encoderControl.holdUntil = null;
  vi.stubGlobal('VideoEncoder', FakeVideoEncoder);
  vi.stubGlobal('VideoFrame', FakeVideoFrame);
  vi.stubGlobal('EncodedVideoChunk', FakeEncodedVideoChunk);
  installed = true;
  if (!registered) registerEncoder(FakeOpusEncoder);
  registered = true;
}

/** Samples handed to the fake Opus encoder since the test began. */
export const opusSamplesEncoded = (): number => FakeOpusEncoder.samples;

/** Withdraws the fake Opus encoder (the stubbed globals go by themselves): call it in `afterEach`. */
export function uninstallFakeWebCodecs(): void {
  installed = false;
}

/** A block of silence as the session takes it (an AudioData in the browser). */
export function audioBlock(timestampS: number, seconds = 0.02, sampleRate = 48000, numberOfChannels = 2): AudioData {
  const numberOfFrames = Math.round(seconds * sampleRate);
  const block = {
    format: 'f32-planar' as const,
    sampleRate,
    numberOfChannels,
    numberOfFrames,
    timestamp: Math.round(timestampS * 1e6),
    data: new Float32Array(numberOfFrames * numberOfChannels),
    close: () => undefined,
  };
  return block as unknown as AudioData;
}
