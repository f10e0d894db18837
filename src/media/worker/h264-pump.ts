/**
 * Re-encodes a stored recording's video as H.264 (and its sound in the MP4's audio codec) with as
 * few pictures alive as the codecs allow. mediabunny's Conversion decodes up to 8 pictures ahead
 * and queues 40 packets; at 1080p every decoded picture is about 3 MB, and the VP9 decoder's pool
 * grows with what is held. Here one picture is decoded ahead of the one being encoded, and at most
 * one more is inside the encoder (see encoder-lag), whatever the recording's length: about half
 * the memory growth of a Conversion, and faster (docs/decisions/0009-mp4-export-and-trim.md).
 *
 * The sound is kept within a second of the pictures: copied sound is read far faster than pictures
 * are encoded, and would otherwise gather at the front of the file, which then streams badly.
 */
import { AudioSampleSink, AudioSampleSource, EncodedAudioPacketSource, EncodedPacketSink, Quality, VideoSample, VideoSampleSource, type InputAudioTrack, type InputVideoTrack, type Output } from 'mediabunny';
import { heldFrameDuration } from '../container/mp4/final-frame';
import type { Mp4AudioCodec } from '../container/mp4/export-naming';
import { PictureClock } from './picture-clock';
import { EncoderLag } from './encoder-lag';
import { toError } from '../../shared/error-identity';

/** Encoded packets waiting in the decoder, and decoded pictures waiting for the encoder. */
const DECODE_AHEAD = 2;
const PICTURES_AHEAD = 1;
/** Pictures inside the encoder; and how long to wait for one back before deciding it keeps them on purpose. */
const ENCODER_AHEAD = 1;
const ENCODER_WAIT_MS = 3000;
/** How far (s) the sound may run ahead of the pictures. */
const SOUND_LEAD_S = 1;

export interface H264PumpOptions {
  video: InputVideoTrack;
  audio: InputAudioTrack | null;
  audioCodec: Mp4AudioCodec;
  videoBitrate: number;
  keyFrameIntervalS: number;
  /** Output time (s) reached so far, for the progress bar. */
  onTime(seconds: number): void;
  isCancelled(): boolean;
}

/** Whether this browser decodes the track's video (else the caller converts another way). */
export async function canPumpVideo(video: InputVideoTrack): Promise<boolean> {
  const config = await video.getDecoderConfig();
  if (!config || typeof VideoDecoder === 'undefined') return false;
  const [width, height] = [await video.getCodedWidth(), await video.getCodedHeight()];
  // H.264 needs even sizes; odd ones go through mediabunny's rescaling path.
  if (width % 2 !== 0 || height % 2 !== 0) return false;
  return (await VideoDecoder.isConfigSupported(config)).supported === true;
}

/**
 * Adds the tracks to `output` (not yet started), starts it and pumps both tracks through; the
 * caller finalizes. Returns whether the file has sound.
 */
export async function pumpToH264(output: Output, options: H264PumpOptions): Promise<{ hasAudio: boolean }> {
  const { video, audio } = options;
  const first = await (audio ? video.input.getFirstTimestamp([video, audio]) : video.getFirstTimestamp());
  const lag = new EncoderLag(ENCODER_AHEAD, ENCODER_WAIT_MS);
  const videoSource = new VideoSampleSource({
    codec: 'avc',
    quality: new Quality({ bitrate: options.videoBitrate }),
    keyFrameInterval: options.keyFrameIntervalS,
    sizeChangeBehavior: 'passThrough',
    onEncodedPacket: () => {
      lag.returnedOne();
    },
  });
  output.addVideoTrack(videoSource);
  // Sound already in the MP4's codec (Opus where AAC cannot be encoded) is copied, not encoded twice.
  const copySound = audio !== null && (await audio.getCodec()) === options.audioCodec;
  const audioSource = audio ? (copySound ? new EncodedAudioPacketSource(options.audioCodec) : new AudioSampleSource({ codec: options.audioCodec, quality: new Quality({ bitrate: 128_000 }) })) : null;
  if (audioSource) output.addAudioTrack(audioSource);
  await output.start();

  const lead = new PictureClock(SOUND_LEAD_S);
  const soundEnd = audio ? (await audio.computeDuration()) - first : 0;
  // A failure on one side stops the other at its next step, and both have stopped before the
  // caller cancels the output and deletes what was written.
  let failed = false;
  const sides = { ...options, isCancelled: () => failed || options.isCancelled() };
  const stopsTheOtherOnFailure = (side: Promise<void>) =>
    side.catch((error: unknown) => {
      failed = true;
      throw error;
    });
  const pictures = pumpVideo(video, videoSource, lag, first, soundEnd, lead, sides).finally(() => {
    lead.finish();
  });
  const sound = !audio || !audioSource ? Promise.resolve() : audioSource instanceof AudioSampleSource ? encodeAudio(audio, audioSource, first, lead, sides) : copyAudio(audio, audioSource, first, lead, sides);
  const outcomes = await Promise.allSettled([stopsTheOtherOnFailure(pictures), stopsTheOtherOnFailure(sound)]);
  for (const outcome of outcomes) if (outcome.status === 'rejected') throw toError(outcome.reason);
  return { hasAudio: audioSource !== null };
}

async function pumpVideo(track: InputVideoTrack, source: VideoSampleSource, lag: EncoderLag, first: number, soundEnd: number, lead: PictureClock, options: H264PumpOptions): Promise<void> {
  const config = await track.getDecoderConfig();
  if (!config) throw new Error('This recording’s video cannot be decoded here');
  const packets = new EncodedPacketSink(track);
  const lastPacket = await packets.getPacket(Infinity, { metadataOnly: true });
  const videoEnd = lastPacket ? lastPacket.timestamp + lastPacket.duration - first : 0;

  const decoded: VideoFrame[] = [];
  let failure: Error | null = null;
  let wake: (() => void) | null = null;
  const signal = () => {
    const resolve = wake;
    wake = null;
    resolve?.();
  };
  const decoder = new VideoDecoder({
    output: (frame) => {
      decoded.push(frame);
      signal();
    },
    error: (error: DOMException) => {
      failure = error;
      signal();
    },
  });
  decoder.configure(withCompleteColorSpace(config));

  const encodeNext = async () => {
    const frame = decoded.shift();
    if (!frame) return;
    const sample = new VideoSample(frame);
    try {
      const timestamp = frame.timestamp / 1e6 - first;
      const duration = (frame.duration ?? 0) / 1e6;
      sample.setTimestamp(timestamp);
      sample.setDuration(soundEnd > 0 ? heldFrameDuration(timestamp, duration, videoEnd, soundEnd) : duration);
      lag.gave();
      await source.add(sample);
      await lag.caughtUp();
      lead.advance(timestamp + duration);
      options.onTime(timestamp + duration);
    } finally {
      sample.close();
    }
  };
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  const waitForPicture = () => new Promise<void>((resolve) => (wake = resolve));

  let keyed = false;
  try {
    for await (const packet of packets.packets()) {
      if (options.isCancelled()) return;
      throwIfFailed();
      // A decoder starts at a key frame; anything before the first one cannot be shown.
      keyed ||= packet.type === 'key';
      if (!keyed) continue;
      decoder.decode(packet.toEncodedVideoChunk());
      // Hold the reader back until the decoder and the encoder have caught up.
      while (decoded.length > PICTURES_AHEAD || decoder.decodeQueueSize > DECODE_AHEAD) {
        if (decoded.length > 0) await encodeNext();
        else await Promise.race([waitForPicture(), new Promise<void>((resolve) => decoder.addEventListener('dequeue', () => resolve(), { once: true }))]);
        throwIfFailed();
      }
    }
    const flushed = decoder.flush();
    // Closing the decoder after a failure below rejects the flush: that is not news.
    flushed.catch(() => undefined);
    for (;;) {
      while (decoded.length > 0) await encodeNext();
      const done = await Promise.race([flushed.then(() => true), waitForPicture().then(() => false)]);
      throwIfFailed();
      if (done) break;
    }
    while (decoded.length > 0) await encodeNext();
    source.close();
  } finally {
    for (const frame of decoded.splice(0)) frame.close();
    if (decoder.state !== 'closed') decoder.close();
  }
}

async function copyAudio(track: InputAudioTrack, source: EncodedAudioPacketSource, first: number, lead: PictureClock, options: H264PumpOptions): Promise<void> {
  const decoderConfig = await track.getDecoderConfig();
  if (!decoderConfig) throw new Error('This recording’s sound cannot be read');
  let meta: EncodedAudioChunkMetadata | undefined = { decoderConfig };
  for await (const packet of new EncodedPacketSink(track).packets()) {
    const timestamp = packet.timestamp - first;
    await lead.waitUntilNear(timestamp);
    if (options.isCancelled()) return;
    await source.add(packet.clone({ timestamp }), meta);
    meta = undefined;
  }
  source.close();
}

async function encodeAudio(track: InputAudioTrack, source: AudioSampleSource, first: number, lead: PictureClock, options: H264PumpOptions): Promise<void> {
  for await (const sample of new AudioSampleSink(track).samples()) {
    try {
      const timestamp = sample.timestamp - first;
      await lead.waitUntilNear(timestamp);
      if (options.isCancelled()) return;
      sample.setTimestamp(timestamp);
      await source.add(sample);
    } finally {
      sample.close();
    }
  }
  source.close();
}

/**
 * Chromium drops a colour space that is only partly given, and the matrix with it; mediabunny's own
 * decoding fills the gaps with the defaults Chromium uses elsewhere, and so does this.
 */
function withCompleteColorSpace(config: VideoDecoderConfig): VideoDecoderConfig {
  const given = config.colorSpace;
  return {
    ...config,
    colorSpace: { primaries: given?.primaries ?? 'bt709', matrix: given?.matrix ?? 'bt709', transfer: given?.transfer ?? 'bt709', fullRange: given?.fullRange ?? false },
  };
}
