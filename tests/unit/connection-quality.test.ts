import { describe, expect, it } from 'vitest';
import { connectionQuality, statsSince, totalsFromReport, worstQuality } from '../../src/features/room/peers/connection-quality';
import { reconnectDelay } from '../../src/features/room/peers/reconnect-policy';

const q = (roundTripTime: number, packetsLost: number, jitter: number) => connectionQuality({ roundTripTime, packetsLost, jitter });

describe('connection quality', () => {
  it('follows the spec thresholds, each reading alone enough to lower it', () => {
    // Readings of round trip (ms), packets lost and jitter (ms), by the quality they make.
    const readings: Record<string, [number, number, number][]> = {
      excellent: [[10, 0, 1], [50, 0, 10]],
      good: [[51, 0, 0], [0, 1, 0], [0, 0, 11], [150, 2, 20]],
      fair: [[151, 0, 0], [0, 3, 0], [0, 0, 21], [300, 5, 50]],
      poor: [[301, 0, 0], [0, 6, 0], [0, 0, 51]],
    };
    for (const [quality, list] of Object.entries(readings)) {
      for (const [roundTrip, lost, jitter] of list) expect(q(roundTrip, lost, jitter), `${String(roundTrip)} ms, ${String(lost)} lost, ${String(jitter)} ms jitter`).toBe(quality);
    }
  });

  it('rates a room by its worst link, excellent when alone', () => {
    expect(worstQuality([])).toBe('excellent');
    expect(worstQuality(['good', 'poor', 'fair'])).toBe('poor');
  });

  it('reads the selected candidate pair and the inbound streams of a stats report', () => {
    const totals = totalsFromReport([
      { type: 'transport', selectedCandidatePairId: 'p2' },
      { type: 'candidate-pair', id: 'p1', bytesReceived: 1, bytesSent: 1, currentRoundTripTime: 0.9 },
      { type: 'candidate-pair', id: 'p2', bytesReceived: 5000, bytesSent: 7000, currentRoundTripTime: 0.012 },
      { type: 'inbound-rtp', kind: 'video', packetsLost: 4, jitter: 0.008 },
      { type: 'inbound-rtp', kind: 'audio', packetsLost: 1, jitter: 0.025 },
      { type: 'outbound-rtp', kind: 'video' },
    ]);
    expect(totals).toEqual({ bytesReceived: 5000, bytesSent: 7000, packetsLost: 5, roundTripTime: 12, jitter: 25 });
  });

  it('counts packets lost since the previous sample, so one bad moment does not stay forever', () => {
    const first = { bytesReceived: 10, bytesSent: 20, packetsLost: 9, roundTripTime: 30, jitter: 4 };
    expect(statsSince(first, null).packetsLost).toBe(9);
    expect(statsSince({ ...first, packetsLost: 10 }, first)).toEqual({ ...first, packetsLost: 1 });
    expect(statsSince({ ...first, packetsLost: 2 }, first).packetsLost).toBe(0);
  });
});

describe('reconnect backoff', () => {
  it('starts at 1 s and doubles, plus up to 1 s of spread', () => {
    expect(reconnectDelay(0, 0)).toBe(1000);
    expect(reconnectDelay(1, 0)).toBe(2000);
    expect(reconnectDelay(2, 0.5)).toBe(4500);
    expect(reconnectDelay(4, 0.999)).toBeCloseTo(16999, 0);
    expect(reconnectDelay(0, 7)).toBe(2000);
  });

  it('gives up after 5 attempts', () => {
    expect(reconnectDelay(4, 0)).not.toBeNull();
    expect(reconnectDelay(5, 0)).toBeNull();
    expect(reconnectDelay(-1, 0)).toBeNull();
    expect(reconnectDelay(1.5, 0)).toBeNull();
  });
});
