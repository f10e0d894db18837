/**
 * The worker's side of a track feed (src/media/client/track-feed.ts): turns what the page
 * handed over, a track processor's readable or a port the page feeds, into one readable stream,
 * so the compositor and the audio pump read every browser's frames the same way.
 */
import { END_OF_TRACK, PULL_FRAME, type AudioBlock, type TrackSource } from '../contract/track-source-contract';

/** With no picture for this long, a fed port is asked for one (the page's tab is hidden). */
const PULL_AFTER_MS = 50;

function portReadable<T>(port: MessagePort, toChunk: (data: unknown) => T | null, onCancel: () => void): ReadableStream<T> {
  return new ReadableStream<T>({
    start(controller) {
      port.onmessage = (event: MessageEvent<unknown>) => {
        if (event.data === END_OF_TRACK) {
          onCancel();
          port.close();
          controller.close();
          return;
        }
        const chunk = toChunk(event.data);
        if (chunk !== null) controller.enqueue(chunk);
      };
    },
    cancel() {
      onCancel();
      port.close();
    },
  });
}

export function videoFrames(source: TrackSource<VideoFrame>): ReadableStream<VideoFrame> {
  if (source instanceof ReadableStream) return source;
  let lastFrameAt = performance.now();
  const pull = setInterval(() => {
    if (performance.now() - lastFrameAt >= PULL_AFTER_MS) source.postMessage(PULL_FRAME);
  }, PULL_AFTER_MS);
  return portReadable(
    source,
    (data) => {
      if (!(data instanceof VideoFrame)) return null;
      lastFrameAt = performance.now();
      return data;
    },
    () => {
      clearInterval(pull);
    },
  );
}

function isAudioBlock(data: unknown): data is AudioBlock {
  return typeof data === 'object' && data !== null && 'planes' in data && Array.isArray(data.planes) && 'sampleRate' in data;
}

export function audioData(source: TrackSource<AudioData>): ReadableStream<AudioData> {
  if (source instanceof ReadableStream) return source;
  let timestamp = 0;
  return portReadable(
    source,
    (data) => {
      if (!isAudioBlock(data) || data.planes.length === 0) return null;
      const frames = data.planes[0]?.length ?? 0;
      const samples = new Float32Array(frames * data.planes.length);
      data.planes.forEach((plane, i) => {
        samples.set(plane, i * frames);
      });
      // Timestamps count samples: a source clock like any other to the engine's CaptureClock, which
      // follows it if the audio thread loses time.
      const block = new AudioData({
        format: 'f32-planar',
        sampleRate: data.sampleRate,
        numberOfFrames: frames,
        numberOfChannels: data.planes.length,
        timestamp,
        data: samples,
      });
      timestamp += Math.round((frames / data.sampleRate) * 1e6);
      return block;
    },
    () => undefined,
  );
}
