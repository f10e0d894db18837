import { describe, expect, it } from 'vitest';
import { linedUpName, lineUpPlan, unalignedText } from '../../src/features/library/line-up';
import type { RecordingRow } from '../../src/media';

function track(id: string, startedAt: number | undefined, durationMs = 10_000): RecordingRow {
  return { id, name: id, mode: 'room-separate', state: 'done', createdAt: 1, updatedAt: 1, durationMs, size: 10, mimeType: 'video/webm', width: 1280, height: 720, ...(startedAt === undefined ? {} : { startedAt }) };
}

const shape = (rows: RecordingRow[]) => lineUpPlan(rows).map((step) => (step.kind === 'cut' ? [step.row.id, step.cutS] : step.kind === 'unaligned' ? [step.row.id, step.reason] : [step.row.id, step.kind]));

describe('lining up a room recording’s tracks', () => {
  it('cuts every track to begin where the last one began', () => {
    expect(shape([track('host', 1_000_000), track('gus', 1_000_922.4), track('ida', 1_000_300)])).toEqual([
      ['host', 0.922],
      ['gus', 'as-is'],
      ['ida', 0.622],
    ]);
  });

  it('leaves tracks that began within a millisecond of each other as they are', () => {
    expect(shape([track('host', 5_000), track('gus', 5_000.6)])).toEqual([
      ['host', 'as-is'],
      ['gus', 'as-is'],
    ]);
  });

  it('downloads a track with no known start, or one that ended before the others began, as it is, and says why', () => {
    expect(shape([track('old', undefined), track('host', 1_000), track('short', 0, 900)])).toEqual([
      ['old', 'no-start'],
      ['host', 'as-is'],
      ['short', 'ended-before'],
    ]);
    expect(shape([track('a', undefined), track('b', undefined)])).toEqual([
      ['a', 'no-start'],
      ['b', 'no-start'],
    ]);
    const [old] = lineUpPlan([track('Gus', undefined)]);
    expect(old?.kind === 'unaligned' ? unalignedText(old) : '').toBe('Gus: when it began was not recorded, so it downloads as it is.');
  });

  it('lines up the tracks that began with the recording, and leaves one that began later (a late join, a reload) as it is', () => {
    const rows = [track('host', 1_000_000, 60_000), track('gus', 1_001_200, 60_000), track('ida', 1_020_000, 40_000)];
    expect(shape(rows)).toEqual([
      ['host', 1.2],
      ['gus', 'as-is'],
      ['ida', 'began-later'],
    ]);
    const late = lineUpPlan(rows)[2];
    expect(late?.kind === 'unaligned' ? unalignedText(late) : '').toBe('ida: it began 18.8 s after the others (a late join, a reload, or a computer slow to start recording), so it downloads as it is; place it that far in.');
  });

  it('takes a track that began 6 s in for a guest let in mid-recording, not for a slow start', () => {
    const rows = [track('host', 1_000_000, 60_000), track('gus', 1_000_800, 60_000), track('ida', 1_006_000, 54_000)];
    expect(shape(rows)).toEqual([
      ['host', 0.8],
      ['gus', 'as-is'],
      ['ida', 'began-later'],
    ]);
  });

  it('names the lined-up file after its track', () => {
    expect(linedUpName('Room recording: Gus')).toBe('Room recording: Gus (lined up)');
  });
});
