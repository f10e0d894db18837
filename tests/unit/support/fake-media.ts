/**
 * Media capture as the studio's code uses it, for unit tests in Node: tracks that can be stopped,
 * switched and ended by "the browser", streams of them, and requests the test answers when it likes.
 */

/** A track as far as the app uses it: stopped, switched, and ended by the browser. */
export class FakeTrack {
  stops = 0;
  enabled = true;
  readonly readyState = 'live';
  private readonly ended: (() => void)[] = [];

  constructor(readonly kind: 'audio' | 'video') {}

  stop(): void {
    this.stops += 1;
  }

  addEventListener(_type: 'ended', listener: () => void): void {
    this.ended.push(listener);
  }

  applyConstraints(): Promise<void> {
    return Promise.resolve();
  }

  getSettings(): MediaTrackSettings {
    return {};
  }

  /** The browser ends the track (the share bar's Stop, an unplugged microphone). */
  end(): void {
    this.ended.forEach((listener) => {
      listener();
    });
  }
}

export function fakeStream(...kinds: ('audio' | 'video')[]) {
  const tracks = kinds.map((kind) => new FakeTrack(kind));
  const stream = {
    getTracks: () => tracks,
    getVideoTracks: () => tracks.filter((track) => track.kind === 'video'),
    getAudioTracks: () => tracks.filter((track) => track.kind === 'audio'),
  } as unknown as MediaStream;
  return { stream, tracks };
}

/** A promise the test settles when it likes, as a permission prompt or a slow worker would. */
export function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((settle, fail) => {
    resolve = settle;
    reject = fail;
  });
  return { promise, resolve, reject };
}
