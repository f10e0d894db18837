import { useEffect, useState } from 'react';
import { rmsLevel } from '../../../shared/audio/level-meter';
import { ActiveSpeaker, dbfs } from '../active-speaker';

/** Five readings a second: enough to follow turns in a conversation. */
const SAMPLE_MS = 200;

export interface Speakers {
  /** The active speaker (the last person heard), or null. */
  speaker: string | null;
  /** Everyone speaking now. */
  speaking: ReadonlySet<string>;
}

const NOBODY: Speakers = { speaker: null, speaking: new Set() };

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((id) => b.has(id));

/**
 * Who among the others is speaking, read from their streams through one AudioContext while `active`.
 * The sound goes only to analysers (the tiles play it), and every stream is read the same way
 * whether it came from a peer or the media server.
 */
export function useActiveSpeaker(streams: ReadonlyMap<string, MediaStream>, localId: string | undefined, active: boolean): Speakers {
  const [speakers, setSpeakers] = useState<Speakers>(NOBODY);
  // One detector for as long as the view lasts: a stream added or replaced (someone joins, a camera is
  // switched) rebuilds the analysers, not who was speaking.
  const [detector] = useState(() => new ActiveSpeaker());

  useEffect(() => {
    const others = [...streams].filter(([id, stream]) => id !== localId && stream.getAudioTracks().length > 0);
    if (!active || others.length === 0) return;
    const context = new AudioContext();
    void context.resume();
    const taps = others.map(([id, stream]) => {
      const source = context.createMediaStreamSource(stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = 1024;
      source.connect(analyser);
      return { id, source, analyser, samples: new Float32Array(analyser.fftSize) };
    });
    const timer = setInterval(() => {
      const levels = new Map(
        taps.map(({ id, analyser, samples }): [string, number] => {
          analyser.getFloatTimeDomainData(samples);
          return [id, dbfs(rmsLevel(samples))];
        }),
      );
      const speaker = detector.update(levels, performance.now());
      const { speaking } = detector;
      setSpeakers((current) => (current.speaker === speaker && sameSet(current.speaking, speaking) ? current : { speaker, speaking }));
    }, SAMPLE_MS);
    return () => {
      clearInterval(timer);
      for (const { source } of taps) source.disconnect();
      void context.close();
    };
  }, [streams, localId, active, detector]);

  return active ? speakers : NOBODY;
}
