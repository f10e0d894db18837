import { describe, expect, it } from 'vitest';
import { INITIAL_ROOM_STATE, roomReducer, type RoomAction, type RoomState } from '../../src/features/room/room-state';

const apply = (...actions: RoomAction[]): RoomState => actions.reduce(roomReducer, INITIAL_ROOM_STATE);

const joined: RoomAction = {
  type: 'joined',
  roomId: 'r1',
  roomName: "Hana's room",
  hostId: 'h',
  selfId: 'g',
  participants: [
    { id: 'h', name: 'Hana', isHost: true, joinedAt: 1 },
    { id: 'g', name: 'Gus', isHost: false, joinedAt: 2 },
  ],
  local: { videoEnabled: false, audioEnabled: true },
};

describe('room state', () => {
  it('goes joining → waiting → joined, with the local participant first', () => {
    const joining = apply({ type: 'joining', roomId: 'r1' });
    expect(joining.phase).toBe('joining');
    const waiting = roomReducer(joining, { type: 'waiting', hostId: 'h', selfId: 'g' });
    expect(waiting.phase).toBe('waiting');
    const state = roomReducer(waiting, joined);
    expect(state.phase).toBe('joined');
    expect(state.isHost).toBe(false);
    expect(state.participants.map((p) => [p.id, p.isLocal, p.connectionState])).toEqual([
      ['g', true, 'connected'],
      ['h', false, 'new'],
    ]);
    expect(state.participants[0]?.videoEnabled).toBe(false);
  });

  it('knows the host is the one whose id is the host id', () => {
    expect(apply({ ...joined, selfId: 'h' }).isHost).toBe(true);
  });

  it('adds and removes participants, never twice', () => {
    const newcomer = { id: 'x', name: 'Xi', isHost: false, joinedAt: 3 };
    const state = apply(joined, { type: 'participant-joined', participant: newcomer }, { type: 'participant-joined', participant: newcomer });
    expect(state.participants.map((p) => p.id)).toEqual(['g', 'h', 'x']);
    expect(roomReducer(state, { type: 'participant-left', participantId: 'x' }).participants.map((p) => p.id)).toEqual(['g', 'h']);
  });

  it('rates the room by its worst connected peer', () => {
    const state = apply(
      joined,
      { type: 'participant-joined', participant: { id: 'x', name: 'Xi', isHost: false, joinedAt: 3 } },
      { type: 'peer-state', participantId: 'h', state: 'connected' },
      { type: 'peer-quality', participantId: 'h', quality: 'fair' },
      { type: 'peer-quality', participantId: 'x', quality: 'poor' },
    );
    // x is not connected yet, so its reading does not count.
    expect(state.connectionQuality).toBe('fair');
    expect(roomReducer(state, { type: 'peer-state', participantId: 'x', state: 'connected' }).connectionQuality).toBe('poor');
  });

  it('shows one sharer: the latest to start, falling back when they stop or leave', () => {
    const three = apply(joined, { type: 'participant-joined', participant: { id: 'x', name: 'Xi', isHost: false, joinedAt: 3 } });
    const both = [{ type: 'screen-sharing', participantId: 'h', sharing: true }, { type: 'screen-sharing', participantId: 'x', sharing: true }] as const;
    const state = both.reduce(roomReducer, three);
    expect(state.screenSharingParticipant).toBe('x');
    expect(state.isScreenSharing).toBe(false);
    expect(roomReducer(state, { type: 'screen-sharing', participantId: 'x', sharing: false }).screenSharingParticipant).toBe('h');
    expect(roomReducer(state, { type: 'participant-left', participantId: 'x' }).screenSharingParticipant).toBe('h');
    const mine = roomReducer(three, { type: 'screen-sharing', participantId: 'g', sharing: true });
    expect(mine.isScreenSharing).toBe(true);
    expect(mine.participants[0]?.isScreenSharing).toBe(true);
  });

  it('counts handled join requests, for the dialog’s empty state', () => {
    const guests = [
      { id: 'a', name: 'A', requestedAt: 1 },
      { id: 'b', name: 'B', requestedAt: 2 },
    ];
    const state = apply(joined, { type: 'pending-guests', guests }, { type: 'pending-guests', guests: guests.slice(1) }, { type: 'pending-guests', guests: [] });
    expect(state.handledRequests).toBe(2);
    expect(state.pendingGuests).toEqual([]);
  });

  it('tracks media state, recording and settings', () => {
    let state = apply(joined, { type: 'media-state', participantId: 'h', videoEnabled: false, audioEnabled: false });
    expect(state.participants[1]).toMatchObject({ videoEnabled: false, audioEnabled: false });
    state = [
      { type: 'recording-state', state: 'recording' },
      { type: 'recording-mode', mode: 'separate' },
      { type: 'auto-admit', enabled: false },
    ].reduce((s, a) => roomReducer(s, a as RoomAction), state);
    expect(state).toMatchObject({ recordingState: 'recording', recordingMode: 'separate', autoAdmit: false });
  });

  it('resets to the initial state on leaving, keeping only the transport’s connection flag', () => {
    const state = apply({ type: 'connected', connected: true }, joined, { type: 'reset' });
    expect(state).toEqual({ ...INITIAL_ROOM_STATE, isConnected: true });
  });
});
