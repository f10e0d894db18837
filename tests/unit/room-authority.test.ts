import { describe, expect, it } from 'vitest';
import {
  AUTO_ADMIT_MS,
  MAX_MEDIA_SERVER_PARTICIPANTS,
  MAX_PARTICIPANTS,
  MAX_PENDING_GUESTS,
  MAX_REMOVED,
  autoAdmitsDue,
  createAuthority,
  decide,
  decideAll,
  dueForAutoAdmit,
  nextAutoAdmitAt,
  type AuthorityRequest,
  type AuthorityState,
} from '../../src/protocol/room-authority';
import { ROOM_ERRORS } from '../../src/protocol/protocol';

const HOST = 'host1';
const fresh = () => createAuthority('room-1', "Hana's room", { id: HOST, name: 'Hana' }, 1000);

function run(state: AuthorityState, ...requests: AuthorityRequest[]) {
  let current = state;
  let last = decide(current, requests[0] as AuthorityRequest);
  for (const request of requests) {
    last = decide(current, request);
    current = last.state;
  }
  return last;
}

describe('room authority', () => {
  it('starts with the host as the only participant', () => {
    const state = fresh();
    expect(state.participants).toEqual([{ id: HOST, name: 'Hana', isHost: true, joinedAt: 1000 }]);
    expect(state.autoAdmit).toBe(true);
  });

  it('turns joiners away once the waiting list is full, and takes them again when it shrinks', () => {
    let state = fresh();
    for (let i = 0; i < MAX_PENDING_GUESTS; i++) state = decide(state, { type: 'join', from: `g${String(i)}`, name: 'Gus', now: 2000 }).state;
    const refused = decide(state, { type: 'join', from: 'late', name: 'Lee', now: 2000 });
    expect(refused.reply).toEqual({ success: false, error: ROOM_ERRORS.tooManyWaiting });
    expect(refused.state.pending).toHaveLength(MAX_PENDING_GUESTS);
    expect(refused.deliveries).toEqual([]);
    state = decide(state, { type: 'reject', by: HOST, guestId: 'g0' }).state;
    expect(decide(state, { type: 'join', from: 'late', name: 'Lee', now: 2000 }).reply).toMatchObject({ success: true, pending: true });
  });

  it('puts a joiner in the waiting list and tells the host', () => {
    const { state, reply, deliveries } = decide(fresh(), { type: 'join', from: 'g1', name: '  Gus\u0000 ', now: 2000 });
    expect(reply).toMatchObject({ success: true, pending: true, hostId: HOST, selfId: 'g1' });
    expect(state.pending).toEqual([{ id: 'g1', name: 'Gus', requestedAt: 2000 }]);
    expect(deliveries.map((d) => [d.to, d.event])).toEqual([
      [HOST, 'guest-request'],
      [HOST, 'pending-guests'],
    ]);
  });

  it('admits on the host approval: the guest gets the room, the others get the newcomer', () => {
    const result = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 });
    expect(result.reply.success).toBe(true);
    expect(result.state.pending).toEqual([]);
    expect(result.state.participants.map((p) => p.id)).toEqual([HOST, 'g1']);
    const joined = result.deliveries.find((d) => d.event === 'room-joined');
    expect(joined?.to).toBe('g1');
    expect(joined?.payload).toMatchObject({ selfId: 'g1', hostId: HOST });
    const announced = result.deliveries.find((d) => d.event === 'participant-joined');
    expect(announced?.to).toEqual({ members: true, except: 'g1' });
  });

  it('refuses approvals, rejections and recording from anyone but the host', () => {
    const waiting = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }).state;
    expect(decide(waiting, { type: 'approve', by: 'g1', guestId: 'g1', now: 1 }).reply).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyApprove });
    expect(decide(waiting, { type: 'reject', by: 'g2', guestId: 'g1' }).reply).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyReject });
    expect(decide(waiting, { type: 'start-recording', by: 'g1', mode: 'mixed', now: 1 }).reply.error).toBe(ROOM_ERRORS.hostOnlyStart);
    expect(decide(waiting, { type: 'stop-recording', by: 'g1' }).reply.error).toBe(ROOM_ERRORS.hostOnlyStop);
    expect(decide(waiting, { type: 'kick', by: 'g1', participantId: HOST }).reply.success).toBe(false);
    expect(decide(waiting, { type: 'set-auto-admit', by: 'g1', enabled: false }).state.autoAdmit).toBe(true);
    expect(decide(waiting, { type: 'approve', by: 'g1', guestId: 'g1', now: 1 }).state).toBe(waiting);
  });

  it('tells a rejected guest with the spec text', () => {
    const result = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'reject', by: HOST, guestId: 'g1' });
    expect(result.state.pending).toEqual([]);
    expect(result.deliveries).toContainEqual({ to: 'g1', event: 'error', payload: { message: 'Guest request rejected by host' } });
  });

  it('answers a repeated join without adding anyone twice', () => {
    const admitted = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 }).state;
    const again = decide(admitted, { type: 'join', from: 'g1', name: 'Gus', now: 4000 });
    expect(again.state).toBe(admitted);
    expect(again.reply).toMatchObject({ success: true, selfId: 'g1' });
    expect(decide(run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }).state, { type: 'join', from: 'g1', name: 'Gus', now: 2500 }).state.pending).toHaveLength(1);
  });

  it('admits guests 5 s after their request while auto-admit is on, never when it is off', () => {
    const waiting = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }).state;
    expect(nextAutoAdmitAt(waiting)).toBe(2000 + AUTO_ADMIT_MS);
    expect(dueForAutoAdmit(waiting, 2000 + AUTO_ADMIT_MS - 1)).toEqual([]);
    expect(dueForAutoAdmit(waiting, 2000 + AUTO_ADMIT_MS)).toEqual(['g1']);
    expect(decide(waiting, { type: 'auto-admit', guestId: 'g1', now: 7000 }).state.participants).toHaveLength(2);
    const off = decide(waiting, { type: 'set-auto-admit', by: HOST, enabled: false }).state;
    expect(nextAutoAdmitAt(off)).toBeNull();
    expect(dueForAutoAdmit(off, 1e12)).toEqual([]);
    expect(decide(off, { type: 'auto-admit', guestId: 'g1', now: 7000 }).reply.success).toBe(false);
  });

  it('a room created with another auto-admit delay keeps it; a room stored without one uses the default', () => {
    const quick = createAuthority('room-1', "Hana's room", { id: HOST, name: 'Hana' }, 1000, { autoAdmitAfterMs: 600 });
    const waiting = run(quick, { type: 'join', from: 'g1', name: 'Gus', now: 2000 }).state;
    expect(nextAutoAdmitAt(waiting)).toBe(2600);
    expect(dueForAutoAdmit(waiting, 2599)).toEqual([]);
    expect(autoAdmitsDue(waiting, 2600)).toEqual([{ type: 'auto-admit', guestId: 'g1', now: 2600 }]);
    expect('autoAdmitAfterMs' in fresh()).toBe(false);
  });

  it('removes a participant who leaves and tells everyone, and forgets a waiting guest who gives up', () => {
    const room = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 }, { type: 'join', from: 'g2', name: 'Ida', now: 4000 }).state;
    const left = decide(room, { type: 'leave', from: 'g1', reason: 'left' });
    expect(left.state.participants.map((p) => p.id)).toEqual([HOST]);
    expect(left.deliveries).toContainEqual({ to: { members: true }, event: 'participant-left', payload: { participantId: 'g1', reason: 'left' } });
    const gaveUp = decide(room, { type: 'leave', from: 'g2', reason: 'disconnected' });
    expect(gaveUp.state.pending).toEqual([]);
  });

  it('ends the room for everyone, waiting guests too, when the host leaves', () => {
    const room = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 }, { type: 'join', from: 'g2', name: 'Ida', now: 4000 }).state;
    const ended = decide(room, { type: 'leave', from: HOST, reason: 'left' });
    expect(ended.state.ended).toBe(true);
    expect(ended.deliveries.map((d) => [d.to, d.event])).toEqual([
      [{ members: true, except: HOST }, 'room-ended'],
      ['g2', 'room-ended'],
    ]);
    expect(decide(ended.state, { type: 'join', from: 'g3', name: 'Zed', now: 5000 }).reply.success).toBe(false);
  });

  it('removes a kicked participant and tells them', () => {
    const room = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 }).state;
    const kicked = decide(room, { type: 'kick', by: HOST, participantId: 'g1' });
    expect(kicked.state.participants.map((p) => p.id)).toEqual([HOST]);
    expect(kicked.deliveries).toContainEqual({ to: 'g1', event: 'participant-left', payload: { participantId: 'g1', reason: 'kicked' } });
    expect(decide(room, { type: 'kick', by: HOST, participantId: HOST }).reply.success).toBe(false);
  });

  it('refuses a removed guest who asks again on the same connection, so auto-admit cannot let them back in', () => {
    const room = run(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2000 }, { type: 'approve', by: HOST, guestId: 'g1', now: 3000 }).state;
    const kicked = decide(room, { type: 'kick', by: HOST, participantId: 'g1' }).state;
    const again = decide(kicked, { type: 'join', from: 'g1', name: 'Gus', now: 4000 });
    expect(again.reply).toEqual({ success: false, error: ROOM_ERRORS.removed });
    expect(again.state.pending).toEqual([]);
    expect(dueForAutoAdmit(again.state, 60_000)).toEqual([]);
    // Someone else still gets in; and the list of the removed stays bounded however many are removed.
    expect(decide(kicked, { type: 'join', from: 'g2', name: 'Ida', now: 4000 }).state.pending.map((g) => g.id)).toEqual(['g2']);
    let busy = kicked;
    for (let i = 0; i < MAX_REMOVED + 10; i++) {
      busy = run(busy, { type: 'join', from: `x${String(i)}`, name: 'X', now: 5000 + i }, { type: 'approve', by: HOST, guestId: `x${String(i)}`, now: 5000 + i }, { type: 'kick', by: HOST, participantId: `x${String(i)}` }).state;
    }
    expect(busy.removed).toHaveLength(MAX_REMOVED);
    expect(decide(busy, { type: 'join', from: `x${String(MAX_REMOVED + 9)}`, name: 'X', now: 9000 }).reply.success).toBe(false);
  });

  it('tells a guest admitted mid-recording that the room is being recorded, paused included', () => {
    const waiting = decide(fresh(), { type: 'join', from: 'g1', name: 'Gus', now: 2 }).state;
    const recording = decide(waiting, { type: 'start-recording', by: HOST, mode: 'mixed', now: 5 }).state;
    const admitted = decide(recording, { type: 'approve', by: HOST, guestId: 'g1', now: 6 });
    const toGuest = admitted.deliveries.filter((d) => d.to === 'g1').map((d) => [d.event, d.payload]);
    expect(toGuest).toEqual([
      ['room-joined', expect.objectContaining({ selfId: 'g1' })],
      ['recording-started', { mode: 'mixed', startedAt: 5 }],
    ]);

    const paused = decide(decide(recording, { type: 'pause-recording', by: HOST }).state, { type: 'approve', by: HOST, guestId: 'g1', now: 7 });
    expect(paused.deliveries.filter((d) => d.to === 'g1').map((d) => d.event)).toEqual(['room-joined', 'recording-started', 'recording-paused']);

    const stopped = decide(recording, { type: 'stop-recording', by: HOST }).state;
    const later = decide(stopped, { type: 'approve', by: HOST, guestId: 'g1', now: 8 });
    expect(later.deliveries.filter((d) => d.to === 'g1').map((d) => d.event)).toEqual(['room-joined']);
  });

  it('runs one recording at a time and announces each step', () => {
    const started = decide(fresh(), { type: 'start-recording', by: HOST, mode: 'separate', now: 9 });
    expect(started.state.recording).toBe('recording');
    expect(started.deliveries).toEqual([{ to: { members: true }, event: 'recording-started', payload: { mode: 'separate', startedAt: 9 } }]);
    expect(decide(started.state, { type: 'start-recording', by: HOST, mode: 'mixed', now: 10 }).reply.error).toBe(ROOM_ERRORS.recordingActive);
    const paused = decide(started.state, { type: 'pause-recording', by: HOST });
    expect(paused.state.recording).toBe('paused');
    expect(decide(paused.state, { type: 'resume-recording', by: HOST }).state.recording).toBe('recording');
    const stopped = decide(paused.state, { type: 'stop-recording', by: HOST });
    expect(stopped.state.recording).toBe('idle');
    expect(stopped.deliveries[0]?.event).toBe('recording-stopped');
    expect(decide(stopped.state, { type: 'stop-recording', by: HOST }).reply.error).toBe(ROOM_ERRORS.notRecording);
  });

  it('keeps the mesh to a size machines can carry', () => {
    let state = fresh();
    for (let i = 1; i < MAX_PARTICIPANTS; i++) {
      state = run(state, { type: 'join', from: `g${String(i)}`, name: 'G', now: i }, { type: 'approve', by: HOST, guestId: `g${String(i)}`, now: i }).state;
    }
    expect(state.participants).toHaveLength(MAX_PARTICIPANTS);
    expect(decide(state, { type: 'join', from: 'late', name: 'Late', now: 99 }).reply).toEqual({ success: false, error: ROOM_ERRORS.roomFull });
  });

  it('takes a class of 30 when the media goes through a media server, and not one more', () => {
    let state = createAuthority('room-1', "Hana's room", { id: HOST, name: 'Hana' }, 1000, { mediaServer: 'http://janus-a:8088/janus' });
    for (let i = 1; i < MAX_MEDIA_SERVER_PARTICIPANTS; i++) {
      state = run(state, { type: 'join', from: `g${String(i)}`, name: 'G', now: i }, { type: 'approve', by: HOST, guestId: `g${String(i)}`, now: i }).state;
    }
    expect(state.participants).toHaveLength(MAX_MEDIA_SERVER_PARTICIPANTS);
    expect(decide(state, { type: 'join', from: 'late', name: 'Late', now: 99 }).reply).toEqual({ success: false, error: ROOM_ERRORS.roomFull });
    // A guest who asked before the room filled is not let in over the limit either.
    const left = run(state, { type: 'leave', from: 'g1', reason: 'left' }, { type: 'join', from: 'w1', name: 'W', now: 100 }, { type: 'join', from: 'w2', name: 'W', now: 100 }).state;
    const first = decide(left, { type: 'approve', by: HOST, guestId: 'w1', now: 101 });
    expect(first.reply.success).toBe(true);
    expect(decide(first.state, { type: 'approve', by: HOST, guestId: 'w2', now: 102 }).reply).toEqual({ success: false, error: ROOM_ERRORS.roomFull });
  });
});

describe('decideAll, the one loop around decide()', () => {
  it('decides in order, each request on the state the one before left, and replies to the last', () => {
    const room = createAuthority('r', 'Room', { id: 'h', name: 'Host' }, 0);
    const join: AuthorityRequest = { type: 'join', from: 'g', name: 'Gus', now: 1 };
    const approve: AuthorityRequest = { type: 'approve', by: 'h', guestId: 'g', now: 2 };
    const kickByGuest: AuthorityRequest = { type: 'kick', by: 'g', participantId: 'h' };
    const all = decideAll(room, [join, approve, kickByGuest]);
    const joined = decide(room, join);
    const approved = decide(joined.state, approve);
    expect(all.state.participants.map((p) => p.id)).toEqual(['h', 'g']);
    expect(all.reply).toEqual({ success: false, error: ROOM_ERRORS.hostOnlyAction });
    expect(all.deliveries).toEqual([...joined.deliveries, ...approved.deliveries]);
    expect(all.deliveries.length).toBeGreaterThan(0);
    expect(all.gone).toBe(false);
  });

  it('says the room is gone when its host leaves', () => {
    const room = createAuthority('r', 'Room', { id: 'h', name: 'Host' }, 0);
    const ended = decideAll(room, [{ type: 'leave', from: 'h', reason: 'left' }]);
    expect(ended.gone).toBe(true);
    expect(ended.state.ended).toBe(true);
  });

  it('turns the guests due for auto-admit into requests, in the order they asked', () => {
    let room = createAuthority('r', 'Room', { id: 'h', name: 'Host' }, 0);
    room = decide(room, { type: 'join', from: 'a', name: 'A', now: 10 }).state;
    room = decide(room, { type: 'join', from: 'b', name: 'B', now: 20 }).state;
    expect(autoAdmitsDue(room, 10 + AUTO_ADMIT_MS - 1)).toEqual([]);
    expect(autoAdmitsDue(room, 20 + AUTO_ADMIT_MS)).toEqual([
      { type: 'auto-admit', guestId: 'a', now: 20 + AUTO_ADMIT_MS },
      { type: 'auto-admit', guestId: 'b', now: 20 + AUTO_ADMIT_MS },
    ]);
    const admitted = decideAll(room, autoAdmitsDue(room, 20 + AUTO_ADMIT_MS));
    expect(admitted.state.participants.map((p) => p.id)).toEqual(['h', 'a', 'b']);
  });
});
