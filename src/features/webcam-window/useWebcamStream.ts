import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { stopStream } from '../../media';
import { describeCaptureFailure, errorName, type CaptureDevice } from './capture-failure';
import { isTrackConnected } from './track-status';

const VIDEO: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };
/** Catches a track stopped by other code, which fires no event, within this time. */
const STATUS_POLL_MS = 1000;

/** Follows the real state of `track`: ended, muted by its source, or live. */
function useTrackConnected(track: MediaStreamTrack | null): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      if (!track) return () => undefined;
      const events = ['ended', 'mute', 'unmute'] as const;
      events.forEach((name) => {
        track.addEventListener(name, notify);
      });
      const poll = setInterval(notify, STATUS_POLL_MS);
      return () => {
        clearInterval(poll);
        events.forEach((name) => {
          track.removeEventListener(name, notify);
        });
      };
    },
    [track],
  );
  return useSyncExternalStore(subscribe, () => isTrackConnected(track));
}

/**
 * Holds one device open while `wanted`: asks for it when `wanted` (or `attempt`) changes, and
 * releases it when no longer wanted, on a new attempt and on unmount. `constraints` must be stable.
 */
function useDevice(
  constraints: MediaStreamConstraints,
  wanted: boolean,
  attempt: number,
  onStream: (stream: MediaStream) => void,
  onError: (error: unknown) => void,
): void {
  const received = useEffectEvent(onStream);
  const failed = useEffectEvent(onError);
  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let acquired: MediaStream | null = null;
    navigator.mediaDevices.getUserMedia(constraints).then(
      (stream) => {
        if (cancelled) {
          stopStream(stream);
          return;
        }
        acquired = stream;
        received(stream);
      },
      (error: unknown) => {
        if (!cancelled) failed(error);
      },
    );
    return () => {
      cancelled = true;
      stopStream(acquired);
    };
  }, [constraints, wanted, attempt]);
}

export interface WebcamStream {
  stream: MediaStream | null;
  connected: boolean;
  /** A request is on its way (first open or Reconnect). */
  connecting: boolean;
  /** Why the camera could not be started (none plugged in, busy elsewhere), shown with Reconnect. */
  failure: string | null;
  cameraOn: boolean;
  micOn: boolean;
  /** The open microphone while it is turned on, for the window's level meter. */
  micStream: MediaStream | null;
  toggleCamera: () => void;
  /** Turning the microphone on opens it; turning it off releases it (the browser's indicator goes off). */
  toggleMic: () => void;
  /** Asks for the camera again, after it was unplugged, stopped or busy. */
  reconnect: () => void;
}

export interface WebcamStreamEvents {
  /** The user or the browser refused the camera: there is nothing to show. */
  onCameraDenied: () => void;
  /** The microphone could not be opened; `denied` when refused rather than missing or busy. */
  onMicrophoneFailed: (failure: { denied: true } | { denied: false; message: string }) => void;
}

const AUDIO_ONLY: MediaStreamConstraints = { video: false, audio: true };
const VIDEO_ONLY: MediaStreamConstraints = { video: VIDEO, audio: false };

/** The window's own camera, and its microphone while turned on; everything is released on unmount. */
export function useWebcamStream(events: WebcamStreamEvents): WebcamStream {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [connecting, setConnecting] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(false);
  const [micStream, setMicStream] = useState<MediaStream | null>(null);

  const failureOf = (device: CaptureDevice, error: unknown) => describeCaptureFailure(device, errorName(error));

  useDevice(
    VIDEO_ONLY,
    true,
    attempt,
    (next) => {
      setStream(next);
      setFailure(null);
      setConnecting(false);
    },
    (error) => {
      setConnecting(false);
      const result = failureOf('camera', error);
      if (result.kind === 'denied') events.onCameraDenied();
      else setFailure(result.message);
    },
  );

  // Nothing in the window plays or records sound, so the microphone is opened only when asked for;
  // while on, the window's meter shows it is live and hearing something.
  useDevice(AUDIO_ONLY, micOn, 0, setMicStream, (error) => {
    setMicOn(false);
    const result = failureOf('microphone', error);
    events.onMicrophoneFailed(result.kind === 'denied' ? { denied: true } : { denied: false, message: result.message });
  });

  // The camera toggle flips the track's enabled flag, as the studio's does; a new stream follows it too.
  useEffect(() => {
    stream?.getVideoTracks().forEach((track) => (track.enabled = cameraOn));
  }, [stream, cameraOn]);

  const connected = useTrackConnected(stream?.getVideoTracks()[0] ?? null);
  return {
    stream,
    connected,
    connecting,
    failure,
    cameraOn,
    micOn,
    micStream: micOn ? micStream : null,
    toggleCamera: () => {
      setCameraOn((on) => !on);
    },
    toggleMic: () => {
      setMicOn((on) => !on);
    },
    reconnect: () => {
      setFailure(null);
      setConnecting(true);
      setAttempt((n) => n + 1);
    },
  };
}
