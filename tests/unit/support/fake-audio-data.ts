/** Planar float blocks as the browser's AudioData holds them: made, copied out plane by plane, closed. */
export class FakeAudioData {
  readonly format = 'f32-planar';
  readonly sampleRate: number;
  readonly numberOfChannels: number;
  readonly numberOfFrames: number;
  readonly timestamp: number;
  readonly data: Float32Array;
  closed = false;

  constructor(init: { sampleRate: number; numberOfChannels: number; numberOfFrames: number; timestamp: number; data: Float32Array }) {
    ({ sampleRate: this.sampleRate, numberOfChannels: this.numberOfChannels, numberOfFrames: this.numberOfFrames, timestamp: this.timestamp, data: this.data } = init);
  }

  copyTo(destination: Float32Array, options: { planeIndex: number }): void {
    destination.set(this.data.subarray(options.planeIndex * this.numberOfFrames, (options.planeIndex + 1) * this.numberOfFrames));
  }

  plane(index: number): Float32Array {
    return this.data.subarray(index * this.numberOfFrames, (index + 1) * this.numberOfFrames);
  }

  close(): void {
    this.closed = true;
  }
}
