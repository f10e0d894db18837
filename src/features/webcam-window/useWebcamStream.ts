import { useCallback, useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import { isTrackConnected } from './track-status';

const VIDEO: MediaTrackConstraints = { width: { ideal: 1280 }, height: { ideal: 720 }, frameRate: { ideal: 30 } };
/** Catches a track stopped by other code, which fires no event, within this time. */
const STATUS_POLL_MS = 1000;

/** Camera and microphone in one prompt; if the microphone is missing or blocked, the camera alone. */
async function requestCamera(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: true });
  } catch (withMicrophone) {
    try {
      return await navigator.mediaDevices.getUserMedia({ video: VIDEO, audio: false });
    } catch {
      throw withMicrophone;
    }
  }
}

function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
}

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

export interface WebcamStream {
  stream: MediaStream | null;
  connected: boolean;
  cameraOn: boolean;
  micOn: boolean;
  hasMic: boolean;
  toggleCamera: () => void;
  toggleMic: () => void;
  /** Asks for the camera again, after it was unplugged or stopped. */
  reconnect: () => void;
}

/** The window's own camera (and microphone) stream; everything is released on unmount. */
export function useWebcamStream(onDenied: (error: unknown) => void): WebcamStream {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [cameraOn, setCameraOn] = useState(true);
  const [micOn, setMicOn] = useState(true);
  const denied = useEffectEvent(onDenied);

  useEffect(() => {
    let cancelled = false;
    let acquired: MediaStream | null = null;
    requestCamera().then(
      (next) => {
        if (cancelled) {
          stopStream(next);
          return;
        }
        acquired = next;
        setStream(next);
      },
      (error: unknown) => {
        if (!cancelled) denied(error);
      },
    );
    return () => {
      cancelled = true;
      stopStream(acquired);
    };
  }, [attempt]);

  // The toggles flip the tracks' enabled flags, as the studio's do; a new stream follows them too.
  useEffect(() => {
    stream?.getVideoTracks().forEach((track) => (track.enabled = cameraOn));
  }, [stream, cameraOn]);
  useEffect(() => {
    stream?.getAudioTracks().forEach((track) => (track.enabled = micOn));
  }, [stream, micOn]);

  const connected = useTrackConnected(stream?.getVideoTracks()[0] ?? null);
  return {
    stream,
    connected,
    cameraOn,
    micOn,
    hasMic: (stream?.getAudioTracks().length ?? 0) > 0,
    toggleCamera: () => {
      setCameraOn((on) => !on);
    },
    toggleMic: () => {
      setMicOn((on) => !on);
    },
    reconnect: () => {
      setAttempt((n) => n + 1);
    },
  };
}
