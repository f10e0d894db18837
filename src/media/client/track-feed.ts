/**
 * Hands a capture track's frames or sound to a recorder worker, whichever the browser allows.
 *
 * Chromium has MediaStreamTrackProcessor: its readable is transferred and the worker reads the
 * track directly. Firefox and Safari have WebCodecs but no track processor (and cannot transfer
 * tracks or streams of frames), so the page feeds a MessagePort instead: each new picture of a
 * hidden <video> becomes a VideoFrame (a cheap reference, not a pixel copy) transferred to the
 * worker, and an AudioWorklet posts the sound's samples straight from the audio thread to the
 * worker. Either way the worker encodes with WebCodecs; the worker side is `src/media/worker/track-source.ts`.
 * Feature detection only: browsers are never sniffed by user agent (docs/browsers.md).
 */
import pcmTapUrl from './pcm-tap.worklet.ts?worker&url';
import { END_OF_TRACK, PULL_FRAME, type TrackSource } from '../contract/track-source-contract';
import { reportingAs } from '../../shared/report-error';

interface TrackProcessor<T> {
  readonly readable: ReadableStream<T>;
}
type TrackProcessorConstructor = new <T>(init: { track: MediaStreamTrack; maxBufferSize?: number }) => TrackProcessor<T>;

function trackProcessor(): TrackProcessorConstructor | undefined {
  return (globalThis as { MediaStreamTrackProcessor?: TrackProcessorConstructor }).MediaStreamTrackProcessor;
}

/** Chromium's way to hand a track to a worker; elsewhere the page feeds it (see videoFeed). */
export const hasTrackProcessors = (): boolean => trackProcessor() !== undefined;

const canFeedPorts = (): boolean =>
  typeof VideoFrame === 'function' &&
  typeof HTMLVideoElement === 'function' &&
  'requestVideoFrameCallback' in HTMLVideoElement.prototype &&
  typeof AudioWorkletNode === 'function';

/**
 * Whether the browser's own media stack writes WebM. Where it does not (Safari before 18.4,
 * WebKitGTK), its WebCodecs VP8/VP9 encoders are not dependable in a worker: WebKitGTK 2.50's hung
 * at Start, or aborted the page when first used beside the camera (docs/browsers.md). Those
 * browsers record with MediaRecorder in their own format (MP4) instead.
 */
const writesWebm = (): boolean => typeof MediaRecorder === 'function' && MediaRecorder.isTypeSupported('video/webm');

/**
 * The worker pipeline needs WebCodecs (to encode in the worker) and a way to hand it a track's
 * frames: track processors, or VideoFrames from a <video> with the sound from an AudioWorklet.
 */
export const supportsWorkerPipeline = (): boolean =>
  'VideoEncoder' in globalThis && 'AudioEncoder' in globalThis && (trackProcessor() !== undefined || (canFeedPorts() && writesWebm()));

/** A track's frames on their way to a worker, and how to stop sending them. */
export interface TrackFeed<T> {
  readonly source: TrackSource<T>;
  readonly transferables: Transferable[];
  readonly stop: () => void;
}

export function videoFeed(track: MediaStreamTrack): TrackFeed<VideoFrame> {
  const Processor = trackProcessor();
  if (Processor) {
    // Transfer the readable, not the track: transferring tracks to workers fails in Chromium.
    const { readable } = new Processor<VideoFrame>({ track, maxBufferSize: 2 });
    return { source: readable, transferables: [readable], stop: () => undefined };
  }
  const { port1, port2 } = new MessageChannel();
  const stop = pumpVideoFramesTo(track, port1);
  return { source: port2, transferables: [port2], stop };
}

export function audioFeed(track: MediaStreamTrack): TrackFeed<AudioData> {
  const Processor = trackProcessor();
  if (Processor) {
    const { readable } = new Processor<AudioData>({ track, maxBufferSize: 50 });
    return { source: readable, transferables: [readable], stop: () => undefined };
  }
  const { port1, port2 } = new MessageChannel();
  const stop = tapAudioTo(track, port1);
  return { source: port2, transferables: [port2], stop };
}

/**
 * Sends each new picture of `track` as a VideoFrame. Pictures come from `requestVideoFrameCallback`
 * while the page renders; when the tab is hidden rendering stops, so a worker-side timer (not
 * throttled in background tabs) asks for the current picture through the same port.
 */
function pumpVideoFramesTo(track: MediaStreamTrack, port: MessagePort): () => void {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  let running = true;
  let lastSentTime = -1;
  const send = (mediaTime: number) => {
    if (!running || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
    if (mediaTime === lastSentTime) return;
    lastSentTime = mediaTime;
    let frame: VideoFrame;
    try {
      frame = new VideoFrame(video, { timestamp: Math.round(performance.now() * 1000) });
    } catch {
      return; // no picture yet (the video is still starting): the next callback tries again
    }
    port.postMessage(frame, [frame]);
  };
  const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
    if (!running) return;
    send(metadata.mediaTime);
    video.requestVideoFrameCallback(onFrame);
  };
  port.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data !== PULL_FRAME) return;
    // The worker's pull while the page does not render: only a picture the callbacks have not sent.
    if (document.visibilityState === 'hidden') send(video.currentTime);
  };
  void video.play().then(
    () => video.requestVideoFrameCallback(onFrame),
    () => undefined, // the track ended before it could play: nothing to send
  );
  return () => {
    running = false;
    port.postMessage(END_OF_TRACK);
    port.close();
    video.pause();
    video.srcObject = null;
  };
}

/** Samples per block posted to the worker: 20 ms at 48 kHz, so the worker gets 50 messages a second. */
const AUDIO_BLOCK_FRAMES = 960;

function tapAudioTo(track: MediaStreamTrack, port: MessagePort): () => void {
  const context = new AudioContext({ sampleRate: 48000, latencyHint: 'playback' });
  const source = context.createMediaStreamSource(new MediaStream([track]));
  let node: AudioWorkletNode | null = null;
  let running = true;
  void context.audioWorklet
    .addModule(pcmTapUrl)
    .then(() => {
      if (!running) return;
      node = new AudioWorkletNode(context, 'pcm-tap', {
        numberOfOutputs: 0,
        processorOptions: { blockFrames: AUDIO_BLOCK_FRAMES },
      });
      // The worklet posts straight to the worker: sound never waits on this page's main thread.
      node.port.postMessage(port, [port]);
      source.connect(node);
      return context.resume();
    })
    .catch(() => {
      // Without the worklet the recording has no sound; the worker's audio source simply ends.
      // (A port already handed to the worklet cannot be posted to here; the worklet ends it instead.)
      try {
        port.postMessage(END_OF_TRACK);
      } catch {
        node?.port.postMessage(END_OF_TRACK);
      }
    });
  return () => {
    running = false;
    node?.port.postMessage(END_OF_TRACK);
    source.disconnect();
    node?.disconnect();
    void context.close().catch(reportingAs('recording: close the sound tap'));
  };
}
