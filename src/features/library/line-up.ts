/**
 * Lining up a room recording's tracks (docs/decisions/0015-podcast-tracks.md): each track's row says
 * when its file began on the host's clock (`startedAt`), so cutting every track that began with the
 * recording to begin where the last of them began makes the same instant fall at the same time in
 * every file.
 */
import type { RecordingRow } from '../../media';

/** Starts closer than this are the same instant: well under one frame. */
const SAME_START_MS = 1;
/** A cut must leave at least this much of a track (the trim's own shortest copy is 0.1 s). */
const LEAST_KEPT_MS = 200;
/**
 * Tracks that began this close to the first one began with the recording: each guest's recorder
 * comes up after the host's word, 0.7–0.9 s later on a 2-core machine recording every participant
 * (the podcast bench, the line-up test), so this leaves a slower computer five times that. One that
 * began later is a guest let in, or back from a reload, mid-recording (the room alone takes 5 s to
 * let in a guest the host does not answer): cutting the others to its start would lose what came before.
 */
const STARTED_TOGETHER_MS = 5_000;

export type UnalignedReason = 'no-start' | 'ended-before' | 'began-later';

export type LineUpStep =
  /** The track begins at the shared instant already: downloaded as it is. */
  | { kind: 'as-is'; row: RecordingRow }
  /** The track's first `cutS` seconds come before the shared instant and are cut. */
  | { kind: 'cut'; row: RecordingRow; cutS: number }
  /**
   * Downloaded as it is, and said: its start was never known (an older app), it ended before the
   * shared instant, or it began `lateS` seconds after it.
   */
  | { kind: 'unaligned'; row: RecordingRow; reason: UnalignedReason; lateS?: number };

/** What to do with each track, in the order given. */
export function lineUpPlan(rows: readonly RecordingRow[]): LineUpStep[] {
  const starts = rows.flatMap((row) => (row.startedAt === undefined ? [] : [row.startedAt]));
  const first = Math.min(...starts);
  const shared = Math.max(...starts.filter((start) => start - first <= STARTED_TOGETHER_MS));
  return rows.map((row): LineUpStep => {
    if (row.startedAt === undefined) return { kind: 'unaligned', row, reason: 'no-start' };
    const cutMs = shared - row.startedAt;
    if (row.startedAt - first > STARTED_TOGETHER_MS) return { kind: 'unaligned', row, reason: 'began-later', lateS: Math.round(-cutMs) / 1000 };
    if (cutMs < SAME_START_MS) return { kind: 'as-is', row };
    if (cutMs > row.durationMs - LEAST_KEPT_MS) return { kind: 'unaligned', row, reason: 'ended-before' };
    return { kind: 'cut', row, cutS: Math.round(cutMs) / 1000 };
  });
}

/** The file name a lined-up track downloads under. */
export const linedUpName = (name: string): string => `${name} (lined up)`.slice(0, 120);

/** Why a track could not be lined up, in the words the notice shows. */
export function unalignedText(step: Extract<LineUpStep, { kind: 'unaligned' }>): string {
  const { name } = step.row;
  switch (step.reason) {
    case 'no-start':
      return `${name}: when it began was not recorded, so it downloads as it is.`;
    case 'ended-before':
      return `${name}: it ended before the other tracks began, so it downloads as it is.`;
    case 'began-later':
      return `${name}: it began ${(step.lateS ?? 0).toFixed(1)} s after the others (a late join, a reload, or a computer slow to start recording), so it downloads as it is; place it that far in.`;
  }
}
