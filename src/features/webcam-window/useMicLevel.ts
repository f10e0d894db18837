import { useEffect, useState } from 'react';
import { meterPercent, rmsLevel } from '../../shared/audio/level-meter';

/** Ten readings a second, as the studio's meter: enough to follow speech. */
const SAMPLE_MS = 100;

/**
 * The level (0–100) of the microphone in `stream`, for the window's meter; 0 without one. The
 * audio goes only to an analyser: nothing is played back or recorded.
 */
export function useMicLevel(stream: MediaStream | null): number {
  const [percent, setPercent] = useState(0);

  useEffect(() => {
    // The reading goes back to 0 in the cleanup below, when the stream goes.
    if (!stream || stream.getAudioTracks().length === 0) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 2048;
    const source = context.createMediaStreamSource(stream);
    source.connect(analyser);
    void context.resume();
    const samples = new Float32Array(analyser.fftSize);
    const timer = setInterval(() => {
      analyser.getFloatTimeDomainData(samples);
      const next = Math.round(meterPercent(rmsLevel(samples)));
      setPercent((current) => (current === next ? current : next));
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      source.disconnect();
      void context.close();
      setPercent(0);
    };
  }, [stream]);

  return percent;
}
