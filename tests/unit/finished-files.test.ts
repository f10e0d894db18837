import { describe, expect, it } from 'vitest';
import { FinishedFiles } from '../../src/media/contract/finished-files';
import type { RecordingResult } from '../../src/media/contract/room-recorder-api';

const file = (recordingId: string, size = 100): RecordingResult => ({ recordingId, durationMs: 1000, size, mimeType: 'video/webm', videoCodec: 'vp9' });
const ok = (result: RecordingResult): PromiseSettledResult<RecordingResult> => ({ status: 'fulfilled', value: result });
const broken = (reason: Error): PromiseSettledResult<RecordingResult> => ({ status: 'rejected', reason });

describe('the files of one room recording', () => {
  it('lists files finished early before those finished at Stop, and counts their bytes meanwhile', async () => {
    const files = new FinishedFiles();
    await files.finishEarly(() => Promise.resolve(file('left', 300)));
    expect(files.bytes).toBe(300);
    expect(files.atStop([ok(file('host')), ok(file('guest'))])).toEqual({ results: [file('left', 300), file('host'), file('guest')], failed: 0 });
  });

  it('a file that fails early is counted, and the recording goes on', async () => {
    const files = new FinishedFiles();
    expect(await files.finishEarly(() => Promise.reject(new Error('disk')))).toBeNull();
    expect(files.atStop([ok(file('host'))])).toEqual({ results: [file('host')], failed: 1 });
  });

  it('one file failing at Stop never costs the others theirs', () => {
    const files = new FinishedFiles();
    expect(files.atStop([broken(new Error('encoder')), ok(file('guest'))])).toEqual({ results: [file('guest')], failed: 1 });
  });

  it('Stop fails with the first reason only when no file at all could be finished', async () => {
    const files = new FinishedFiles();
    expect(() => files.atStop([broken(new Error('first')), broken(new Error('second'))])).toThrow('first');
    await files.finishEarly(() => Promise.resolve(file('left')));
    expect(files.atStop([broken(new Error('late'))])).toEqual({ results: [file('left')], failed: 1 });
  });

  it('starts a new tally after each Stop', async () => {
    const files = new FinishedFiles();
    await files.finishEarly(() => Promise.resolve(file('left')));
    await files.finishEarly(() => Promise.reject(new Error('disk')));
    files.atStop([]);
    expect(files.bytes).toBe(0);
    expect(files.atStop([ok(file('next'))])).toEqual({ results: [file('next')], failed: 0 });
  });
});
