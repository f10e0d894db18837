import { describe, expect, it } from 'vitest';
import { filesAtStop } from '../../src/media/contract/finished-files';
import type { RecordingResult } from '../../src/media/contract/room-recorder-api';

const file = (recordingId: string, size = 100): RecordingResult => ({ recordingId, durationMs: 1000, size, mimeType: 'video/webm', videoCodec: 'vp9' });
const ok = (result: RecordingResult): PromiseSettledResult<RecordingResult> => ({ status: 'fulfilled', value: result });
const broken = (reason: Error): PromiseSettledResult<RecordingResult> => ({ status: 'rejected', reason });

describe('the files of one room recording at Stop', () => {
  it('lists every finished file', () => {
    expect(filesAtStop([ok(file('host')), ok(file('guest'))])).toEqual({ results: [file('host'), file('guest')], failed: 0 });
  });

  it('one file failing never costs the others theirs, and is counted', () => {
    expect(filesAtStop([broken(new Error('encoder')), ok(file('guest'))])).toEqual({ results: [file('guest')], failed: 1 });
  });

  it('fails with the first reason only when no file at all could be finished', () => {
    expect(() => filesAtStop([broken(new Error('first')), broken(new Error('second'))])).toThrow('first');
  });
});
