/** Which media server a room goes to: the same on every node, spread evenly, and stable as servers come and go. */
import { describe, expect, it } from 'vitest';
import { placeRoom } from '../../server/sfu/media-servers';

const rooms = Array.from({ length: 3000 }, (_, i) => `room-${String(i)}`);
const placed = (names: readonly string[]) => new Map(rooms.map((room) => [room, placeRoom(room, names)]));

describe('placing rooms on media servers', () => {
  it('puts a room on the same server whatever the order of the list', () => {
    const names = ['http://a/janus', 'http://b/janus', 'http://c/janus'];
    expect(placed(names)).toEqual(placed([...names].reverse()));
  });

  it('spreads rooms about evenly', () => {
    const counts = new Map<string, number>();
    for (const name of placed(['http://a/janus', 'http://b/janus', 'http://c/janus']).values()) counts.set(name, (counts.get(name) ?? 0) + 1);
    expect(counts.size).toBe(3);
    for (const count of counts.values()) expect(count / rooms.length).toBeGreaterThan(0.28);
  });

  it('moves only the rooms that go to a server added, and only a removed server’s rooms', () => {
    const before = placed(['http://a/janus', 'http://b/janus']);
    const after = placed(['http://a/janus', 'http://b/janus', 'http://c/janus']);
    for (const room of rooms) if (after.get(room) !== before.get(room)) expect(after.get(room)).toBe('http://c/janus');
    const removed = placed(['http://a/janus', 'http://c/janus']);
    for (const room of rooms) if (after.get(room) !== 'http://b/janus') expect(removed.get(room)).toBe(after.get(room));
  });

  it('refuses to place a room on no server', () => {
    expect(() => placeRoom('room', [])).toThrow(/no media server/);
  });
});
