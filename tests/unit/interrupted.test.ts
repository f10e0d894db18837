import { describe, expect, it } from 'vitest';
import { interruptedRecordings } from '../../src/features/library/interrupted';
import { LIVE_WITHIN_MS } from '../../src/media/storage/heartbeat';
import type { RecordingRow } from '../../src/media/storage/recordings-db';

const row = (id: string, patch: Partial<RecordingRow>): RecordingRow => ({
  id,
  name: 'Screen + Webcam recording',
  mode: 'screen-webcam',
  state: 'recording',
  createdAt: 1000,
  updatedAt: 1000,
  durationMs: 4000,
  size: 1_000_000,
  mimeType: 'video/webm',
  width: 1920,
  height: 1080,
  ...patch,
});

describe('interruptedRecordings', () => {
  it('offers unfinished recordings with stored bytes, newest first', () => {
    const rows = [row('old', { createdAt: 1 }), row('new', { createdAt: 5, state: 'paused' }), row('finalizing', { createdAt: 3, state: 'finalizing' })];
    expect(interruptedRecordings(rows, { locks: new Set() }).offer.map((r) => r.id)).toEqual(['new', 'finalizing', 'old']);
  });

  it('never offers finished recordings', () => {
    expect(interruptedRecordings([row('done', { state: 'done' })], { locks: new Set() })).toEqual({ offer: [], empty: [] });
  });

  it('leaves alone a recording another tab is still making', () => {
    const result = interruptedRecordings([row('live', {}), row('live-empty', { size: 0 })], { locks: new Set(['live', 'live-empty']) });
    expect(result).toEqual({ offer: [], empty: [] });
  });

  it('marks unfinished recordings with nothing stored as empty, to be cleaned up', () => {
    const result = interruptedRecordings([row('nothing', { size: 0 }), row('something', {})], { locks: new Set() });
    expect(result.offer.map((r) => r.id)).toEqual(['something']);
    expect(result.empty.map((r) => r.id)).toEqual(['nothing']);
  });

  it('without Web Locks, a row touched recently is a live recording: neither offered nor deleted', () => {
    const now = 1_000_000;
    const rows = [row('live', { updatedAt: now - 1000 }), row('live-empty', { size: 0, updatedAt: now - 1000 }), row('crashed', { updatedAt: now - LIVE_WITHIN_MS - 1 }), row('crashed-empty', { size: 0, updatedAt: now - LIVE_WITHIN_MS - 1 })];
    const result = interruptedRecordings(rows, { heartbeatsAt: now });
    expect(result.offer.map((r) => r.id)).toEqual(['crashed']);
    expect(result.empty.map((r) => r.id)).toEqual(['crashed-empty']);
  });
});
