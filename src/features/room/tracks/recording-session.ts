/**
 * Which room recording a track belongs to, as it arrives from a peer (a track's `begin`) or from
 * this browser's localStorage (an undelivered track): read strictly and bounded, like everything else
 * that comes from there (docs/decisions/0015-podcast-tracks.md).
 */
import { z } from '../../../shared/zod';
import { roomIdSchema } from '../../../protocol';
import type { RoomRecordingSession } from '../../../media';

/** An instant in milliseconds since the epoch, within what a Date can hold. */
export const epochMsSchema = z.number().min(0).max(8.64e15);

export const recordingSessionSchema = z.object({
  roomId: roomIdSchema,
  /** The room's announced start. */
  startedAt: epochMsSchema,
}) satisfies z.ZodType<RoomRecordingSession>;

/** The session of the recording a room announced, or null when what was announced cannot be one. */
export function announcedSession(roomId: string, startedAt: number | null): RoomRecordingSession | null {
  if (startedAt === null) return null;
  const parsed = recordingSessionSchema.safeParse({ roomId, startedAt });
  return parsed.success ? parsed.data : null;
}
