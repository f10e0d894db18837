import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActiveRecording, LiveFigures, RecordingResult } from '../../src/media';
import { RecordingRun, type RecordingRunDeps } from '../../src/features/studio/recording-run';
import { IDLE_STATS } from '../../src/features/studio/studio-types';

const FIGURES: LiveFigures = { ...IDLE_STATS, durationMs: 1500, bytes: 4096, fps: 30, targetFps: 30 };

/** A recorder session whose stop and abort are counted; stop fails when `stopFails` is set. */
function fakeSession(recordingId: string, { durationMs = 1200, stopFails = false } = {}) {
  const result: RecordingResult = { recordingId, durationMs, size: 4096, mimeType: 'video/webm', videoCodec: 'vp9' };
  const calls = { stop: 0, abort: 0 };
  const session: ActiveRecording = {
    pause: () => undefined,
    resume: () => undefined,
    stop: () => {
      calls.stop += 1;
      return stopFails ? Promise.reject(new Error('finalize failed')) : Promise.resolve(result);
    },
    abort: () => {
      calls.abort += 1;
      return Promise.resolve();
    },
    figures: () => Promise.resolve(FIGURES),
  };
  return { session, calls };
}

describe('RecordingRun', () => {
  let locks: Map<string, number>;
  let deleted: string[];
  let repaired: string[];
  let repairFails: boolean;
  let figures: LiveFigures[];
  let deps: RecordingRunDeps;

  const newRun = () => new RecordingRun({ onFigures: (seen) => figures.push(seen) }, deps);
  const releases = (run: RecordingRun) => locks.get(run.id);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    locks = new Map();
    deleted = [];
    repaired = [];
    repairFails = false;
    figures = [];
    deps = {
      newId: () => `run-${String(locks.size + 1)}`,
      holdLock: (id) => {
        locks.set(id, 0);
        return () => locks.set(id, (locks.get(id) ?? 0) + 1);
      },
      deleteRecording: (id) => {
        deleted.push(id);
        return Promise.resolve();
      },
      repairRecording: (id) => {
        repaired.push(id);
        return repairFails ? Promise.reject(new Error('unreadable')) : Promise.resolve({ durationMs: 2500 });
      },
    };
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the lock from creation and polls the figures twice a second once begun', async () => {
    const run = newRun();
    expect(releases(run)).toBe(0);
    expect(await run.begin(() => Promise.resolve(fakeSession(run.id).session))).toBe(true);
    expect(run.running).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(figures).toEqual([FIGURES, FIGURES]);
    run.dispose();
  });

  it('on stop, keeps the file, then releases the lock and stops polling exactly once', async () => {
    const run = newRun();
    const { session, calls } = fakeSession(run.id);
    await run.begin(() => Promise.resolve(session));
    const kept = await run.stop((result) => Promise.resolve(`kept ${result.recordingId} ${String(result.durationMs)}`));
    expect(kept).toBe(`kept ${run.id} 1200`);
    expect(calls.stop).toBe(1);
    expect(releases(run)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(run.running).toBe(false);
    run.dispose();
    expect(releases(run)).toBe(1);
    await vi.advanceTimersByTimeAsync(2000);
    expect(figures).toEqual([]);
  });

  it('keeps the lock when finalizing fails, so abortAndRepair saves what was stored and then releases it once', async () => {
    const run = newRun();
    const { session, calls } = fakeSession(run.id, { stopFails: true });
    await run.begin(() => Promise.resolve(session));
    await expect(run.stop(() => Promise.resolve('unused'))).rejects.toThrow('finalize failed');
    expect(releases(run)).toBe(0);
    expect(vi.getTimerCount()).toBe(0);

    const saved = await run.abortAndRepair((durationMs) => Promise.resolve(durationMs));
    expect(saved).toBe(2500);
    expect(repaired).toEqual([run.id]);
    // The session had already stopped: there is nothing left to abort.
    expect(calls.abort).toBe(0);
    expect(releases(run)).toBe(1);
  });

  it('on abort, stops capturing, repairs, and releases the lock and the timer exactly once', async () => {
    const run = newRun();
    const { session, calls } = fakeSession(run.id);
    await run.begin(() => Promise.resolve(session));
    expect(vi.getTimerCount()).toBe(1);
    const saved = await run.abortAndRepair((durationMs) => Promise.resolve({ durationMs }));
    expect(saved).toEqual({ durationMs: 2500 });
    expect(calls.abort).toBe(1);
    expect(releases(run)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    run.dispose();
    expect(releases(run)).toBe(1);
  });

  it('gives null and still ends when the repair fails, leaving the recording for recovery', async () => {
    repairFails = true;
    const run = newRun();
    await run.begin(() => Promise.resolve(fakeSession(run.id).session));
    expect(await run.abortAndRepair(() => Promise.resolve('unused'))).toBeNull();
    expect(releases(run)).toBe(1);
    expect(deleted).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('on dispose mid-recording, stops the capture, then releases the lock and the timer exactly once and keeps the recording', async () => {
    const run = newRun();
    const { session, calls } = fakeSession(run.id);
    let stored: () => void = () => undefined;
    session.abort = () => {
      calls.abort += 1;
      return new Promise<void>((resolve) => (stored = resolve));
    };
    await run.begin(() => Promise.resolve(session));
    run.dispose();
    run.dispose();
    // MediaRecorder lives on the page: left running it would write to a recording offered for recovery.
    expect(calls.abort).toBe(1);
    // The lock goes once what it captured is stored, not before.
    expect(releases(run)).toBe(0);
    stored();
    await Promise.resolve();
    await Promise.resolve();
    await Promise.resolve();
    expect(releases(run)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
    expect(run.running).toBe(false);
    expect(deleted).toEqual([]);
  });

  it('left while Stop finishes the file, keeps the lock until the file is written', async () => {
    const run = newRun();
    const { session } = fakeSession(run.id);
    let written: (result: RecordingResult) => void = () => undefined;
    session.stop = () => new Promise<RecordingResult>((resolve) => (written = resolve));
    await run.begin(() => Promise.resolve(session));
    const stopping = run.stop(() => Promise.resolve('kept'));
    run.dispose();
    await Promise.resolve();
    expect(releases(run)).toBe(0);
    written({ recordingId: run.id, durationMs: 1000, size: 10, mimeType: 'video/webm', videoCodec: 'vp9' });
    expect(await stopping).toBe('kept');
    await vi.waitFor(() => {
      expect(releases(run)).toBe(1);
    });
  });

  it('drops a recording whose session starts after the run was disposed (the studio was left)', async () => {
    const run = newRun();
    const { session, calls } = fakeSession(run.id);
    let startSession: (started: ActiveRecording) => void = () => undefined;
    const starting = run.begin(() => new Promise<ActiveRecording>((resolve) => (startSession = resolve)));
    run.dispose();
    startSession(session);
    expect(await starting).toBe(false);
    expect(calls.abort).toBe(1);
    expect(deleted).toEqual([run.id]);
    expect(releases(run)).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });
});
