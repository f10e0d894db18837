/** One running recording, whichever pipeline makes it: the worker's encoders or MediaRecorder. */
import { FallbackRecorder } from './fallback-recorder';
import type { RecorderStats, RecordingResult, StartOptions } from '../contract/recorder-api';
import type { RecorderBridge } from './recorder-bridge';

/** What the studio's stats card shows of a running recording, whichever pipeline makes it. */
export type LiveFigures = Pick<RecorderStats, 'durationMs' | 'bytes' | 'fps' | 'targetFps' | 'videoSize' | 'chosenSize' | 'steppedDown' | 'lowestRung'>;

export interface ActiveRecording {
  pause(): void;
  resume(): void;
  stop(): Promise<RecordingResult>;
  /** Stops capturing after a failure without finalizing; resolves once what was captured is stored. */
  abort(): Promise<void>;
  figures(): Promise<LiveFigures | null>;
}

export async function startRecordingOn(
  bridge: RecorderBridge,
  audio: MediaStreamTrack | null,
  options: StartOptions,
  onError: (error: unknown) => void,
): Promise<ActiveRecording> {
  if (bridge.pipeline === 'worker') {
    await bridge.start(options);
    return {
      pause: () => void bridge.pause(),
      resume: () => void bridge.resume(),
      stop: () => bridge.stop(),
      abort: () => Promise.resolve(), // the worker stores what it has before it reports a failure
      figures: async () => {
        const stats = await bridge.stats();
        return stats.state === 'recording' || stats.state === 'paused' ? stats : null;
      },
    };
  }
  const recorder = await FallbackRecorder.start(bridge.captureStream(options.frameRate), audio, options, onError);
  return {
    pause: () => {
      recorder.pause();
    },
    resume: () => {
      recorder.resume();
    },
    stop: () => recorder.stop(),
    abort: () => recorder.abort(),
    figures: () =>
      Promise.resolve({
        durationMs: recorder.durationMs,
        bytes: recorder.bytes,
        fps: Math.min(options.frameRate, bridge.shownFps()),
        targetFps: options.frameRate,
        videoSize: options.size,
        chosenSize: options.size,
        steppedDown: false,
        lowestRung: false,
      }),
  };
}
