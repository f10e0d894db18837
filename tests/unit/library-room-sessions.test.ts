import { describe, expect, it } from 'vitest';
import { distinctTracks, downloadAllLabel, libraryEntries, roomRecordingHeading, sessionKey } from '../../src/features/library/room-sessions';
import type { RecordingRow, RoomRecordingSession } from '../../src/media';

const ONE: RoomRecordingSession = { roomId: 'podcast', startedAt: 1_780_000_000_000 };
const TWO: RoomRecordingSession = { roomId: 'podcast', startedAt: 1_780_000_600_000 };

function row(id: string, roomSession?: RoomRecordingSession): RecordingRow {
  return { id, name: id, mode: roomSession ? 'room-separate' : 'screen-only', state: 'done', createdAt: 1, updatedAt: 1, durationMs: 1000, size: 10, mimeType: 'video/webm', width: 1280, height: 720, ...(roomSession ? { roomSession } : {}) };
}

const shape = (rows: RecordingRow[]) => libraryEntries(rows).map((entry) => (entry.kind === 'recording' ? entry.row.id : entry.rows.map((r) => r.id)));

describe('the library grouped by room recording', () => {
  it('puts the tracks of one room recording together, where its first track stands, in list order', () => {
    expect(shape([row('studio-1'), row('host', ONE), row('studio-2'), row('received-gus', ONE), row('received-ida', ONE)])).toEqual(['studio-1', ['host', 'received-gus', 'received-ida'], 'studio-2']);
  });

  it('keeps recordings of the same room apart when they started at different times', () => {
    expect(shape([row('a', TWO), row('b', ONE), row('c', TWO), row('d', ONE)])).toEqual([['a', 'c'], ['b', 'd']]);
    expect(shape([row('a', ONE), row('b', { ...ONE, roomId: 'other' })])).toEqual(['a', 'b']);
  });

  it('groups the host’s own track as soon as another track is on its way, so it stays where it is when that one arrives', () => {
    const arriving = { ...row('received-gus', ONE), state: 'recording' as const };
    const before = libraryEntries([row('host', ONE)], [row('host', ONE), arriving]);
    const after = libraryEntries([row('host', ONE), row('received-gus', ONE)]);
    expect(before.map((entry) => entry.kind)).toEqual(['room-recording']);
    expect(after.map((entry) => entry.kind)).toEqual(['room-recording']);
    expect(before[0]?.kind === 'room-recording' && before[0].rows.map((r) => r.id)).toEqual(['host']);
  });

  it('lists a room recording with one file here (a guest’s own track), and files with no session, as any file', () => {
    expect(shape([row('own', ONE), row('studio')])).toEqual(['own', 'studio']);
    expect(shape([])).toEqual([]);
  });

  it('counts a guest’s own copy and the host’s received copy of it, in one browser, as one track', () => {
    const ids = (rows: RecordingRow[]) => distinctTracks(rows).map((r) => r.id);
    expect(ids([row('host', ONE), row('gus', ONE), row('received-gus', ONE)])).toEqual(['host', 'received-gus']);
    expect(ids([row('host', ONE), row('received-gus', ONE), row('received-ida', ONE)])).toEqual(['host', 'received-gus', 'received-ida']);
  });

  it('keys a session by room and start, the same on every computer', () => {
    expect(sessionKey({ roomId: 'podcast', startedAt: 5 })).not.toBe(sessionKey({ roomId: 'podcast', startedAt: 6 }));
    expect(sessionKey({ roomId: 'podcast', startedAt: 5 })).not.toBe(sessionKey({ roomId: 'podcast-2', startedAt: 5 }));
  });

  it('says what the group is, and names its download after the recording', () => {
    expect(roomRecordingHeading('6/1/2026, 10:00:00 AM', 3)).toBe('Room recording, 6/1/2026, 10:00:00 AM, 3 tracks');
    expect(roomRecordingHeading('6/1/2026, 10:00:00 AM', 1)).toBe('Room recording, 6/1/2026, 10:00:00 AM, 1 track');
    // One browser holding a guest's own copy beside the received one: two tracks, three files.
    expect(roomRecordingHeading('6/1/2026, 10:00:00 AM', 2, 3)).toBe('Room recording, 6/1/2026, 10:00:00 AM, 2 tracks (3 files here)');
    // The accessible name starts with the button's visible words.
    expect(downloadAllLabel('6/1/2026, 10:00:00 AM', 2)).toBe('Download all tracks of the room recording of 6/1/2026, 10:00:00 AM (2 files)');
  });
});
