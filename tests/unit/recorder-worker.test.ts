import { afterEach, describe, expect, it } from 'vitest';
import { expose } from 'comlink';
import { RecorderWorker } from '../../src/media/client/recorder-worker';
import { WorkerEndedError, WorkerLoadError } from '../../src/media/client/worker-start';
import type { RecorderEvents } from '../../src/media/contract/recorder-contract';
import type { RecorderWorkerProtocol } from '../../src/media/contract/recorder-worker-protocol';
import { deferred } from './support/fake-media';

/** A worker's page side over a MessageChannel: what comlink talks to, plus terminate() and a load error. */
class ChannelWorker extends EventTarget {
  terminated = false;
  constructor(readonly port: MessagePort) {
    super();
    port.start();
  }
  postMessage(message: unknown, transfer: Transferable[] = []): void {
    if (!this.terminated) this.port.postMessage(message, transfer);
  }
  override addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: AddEventListenerOptions | boolean): void {
    if (type !== 'message') super.addEventListener(type, listener, options);
    else if (listener) this.port.addEventListener(type, listener, options);
  }
  override removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: EventListenerOptions | boolean): void {
    if (type !== 'message') super.removeEventListener(type, listener, options);
    else if (listener) this.port.removeEventListener(type, listener, options);
  }
  terminate(): void {
    this.terminated = true;
    this.port.close();
  }
}

interface TestApi extends RecorderWorkerProtocol<string> {
  /** Answers only when the test lets it. */
  slow(): Promise<string>;
}

const events: RecorderEvents = { onError: () => undefined };

const opened: ChannelWorker[] = [];
afterEach(() => {
  for (const worker of opened.splice(0)) worker.terminate();
});

/** A worker side that notes what it was asked, exposed on one end of a channel; the page side is the other end. */
function workerPair(answer = true) {
  const { port1, port2 } = new MessageChannel();
  const asked: string[] = [];
  const slow = deferred<string>();
  const side: TestApi = {
    setEvents: () => void asked.push('setEvents'),
    setVideoSource: (key) => void asked.push(`setVideoSource ${key}`),
    pushVideoFrame: () => void asked.push('pushVideoFrame'),
    pause: () => void asked.push('pause'),
    resume: () => void asked.push('resume'),
    dispose: () => void asked.push('dispose'),
    slow: () => slow.promise,
  };
  if (answer) expose(side, port2);
  const worker = new ChannelWorker(port1);
  opened.push(worker);
  return { worker, asked, slow, port2 };
}

const options = { events, pumpFrames: false, loadFailed: 'The recorder could not start', name: 'test' };

describe('RecorderWorker: the page side of any recorder worker', () => {
  it('opens once the worker answered, and relays pause and resume', async () => {
    const { worker, asked } = workerPair();
    const client = await RecorderWorker.open<TestApi, string>(worker as unknown as Worker, options);
    await client.pause();
    await client.resume();
    expect(asked).toEqual(['setEvents', 'pause', 'resume']);
    client.close('done');
  });

  it('a worker that fails to load rejects the open with the message given, and is ended', async () => {
    const { worker } = workerPair(false);
    const opening = RecorderWorker.open<TestApi, string>(worker as unknown as Worker, options);
    worker.dispatchEvent(new Event('error'));
    await expect(opening).rejects.toThrow(WorkerLoadError);
    await expect(opening).rejects.toThrow('The recorder could not start');
    expect(worker.terminated).toBe(true);
  });

  it('close disposes of the worker, ends it, and settles every call still waiting with the reason', async () => {
    const { worker, asked } = workerPair();
    const client = await RecorderWorker.open<TestApi, string>(worker as unknown as Worker, options);
    const waiting = client.calls.track(client.api.slow());
    // Let the call reach the worker before it ends.
    await client.pause();
    client.close('The studio was closed');
    await expect(waiting).rejects.toThrow(WorkerEndedError);
    await expect(waiting).rejects.toThrow('The studio was closed');
    expect(worker.terminated).toBe(true);
    expect(asked).toContain('pause');
    // Pause after the end is quiet: nobody is left to tell.
    await expect(client.pause()).resolves.toBeUndefined();
    // Closing twice is harmless.
    client.close('again');
  });

  it('clears a source on the worker by its key', async () => {
    const { worker, asked } = workerPair();
    const client = await RecorderWorker.open<TestApi, string>(worker as unknown as Worker, options);
    await client.video.set('webcam', null);
    expect(asked).toEqual(['setEvents', 'setVideoSource webcam']);
    client.close('done');
  });
});
