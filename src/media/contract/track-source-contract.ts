/**
 * What a recorder worker is handed for one track: a track processor's readable (Chromium), or a
 * MessagePort the page feeds (browsers without track processors; see src/media/client/track-feed.ts). Video ports
 * carry transferred VideoFrames; audio ports carry AudioBlocks posted by the PCM tap worklet.
 * Either kind of port ends with the string 'end'. The worker posts 'pull' on a video port when it
 * has had no picture for a while (a hidden tab stops the page's frame callbacks).
 */
export type TrackSource<T> = ReadableStream<T> | MessagePort;

/** One block of sound from the PCM tap: planar float samples, one array per channel. */
export interface AudioBlock {
  sampleRate: number;
  planes: Float32Array<ArrayBuffer>[];
}

export const END_OF_TRACK = 'end';
export const PULL_FRAME = 'pull';
