import { describe, expect, it } from 'vitest';
import { WorkerCalls, WorkerEndedError } from '../../src/media/client/worker-start';

const never = <T>() => new Promise<T>(() => undefined);

describe('calls to a worker that is ended', () => {
  it('passes answers and failures through while the worker runs, and forgets settled calls', async () => {
    const calls = new WorkerCalls();
    await expect(calls.track(Promise.resolve(42))).resolves.toBe(42);
    await expect(calls.track(Promise.reject(new Error('encoder')))).rejects.toThrow('encoder');
    expect(calls.count).toBe(0);
  });

  it('settles every call still waiting when the worker is ended, and refuses later ones', async () => {
    const calls = new WorkerCalls();
    const stats = calls.track(never<number>());
    const stop = calls.track(never<string>());
    expect(calls.count).toBe(2);
    calls.end('The studio was closed');
    await expect(stats).rejects.toBeInstanceOf(WorkerEndedError);
    await expect(stop).rejects.toThrow('The studio was closed');
    expect(calls.count).toBe(0);
    await expect(calls.track(never<number>())).rejects.toBeInstanceOf(WorkerEndedError);
  });

  it('a call nobody awaits settles quietly when the worker is ended, but still reports real failures', async () => {
    const calls = new WorkerCalls();
    const layout = calls.fireAndForget(never<undefined>());
    calls.end('gone');
    await expect(layout).resolves.toBeUndefined();
    await expect(new WorkerCalls().fireAndForget(Promise.reject(new Error('bad size')))).rejects.toThrow('bad size');
  });
});
