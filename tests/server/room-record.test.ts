/** The room record's pure rules: presence per connection, one token per place, deadlines. */
import { describe, expect, it } from 'vitest';
import { MAX_PARTICIPANTS, createAuthority, decide } from '../../src/protocol/room-authority';
import { applyRequests, depart, departNode, dueRequests, hold, nextDeadline, nodesTakingPlaces, placeOfToken, pruned, type RoomRecord } from '../../server/room-record';

function room(): RoomRecord {
  let authority = createAuthority('r', 'Room', { id: 'host', name: 'Ada' }, 0);
  authority = decide(authority, { type: 'join', from: 'guest', name: 'Bo', now: 1000 }).state;
  authority = decide(authority, { type: 'approve', by: 'host', guestId: 'guest', now: 1000 }).state;
  return {
    authority: { ...authority, autoAdmit: false },
    tokens: { host: 'th', guest: 'tg' },
    presence: { host: { conn: 'c1', node: 'n1' }, guest: { conn: 'c2', node: 'n2' } },
  };
}

describe('presence belongs to the connection that holds the place', () => {
  it('an older connection going away does not undo a newer one', () => {
    const taken = hold(room(), 'host', { conn: 'c9', node: 'n1' });
    expect(taken.replaced).toEqual({ conn: 'c1', node: 'n1' });
    const late = depart(taken.record, 'host', 'c1', 5000);
    expect(late.presence.host).toEqual({ conn: 'c9', node: 'n1' });
    expect(nextDeadline(late)).toBeNull();
  });

  it('each departure carries its own deadline: a flap does not inherit the first one', () => {
    let record = depart(room(), 'host', 'c1', 30_000);
    record = hold(record, 'host', { conn: 'c2b', node: 'n1' }).record;
    record = depart(record, 'host', 'c2b', 40_000);
    expect(dueRequests(record, 30_500)).toEqual([]);
    expect(nextDeadline(record)).toBe(40_000);
    expect(dueRequests(record, 40_000)).toEqual([{ type: 'leave', from: 'host', reason: 'disconnected' }]);
  });

  it('a change names the nodes that take a place with it, so each lists the room as its own in the same step', () => {
    expect(nodesTakingPlaces(null, room()).sort()).toEqual(['n1', 'n2']);
    expect(nodesTakingPlaces(room(), room())).toEqual([]);
    // A connection on another node takes the host's place back; a departure takes none.
    expect(nodesTakingPlaces(room(), hold(room(), 'host', { conn: 'c9', node: 'n3' }).record)).toEqual(['n3']);
    expect(nodesTakingPlaces(room(), hold(room(), 'host', { conn: 'c9', node: 'n1' }).record)).toEqual([]);
    expect(nodesTakingPlaces(room(), depart(room(), 'host', 'c1', 5000))).toEqual([]);
    expect(nodesTakingPlaces(depart(room(), 'host', 'c1', 5000), room())).toEqual(['n1']);
    expect(nodesTakingPlaces(room(), null)).toEqual([]);
  });

  it('a silent node: every place it held waits, the others stay', () => {
    const record = departNode(room(), 'n2', 9000);
    expect(record.presence).toEqual({ host: { conn: 'c1', node: 'n1' }, guest: { awayUntil: 9000 } });
  });

  it('gives guests up before the host, so the host leaving last ends the room once', () => {
    let record = depart(room(), 'host', 'c1', 100);
    record = depart(record, 'guest', 'c2', 100);
    const requests = dueRequests(record, 200);
    expect(requests.map((r) => (r.type === 'leave' ? r.from : r.type))).toEqual(['guest', 'host']);
    const applied = applyRequests(record, requests);
    expect(applied.record).toBeNull();
    expect(applied.state.ended).toBe(true);
  });
});

describe('the record stays bounded', () => {
  it('keeps tokens and presence only for people in the room or waiting', () => {
    const record = room();
    const churned: RoomRecord = {
      ...record,
      tokens: { ...record.tokens, gone1: 'x1', gone2: 'x2' },
      presence: { ...record.presence, gone1: { awayUntil: 5 }, gone2: { conn: 'c', node: 'n' } },
    };
    expect(pruned(churned)).toEqual(record);
    expect(nextDeadline(churned)).toBeNull();
  });

  it('a token names its place only while the place exists', () => {
    const record = room();
    expect(placeOfToken(record, 'tg')).toBe('guest');
    expect(placeOfToken(record, 'nope')).toBeNull();
    const kicked = applyRequests(record, [{ type: 'kick', by: 'host', participantId: 'guest' }]);
    expect(kicked.record && placeOfToken(kicked.record, 'tg')).toBeNull();
  });

  it('auto-admit is a deadline like any other', () => {
    const record = room();
    const waiting = decide({ ...record.authority, autoAdmit: true }, { type: 'join', from: 'late', name: 'Cy', now: 2000 }).state;
    const next: RoomRecord = { ...record, authority: waiting, presence: { ...record.presence, late: { conn: 'c3', node: 'n1' } } };
    expect(nextDeadline(next)).toBe(7000);
    expect(dueRequests(next, 7000)).toEqual([{ type: 'auto-admit', guestId: 'late', now: 7000 }]);
  });

  it('a full room has no auto-admit deadline: nothing to sweep until someone leaves', () => {
    const record = room();
    const members = Array.from({ length: MAX_PARTICIPANTS - 2 }, (_, i) => ({ id: `m${String(i)}`, name: 'M', isHost: false, joinedAt: 0 }));
    const full = { ...record.authority, autoAdmit: true, participants: [...record.authority.participants, ...members] };
    const waiting = decide(full, { type: 'join', from: 'late', name: 'Cy', now: 2000 });
    expect(waiting.reply).toMatchObject({ success: false });
    const queued = { ...full, pending: [{ id: 'late', name: 'Cy', requestedAt: 2000 }] };
    expect(nextDeadline({ ...record, authority: queued })).toBeNull();
  });
});
