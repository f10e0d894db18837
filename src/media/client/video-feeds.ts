/**
 * The pictures a recorder worker composites, one feed per source (the studio's screen and camera, a
 * room's participants): a track feed the worker reads itself (track-feed.ts), or, on the MediaRecorder
 * pipeline, frames the page pumps to it (frame-pump.ts). The studio's and the room's recorders keep their
 * sources here, so a source is replaced, cleared and stopped the same way in both.
 */
import { transfer } from 'comlink';
import type { TrackSource } from '../contract/track-source-contract';
import { pumpVideoFrames } from './frame-pump';
import { videoFeed } from './track-feed';
import type { WorkerCalls } from './worker-start';

/** The recorder worker's calls for pictures, keyed by source (comlink calls: arguments may be transferred). */
export interface VideoSourceCalls<K> {
  setVideoSource(key: K, source: TrackSource<VideoFrame> | null): Promise<void>;
  pushVideoFrame(key: K, frame: ImageBitmap): Promise<void>;
}

export class VideoFeeds<K> {
  private readonly tracks = new Map<K, MediaStreamTrack>();
  private readonly stops = new Map<K, () => void>();

  /** `pumpFrames`: the page pumps frames (MediaRecorder pipeline) instead of handing the worker a feed. */
  constructor(
    private readonly api: VideoSourceCalls<K>,
    private readonly calls: WorkerCalls,
    private readonly pumpFrames: boolean,
  ) {}

  /** Shows `track` as the source `key` (null clears it); the same track again changes nothing. */
  async set(key: K, track: MediaStreamTrack | null): Promise<void> {
    if (track && this.tracks.get(key) === track) return;
    this.stop(key);
    if (!track) {
      this.tracks.delete(key);
      await this.calls.fireAndForget(this.api.setVideoSource(key, null));
      return;
    }
    this.tracks.set(key, track);
    if (this.pumpFrames) {
      // The worker lets go of what it showed before; the pumped frames take its place.
      await this.calls.fireAndForget(this.api.setVideoSource(key, null));
      this.stops.set(key, pumpVideoFrames(track, (bitmap) => this.calls.fireAndForget(this.api.pushVideoFrame(key, transfer(bitmap, [bitmap])))));
      return;
    }
    const feed = videoFeed(track);
    this.stops.set(key, feed.stop);
    await this.calls.fireAndForget(this.api.setVideoSource(key, transfer(feed.source, feed.transferables)));
  }

  /** Stops every feed on the page's side (the worker is going away). */
  stopAll(): void {
    for (const key of [...this.stops.keys()]) this.stop(key);
    this.tracks.clear();
  }

  private stop(key: K): void {
    this.stops.get(key)?.();
    this.stops.delete(key);
  }
}
