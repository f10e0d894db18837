import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LatestFrame } from '../../src/media/worker/latest-frame';

/** A camera frame whose RGBA copy finishes when the test says. */
class FakeVideoFrame {
  static copies: (() => void)[] = [];
  closed = false;
  /** Capture time on the camera's clock, µs. */
  constructor(readonly timestamp = 0) {}
  readonly displayWidth = 4;
  readonly displayHeight = 2;
  readonly visibleRect = { width: 4, height: 2 };
  clone(): FakeVideoFrame {
    return new FakeVideoFrame(this.timestamp);
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

  it('says when each picture was captured on the worker’s clock, however late the worker read it', async () => {
    vi.useFakeTimers({ toFake: ['performance'] });
    try {
      const latest = new LatestFrame();
      const push = source(latest);
      /** Hands the worker a frame captured at `timestampUs` on the camera's clock, and lets it convert. */
      const show = async (timestampUs: number) => {
        push(new FakeVideoFrame(timestampUs));
        await settle();
        FakeVideoFrame.copies.shift()?.();
        await settle();
        return latest.image();
      };
      // The camera's clock is its own: 10 s on it is 1 s on the worker's, when nothing holds frames up.
      vi.advanceTimersByTime(1000);
      const first = await show(10_000_000);
      expect(first?.capturedAt).toBe(1000);
      // The next picture, taken 33 ms later, is read 120 ms later: it was still captured at 1033.
      vi.advanceTimersByTime(120);
      const second = await show(10_033_000);
      expect(second?.capturedAt).toBe(1033);
      expect(second?.sequence).toBeGreaterThan(first?.sequence ?? Infinity);
    } finally {
      vi.useRealTimers();
    }
  });

  it('pictures a page hands over carry no capture time', () => {
    const latest = new LatestFrame();
    latest.push({ width: 2, height: 2, close: () => undefined });
    expect(latest.image()?.capturedAt).toBeNull();
  });
});
