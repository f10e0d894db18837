import { describe, expect, it } from 'vitest';
import { MIXED_SIZE, PARTICIPANT_SIZE, mixedTiles, participantOutput, recordingPlan } from '../../src/features/room/recording/room-recording-plan';
import { DEFAULT_ICE_SERVERS, parseIceServers, resolveIceServers } from '../../src/features/room/peers/ice-config';

const people = [
  { id: 'guest1', name: 'Gus', isLocal: false },
  { id: 'host1', name: 'Hana', isLocal: true },
  { id: 'guest2', name: 'Ida', isLocal: false },
];
const settings = { videoKbps: 5000, audioKbps: 128, frameRate: 30 };
const at = new Date('2024-01-02T03:04:05.000Z');
let n = 0;
const ids = () => `rec${String(++n)}`;

describe('room recording plan', () => {
  it('mixed: one 1920×1080 file, the host first as "You", then the others by name', () => {
    const [mixed, ...rest] = recordingPlan('mixed', people, settings, at, ids);
    expect(rest).toEqual([]);
    expect(mixed?.fileName).toBe('podcast-mixed-2024-01-02T03-04-05.000Z.webm');
    expect(mixed?.spec).toMatchObject({ outputId: 'mixed', kind: 'room-mixed', size: MIXED_SIZE, videoBitrate: 5_000_000, audioBitrate: 128_000, labels: true });
    expect(mixed?.spec.tiles).toEqual([
      { sourceId: 'host1', label: 'You' },
      { sourceId: 'guest1', label: 'Gus' },
      { sourceId: 'guest2', label: 'Ida' },
    ]);
  });

  it('separate: the host’s own file only (guests record theirs), at the host’s own size, bitrate scaled to it', () => {
    const plan = recordingPlan('separate', people, settings, at, ids);
    expect(plan.map((o) => o.fileName)).toEqual(['podcast-host1-2024-01-02T03-04-05.000Z.webm']);
    expect(plan[0]?.spec).toMatchObject({ size: PARTICIPANT_SIZE, labels: false, tiles: [{ sourceId: 'host1', label: 'You' }] });
    expect(plan[0]?.spec.videoBitrate).toBe(Math.round(5000 * (1280 * 720) / (1920 * 1080)) * 1000);
    const own = recordingPlan('separate', people, { ...settings, ownSize: { width: 640, height: 480 } }, at, ids);
    expect(own[0]?.spec.size).toEqual({ width: 640, height: 480 });
    expect(recordingPlan('separate', people.filter((p) => !p.isLocal), settings, at, ids)).toEqual([]);
  });

  it('local-only: the host’s own streams only', () => {
    const plan = recordingPlan('local-only', people, settings, at, ids);
    expect(plan).toHaveLength(1);
    expect(plan[0]?.spec).toMatchObject({ outputId: 'host1', kind: 'room-local-only', tiles: [{ sourceId: 'host1', label: 'You' }] });
    expect(recordingPlan('local-only', people.filter((p) => !p.isLocal), settings, at, ids)).toEqual([]);
  });

  it('never goes below 1 Mbps of video', () => {
    expect(participantOutput(people[0] as never, 'room-separate', { ...settings, videoKbps: 1000 }, at, 'x').spec.videoBitrate).toBe(1_000_000);
    expect(mixedTiles([])).toEqual([]);
  });
});

describe('ICE servers setting', () => {
  it('defaults to public STUN servers', () => {
    expect(parseIceServers(undefined)).toEqual(DEFAULT_ICE_SERVERS);
    expect(parseIceServers('')).toEqual(DEFAULT_ICE_SERVERS);
    expect(DEFAULT_ICE_SERVERS.every((s) => [s.urls].flat().every((u) => u.startsWith('stun:')))).toBe(true);
  });

  it('reads "none", a URL list or a JSON array, and falls back on nonsense', () => {
    expect(parseIceServers('none')).toEqual([]);
    expect(parseIceServers('[]')).toEqual([]);
    expect(parseIceServers('stun:a.example:3478, turn:b.example:3478')).toEqual([{ urls: ['stun:a.example:3478', 'turn:b.example:3478'] }]);
    expect(parseIceServers('[{"urls":"turn:t.example","username":"u","credential":"c"},{"urls":"http://x"}]')).toEqual([
      { urls: 'turn:t.example', username: 'u', credential: 'c' },
    ]);
    expect(parseIceServers('[oops')).toEqual(DEFAULT_ICE_SERVERS);
    expect(parseIceServers('http://nope')).toEqual(DEFAULT_ICE_SERVERS);
  });

  it('lets a per-browser override win over the build setting', () => {
    expect(resolveIceServers('none', 'stun:a.example')).toEqual([]);
    expect(resolveIceServers(null, 'stun:a.example')).toEqual([{ urls: ['stun:a.example'] }]);
    expect(resolveIceServers('  ', undefined)).toEqual(DEFAULT_ICE_SERVERS);
  });
});
