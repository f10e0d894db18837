import { describe, expect, it } from 'vitest';
import { roomAnnouncer } from '../../src/features/room/room-announcements';
import { INITIAL_ROOM_STATE, roomReducer, type RoomAction, type RoomState } from '../../src/features/room/room-state';

const apply = (state: RoomState, ...actions: RoomAction[]) => actions.reduce(roomReducer, state);
const host = { id: 'h', name: 'Hana', isHost: true, joinedAt: 1 };
const guest = { id: 'g', name: 'Gus', isHost: false, joinedAt: 2 };
const local = { videoEnabled: true, audioEnabled: true };

/** The host's room with Gus admitted and connected, and the signaling connection up. */
function hostWithGuest(): RoomState {
  return apply(
    INITIAL_ROOM_STATE,
    { type: 'connected', connected: true },
    { type: 'joining', roomId: 'abc-def' },
    { type: 'joined', roomId: 'abc-def', roomName: 'Room', hostId: 'h', selfId: 'h', participants: [host, guest], local },
    { type: 'peer-state', participantId: 'g', state: 'connected' },
  );
}

describe('roomAnnouncer', () => {
  it('tells a guest it waits for the host, once', () => {
    const roomAnnouncement = roomAnnouncer();
    const joining = apply(INITIAL_ROOM_STATE, { type: 'joining', roomId: 'abc-def' });
    const waiting = apply(joining, { type: 'waiting', hostId: 'h', selfId: 'g' });
    expect(roomAnnouncement(joining, waiting)).toBe('Waiting for the host to let you in');
    expect(roomAnnouncement(waiting, waiting)).toBeNull();
  });

  it('tells the host about each guest who asks to join, and not again while they wait', () => {
    const roomAnnouncement = roomAnnouncer();
    const before = hostWithGuest();
    const one = apply(before, { type: 'pending-guests', guests: [{ id: 'a', name: 'Ada', requestedAt: 5 }] });
    expect(roomAnnouncement(before, one)).toBe('Ada is asking to join');
    const two = apply(one, { type: 'pending-guests', guests: [{ id: 'a', name: 'Ada', requestedAt: 5 }, { id: 'b', name: 'Bo', requestedAt: 6 }] });
    expect(roomAnnouncement(one, two)).toBe('Bo is asking to join');
    const decided = apply(two, { type: 'pending-guests', guests: [] });
    expect(roomAnnouncement(two, decided)).toBeNull();
  });

  it('does not tell a guest about other guests waiting', () => {
    const roomAnnouncement = roomAnnouncer();
    const guestView = apply(
      INITIAL_ROOM_STATE,
      { type: 'joined', roomId: 'abc-def', roomName: 'Room', hostId: 'h', selfId: 'g', participants: [host, guest], local },
    );
    const asking = apply(guestView, { type: 'pending-guests', guests: [{ id: 'a', name: 'Ada', requestedAt: 5 }] });
    expect(roomAnnouncement(guestView, asking)).toBeNull();
  });

  it('says when a connection to a participant is lost and when it is back, not its first setup', () => {
    const roomAnnouncement = roomAnnouncer();
    const joined = apply(
      INITIAL_ROOM_STATE,
      { type: 'joined', roomId: 'abc-def', roomName: 'Room', hostId: 'h', selfId: 'h', participants: [host, guest], local },
    );
    const connecting = apply(joined, { type: 'peer-state', participantId: 'g', state: 'connecting' });
    const up = apply(connecting, { type: 'peer-state', participantId: 'g', state: 'connected' });
    expect(roomAnnouncement(joined, connecting)).toBeNull();
    expect(roomAnnouncement(connecting, up)).toBeNull();
    const lost = apply(up, { type: 'peer-state', participantId: 'g', state: 'reconnecting' });
    expect(roomAnnouncement(up, lost)).toBe('Connection to Gus lost. Reconnecting…');
    const failed = apply(lost, { type: 'peer-state', participantId: 'g', state: 'failed' });
    expect(roomAnnouncement(lost, failed)).toBeNull();
    // Rebuilt: a new connection comes up through "connecting".
    const rebuilding = apply(failed, { type: 'peer-state', participantId: 'g', state: 'connecting' });
    expect(roomAnnouncement(failed, rebuilding)).toBeNull();
    const back = apply(rebuilding, { type: 'peer-state', participantId: 'g', state: 'connected' });
    expect(roomAnnouncement(rebuilding, back)).toBe('Connection to Gus is back');
    // Said once: a later reconnect of the same connection state is not "back" again.
    expect(roomAnnouncement(rebuilding, back)).toBeNull();
  });

  it('forgets a lost participant who leaves, so one who joins later under that id is not "back"', () => {
    const roomAnnouncement = roomAnnouncer();
    const up = hostWithGuest();
    const lost = apply(up, { type: 'peer-state', participantId: 'g', state: 'reconnecting' });
    roomAnnouncement(up, lost);
    const gone = apply(lost, { type: 'participant-left', participantId: 'g' });
    expect(roomAnnouncement(lost, gone)).toBeNull();
    const again = apply(gone, { type: 'participant-joined', participant: guest });
    const connecting = apply(again, { type: 'peer-state', participantId: 'g', state: 'connecting' });
    const connected = apply(connecting, { type: 'peer-state', participantId: 'g', state: 'connected' });
    expect(roomAnnouncement(connecting, connected)).toBeNull();
  });

  it('says when the connection to the room server drops and comes back while in the room', () => {
    const roomAnnouncement = roomAnnouncer();
    const inRoom = hostWithGuest();
    const dropped = apply(inRoom, { type: 'connected', connected: false });
    expect(roomAnnouncement(inRoom, dropped)).toBe('Connection to the room lost. Reconnecting…');
    expect(roomAnnouncement(dropped, apply(dropped, { type: 'connected', connected: true }))).toBe('Connection to the room is back');
    // Before joining, connecting to the server is part of joining, not news.
    expect(roomAnnouncement(INITIAL_ROOM_STATE, apply(INITIAL_ROOM_STATE, { type: 'connected', connected: true }))).toBeNull();
  });

  it('says several changes at once in one text', () => {
    const roomAnnouncement = roomAnnouncer();
    const before = hostWithGuest();
    const after = apply(
      before,
      { type: 'connected', connected: false },
      { type: 'pending-guests', guests: [{ id: 'a', name: 'Ada', requestedAt: 5 }] },
    );
    expect(roomAnnouncement(before, after)).toBe('Ada is asking to join. Connection to the room lost. Reconnecting…');
  });
});
