import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestFrame } from '../../src/media/worker/latest-frame';

/** A camera frame whose RGBA copy finishes when the test says. */
class FakeVideoFrame {
  static copies: (() => void)[] = [];
  closed = false;
  readonly displayWidth = 4;
  readonly displayHeight = 2;
  readonly visibleRect = { width: 4, height: 2 };
  clone(): FakeVideoFrame {
    return new FakeVideoFrame();
  }
  close(): void {
    this.closed = true;
  }
  copyTo(): Promise<void> {
    return new Promise((resolve) => FakeVideoFrame.copies.push(resolve));
  }
}

class FakeCanvas {
  constructor(
    public width: number,
    public height: number,
  ) {}
  getContext() {
    return { putImageData: () => undefined, drawImage: () => undefined };
  }
}

beforeEach(() => {
  FakeVideoFrame.copies = [];
  vi.stubGlobal('VideoFrame', FakeVideoFrame);
  vi.stubGlobal('OffscreenCanvas', FakeCanvas);
  vi.stubGlobal('ImageData', function ImageData() {});
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A source whose frames the test hands over one by one. */
function source(latest: LatestFrame): (frame: FakeVideoFrame) => void {
  let controller: ReadableStreamDefaultController<VideoFrame> | null = null;
  latest.consume(new ReadableStream<VideoFrame>({ start: (c) => void (controller = c) }));
  return (frame) => controller?.enqueue(frame as unknown as VideoFrame);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('LatestFrame', () => {
  it('shows a camera frame once it is converted, and gives the camera its buffer back', async () => {
    const latest = new LatestFrame();
    const frame = new FakeVideoFrame();
    source(latest)(frame);
    await settle();
    expect(latest.hasFrame).toBe(true);
    expect(latest.image()).toBeNull();
    FakeVideoFrame.copies[0]?.();
    await settle();
    expect(latest.image()).toMatchObject({ width: 4, height: 2 });
    expect(frame.closed).toBe(true);
  });

  it('a source let go while its frame converts shows nothing afterwards, not that frame', async () => {
    const latest = new LatestFrame();
    source(latest)(new FakeVideoFrame());
    await settle();
    latest.release();
    FakeVideoFrame.copies[0]?.();
    await settle();
    expect(latest.hasFrame).toBe(false);
    expect(latest.image()).toBeNull();
  });
});
