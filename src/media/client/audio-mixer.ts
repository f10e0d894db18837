/**
 * Mixes the microphone and the screen's system audio into one track for the encoder, and measures
 * the microphone's level for the meter and the silence warning.
 */
import { rmsLevel } from '../../shared/audio/level-meter';

const SAMPLE_RATE = 48000;

export class AudioMixer {
  private readonly context = new AudioContext({ sampleRate: SAMPLE_RATE, latencyHint: 'playback' });
  private readonly destination = this.context.createMediaStreamDestination();
  private readonly analyser = this.context.createAnalyser();
  private readonly samples: Float32Array<ArrayBuffer>;
  private readonly inputs = new Map<string, MediaStreamAudioSourceNode>();

  constructor() {
    this.analyser.fftSize = 2048;
    this.samples = new Float32Array(this.analyser.fftSize);
  }

  /** The mixed track; it exists (silent) even before any input is connected. */
  get track(): MediaStreamTrack {
    const track = this.destination.stream.getAudioTracks()[0];
    if (!track) throw new Error('Audio context not initialized');
    return track;
  }

  setInput(name: 'microphone' | 'system', stream: MediaStream | null): void {
    this.inputs.get(name)?.disconnect();
    this.inputs.delete(name);
    if (!stream || stream.getAudioTracks().length === 0) return;
    const node = this.context.createMediaStreamSource(stream);
    node.connect(this.destination);
    if (name === 'microphone') node.connect(this.analyser);
    this.inputs.set(name, node);
    void this.context.resume();
  }

  /** Microphone level as RMS in 0–1 over the last ~40 ms. */
  level(): number {
    if (!this.inputs.has('microphone')) return 0;
    this.analyser.getFloatTimeDomainData(this.samples);
    return rmsLevel(this.samples);
  }

  async close(): Promise<void> {
    this.inputs.forEach((node) => {
      node.disconnect();
    });
    this.inputs.clear();
    this.track.stop();
    await this.context.close();
  }
}
