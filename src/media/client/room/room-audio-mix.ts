/**
 * The room recording's audio: every participant's audio into one mix (mixed mode), and each
 * participant's audio on its own (separate and local-only modes), from one AudioContext. Every
 * output track exists, silent, even before anyone's audio is connected.
 */
const SAMPLE_RATE = 48000;

export class RoomAudioMix {
  private readonly context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'playback' });
  private readonly mixed = this.context.createMediaStreamDestination();
  private readonly own = new Map<string, MediaStreamAudioDestinationNode>();
  private readonly inputs = new Map<string, { track: MediaStreamTrack; node: MediaStreamAudioSourceNode }>();

  /** The mix of everyone. */
  get mixedTrack(): MediaStreamTrack {
    return trackOf(this.mixed);
  }

  /** One participant's audio alone. */
  participantTrack(participantId: string): MediaStreamTrack {
    let destination = this.own.get(participantId);
    if (!destination) {
      destination = this.context.createMediaStreamDestination();
      this.own.set(participantId, destination);
      this.inputs.get(participantId)?.node.connect(destination);
    }
    return trackOf(destination);
  }

  /** The participant's own sound as it came in, before the mix: null when they have none. */
  inputTrack(participantId: string): MediaStreamTrack | null {
    return this.inputs.get(participantId)?.track ?? null;
  }

  /** Says whether the participant's sound changed. */
  setInput(participantId: string, track: MediaStreamTrack | null): boolean {
    const current = this.inputs.get(participantId);
    if (current?.track === track || (!current && !track)) return false;
    current?.node.disconnect();
    this.inputs.delete(participantId);
    if (!track) return true;
    const node = this.context.createMediaStreamSource(new MediaStream([track]));
    node.connect(this.mixed);
    const own = this.own.get(participantId);
    if (own) node.connect(own);
    this.inputs.set(participantId, { track, node });
    void this.context.resume();
    return true;
  }

  async close(): Promise<void> {
    for (const { node } of this.inputs.values()) node.disconnect();
    this.inputs.clear();
    for (const destination of [this.mixed, ...this.own.values()]) destination.stream.getTracks().forEach((t) => {
      t.stop();
    });
    this.own.clear();
    await this.context.close();
  }
}

function trackOf(destination: MediaStreamAudioDestinationNode): MediaStreamTrack {
  const track = destination.stream.getAudioTracks()[0];
  if (!track) throw new Error('Audio context not initialized');
  return track;
}
