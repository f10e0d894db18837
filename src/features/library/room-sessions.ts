/**
 * The library's list as entries: a room recording's tracks (the files that share a `roomSession`,
 * docs/decisions/0015-podcast-tracks.md) together as one entry, every other file on its own.
 */
import { receivedTrackId, type RecordingRow, type RoomRecordingSession } from '../../media';

export type LibraryEntry =
  | { kind: 'recording'; row: RecordingRow }
  | { kind: 'room-recording'; key: string; session: RoomRecordingSession; rows: RecordingRow[] };

/** One key per room recording: the same room and announced start on every computer. */
export const sessionKey = (session: RoomRecordingSession): string => `${session.roomId} ${String(session.startedAt)}`;

/**
 * Groups rows (in the order the library lists them) by room recording. A group stands where its
 * first track stands, its tracks in list order; a room recording with a single file here (a guest's
 * own track) is listed as any other file.
 *
 * Whether a room recording has several files is judged on `present`, the rows listed and those still
 * arriving (a participant's track on its way to the host): judged on the listed ones alone, the host's
 * own track would move into a group as the next track arrived, and an export or trim running on it
 * would end with the item it belongs to.
 */
export function libraryEntries(rows: readonly RecordingRow[], present: readonly RecordingRow[] = rows): LibraryEntry[] {
  const keyed = rows.map((row) => ({ row, key: row.roomSession ? sessionKey(row.roomSession) : null }));
  const counts = new Map<string, number>();
  const distinct = new Map([...rows, ...present].map((row) => [row.id, row]));
  for (const { roomSession } of distinct.values()) {
    if (!roomSession) continue;
    const key = sessionKey(roomSession);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const groups = new Map<string, Extract<LibraryEntry, { kind: 'room-recording' }>>();
  const entries: LibraryEntry[] = [];
  for (const { row, key } of keyed) {
    if (!row.roomSession || key === null || (counts.get(key) ?? 0) < 2) {
      entries.push({ kind: 'recording', row });
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = { kind: 'room-recording', key, session: row.roomSession, rows: [] };
      groups.set(key, group);
      entries.push(group);
    }
    group.rows.push(row);
  }
  return entries;
}

/**
 * The distinct tracks of a group: where host and guest are tabs of one browser, its library holds
 * the guest's own copy and the copy the host received (`received-<id>`), the same bytes; the
 * received one stands for both, so the count and "Download all tracks" give each person once.
 */
export function distinctTracks(rows: readonly RecordingRow[]): RecordingRow[] {
  const ids = new Set(rows.map((row) => row.id));
  return rows.filter((row) => !ids.has(receivedTrackId(row.id)));
}

/** When a room recording started, as the library shows dates. */
export const sessionTime = (session: RoomRecordingSession): string => new Date(session.startedAt).toLocaleString();

/**
 * The group's heading: what it is, when it started, how many tracks it holds here, and how many
 * files where that differs (a guest's own copy beside the host's received one, in one browser).
 */
export function roomRecordingHeading(time: string, tracks: number, files = tracks): string {
  const heading = `Room recording, ${time}, ${String(tracks)} ${tracks === 1 ? 'track' : 'tracks'}`;
  return files === tracks ? heading : `${heading} (${String(files)} files here)`;
}

/** The accessible name of the group's "Download lined up": its visible words first, then what it does. */
export const downloadLinedUpLabel = (time: string, tracks: number): string => `Download lined up: every track of the room recording of ${time} starting at the same instant (${String(tracks)} files)`;

/** The accessible name of the group's "Download all tracks": its visible words first, then which recording. */
export const downloadAllLabel = (time: string, tracks: number): string => `Download all tracks of the room recording of ${time} (${String(tracks)} files)`;
