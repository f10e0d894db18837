/**
 * Lining up a room recording's tracks (docs/decisions/0015-podcast-tracks.md): each track's row says
 * when its file began on the host's clock (`startedAt`), so cutting every track to begin where the
 * last one began makes the same instant fall at the same time in every file.
 */
import type { RecordingRow } from '../../media';

/** Starts closer than this are the same instant: well under one frame. */
const SAME_START_MS = 1;
/** A cut must leave at least this much of a track (the trim's own shortest copy is 0.1 s). */
const LEAST_KEPT_MS = 200;

export type LineUpStep =
  /** The track begins at the shared instant already: downloaded as it is. */
  | { kind: 'as-is'; row: RecordingRow }
  /** The track's first `cutS` seconds come before the shared instant and are cut. */
  | { kind: 'cut'; row: RecordingRow; cutS: number }
  /** Its start was never known (an older app), or it ended before the others began: downloaded as it is, and said. */
  | { kind: 'unaligned'; row: RecordingRow; reason: 'no-start' | 'ended-before' };

/** What to do with each track, in the order given, so every one begins at the latest start among them. */
export function lineUpPlan(rows: readonly RecordingRow[]): LineUpStep[] {
  const starts = rows.flatMap((row) => (row.startedAt === undefined ? [] : [row.startedAt]));
  const shared = Math.max(...starts);
  return rows.map((row): LineUpStep => {
    if (row.startedAt === undefined) return { kind: 'unaligned', row, reason: 'no-start' };
    const cutMs = shared - row.startedAt;
    if (cutMs < SAME_START_MS) return { kind: 'as-is', row };
    if (cutMs > row.durationMs - LEAST_KEPT_MS) return { kind: 'unaligned', row, reason: 'ended-before' };
    return { kind: 'cut', row, cutS: Math.round(cutMs) / 1000 };
  });
}

/** The file name a lined-up track downloads under. */
export const linedUpName = (name: string): string => `${name} (lined up)`.slice(0, 120);

/** Why a track could not be lined up, in the words the notice shows. */
export function unalignedText(name: string, reason: 'no-start' | 'ended-before'): string {
  return reason === 'no-start' ? `${name}: when it began was not recorded, so it downloads as it is.` : `${name}: it ended before the other tracks began, so it downloads as it is.`;
}
