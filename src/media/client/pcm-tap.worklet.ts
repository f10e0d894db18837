/**
 * The PCM tap: an AudioWorklet processor that gathers its input into fixed-size blocks and posts
 * each one, with its sample rate, to the port the page hands it (a recorder worker's). It runs on
 * the audio thread, so sound keeps flowing while the page is busy or in the background.
 */
import { END_OF_TRACK, type AudioBlock } from '../contract/track-source-contract';

interface ProcessorOptions {
  processorOptions: { blockFrames: number };
}
interface WorkletScope {
  sampleRate: number;
  AudioWorkletProcessor: new () => { readonly port: MessagePort };
  registerProcessor(name: string, processor: new (options: ProcessorOptions) => unknown): void;
}
const scope = globalThis as unknown as WorkletScope;

class PcmTap extends scope.AudioWorkletProcessor {
  private target: MessagePort | null = null;
  private readonly blockFrames: number;
  private planes: Float32Array<ArrayBuffer>[] = [];
  private filled = 0;
  private ended = false;

  constructor(options: ProcessorOptions) {
    super();
    this.blockFrames = options.processorOptions.blockFrames;
    this.port.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data instanceof MessagePort) this.target = event.data;
      else if (event.data === END_OF_TRACK) this.end();
    };
  }

  process(inputs: Float32Array[][]): boolean {
    if (this.ended) return false;
    const input = inputs[0];
    if (!this.target) return true;
    // No input connected yet (or a silent gap): keep time with silence so the file's sound stays continuous.
    const channels = input && input.length > 0 ? input : [new Float32Array(128)];
    const frames = channels[0]?.length ?? 128;
    let offset = 0;
    while (offset < frames) {
      if (this.planes.length !== channels.length) this.startBlock(channels.length);
      const take = Math.min(frames - offset, this.blockFrames - this.filled);
      channels.forEach((channel, i) => {
        this.planes[i]?.set(channel.subarray(offset, offset + take), this.filled);
      });
      this.filled += take;
      offset += take;
      if (this.filled === this.blockFrames) this.post();
    }
    return true;
  }

  private startBlock(channelCount: number): void {
    this.planes = Array.from({ length: channelCount }, () => new Float32Array(this.blockFrames));
    this.filled = 0;
  }

  private post(): void {
    const block: AudioBlock = { sampleRate: scope.sampleRate, planes: this.planes };
    this.target?.postMessage(block, this.planes.map((plane) => plane.buffer));
    this.startBlock(this.planes.length);
  }

  private end(): void {
    this.ended = true;
    this.target?.postMessage(END_OF_TRACK);
    this.target?.close();
    this.target = null;
  }
}

scope.registerProcessor('pcm-tap', PcmTap);
