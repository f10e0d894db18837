/**
 * Own tracks not yet delivered to the host, remembered in localStorage so a participant who
 * reloads, or leaves and opens the invite link again, carries on sending from where the host got to.
 * The entry is read strictly (anything else in storage is ignored) and goes once the host has it.
 */
import { z } from '../../../shared/zod';
import { reportError } from '../../../shared/report-error';
import { epochMsSchema, recordingSessionSchema } from './recording-session';
import { roomIdSchema } from '../../../protocol';

export const PENDING_TRACKS_KEY = 'framecast-pending-tracks';
/** Older than this, a track is not offered to a room again: the room is long gone. */
const KEEP_MS = 7 * 24 * 60 * 60 * 1000;

const pendingSchema = z.object({
  roomId: roomIdSchema,
  recordingId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  createdAt: z.number().int().min(0),
  width: z.number().int().min(1).max(8192),
  height: z.number().int().min(1).max(8192),
  /** The file's first instant on this computer's clock; absent in entries that never knew it. */
  startedAt: epochMsSchema.nullable().default(null),
  /** The room recording the track belongs to; absent in entries written before it was kept. */
  roomSession: recordingSessionSchema.nullable().default(null),
});

export type PendingTrack = z.infer<typeof pendingSchema>;

/** The list as stored (null when there is none, or storage cannot be read). */
export function storedPendingTracks(): string | null {
  try {
    return localStorage.getItem(PENDING_TRACKS_KEY);
  } catch {
    return null;
  }
}

/** The tracks of a stored list still worth offering to their room; anything malformed counts as none. */
export function parsePendingTracks(stored: string | null): PendingTrack[] {
  try {
    const parsed = z.array(pendingSchema).max(100).safeParse(JSON.parse(stored ?? '[]'));
    return parsed.success ? parsed.data.filter((track) => Date.now() - track.createdAt < KEEP_MS) : [];
  } catch {
    return [];
  }
}

/**
 * Calls `listener` when another tab changes the list (a room page sending a track there). The
 * `storage` event never fires in the tab that wrote, and no page of this tab shows the list while
 * its room page runs, so a page that reads the list when it renders is never behind.
 */
export function watchPendingTracks(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    // A null key: the whole of localStorage was cleared.
    if (event.key === PENDING_TRACKS_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener('storage', onStorage);
  };
}

function readAll(): PendingTrack[] {
  return parsePendingTracks(storedPendingTracks());
}

function writeAll(tracks: PendingTrack[]): void {
  try {
    if (tracks.length === 0) localStorage.removeItem(PENDING_TRACKS_KEY);
    else localStorage.setItem(PENDING_TRACKS_KEY, JSON.stringify(tracks));
  } catch (error) {
    // Without storage the track still goes while the room lasts; only a later resume is lost.
    reportError('podcast track: remember a track to send', error);
  }
}

export function pendingTracks(roomId: string): PendingTrack[] {
  return readAll().filter((track) => track.roomId === roomId);
}

export function addPendingTrack(track: PendingTrack): void {
  writeAll([...readAll().filter((t) => t.recordingId !== track.recordingId), track]);
}

export function removePendingTrack(recordingId: string): void {
  writeAll(readAll().filter((t) => t.recordingId !== recordingId));
}
