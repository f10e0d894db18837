import { useEffect, useRef } from 'react';
import type { Participant } from '../room-state';

/** Plays the sound of someone whose tile is on another page of the grid: people stay heard wherever they sit. */
function Sound({ name, stream }: { readonly name: string; readonly stream: MediaStream }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.srcObject = stream;
    // The page has been clicked (Join), so sound may start; a new stream meanwhile rejects this harmlessly.
    void audio.play().catch(() => undefined);
  }, [stream]);
  return <audio ref={audioRef} autoPlay data-testid="off-page-sound" data-participant={name} />;
}

export function OffPageSound({ participants, streams }: { readonly participants: readonly Participant[]; readonly streams: ReadonlyMap<string, MediaStream> }) {
  return (
    <div hidden>
      {participants.map((participant) => {
        const stream = streams.get(participant.id);
        return !participant.isLocal && stream ? <Sound key={participant.id} name={participant.name} stream={stream} /> : null;
      })}
    </div>
  );
}
