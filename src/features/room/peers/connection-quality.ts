/**
 * Connection statistics per peer and the quality rule (docs/decisions/0012-room-peer-connections.md),
 * computed from plain stats records so the rule is testable without a browser.
 */
import type { ConnectionQuality } from '../../../protocol';

export interface ConnectionStats {
  bytesReceived: number;
  bytesSent: number;
  /** Packets lost since the previous sample (a cumulative count would keep one bad moment forever). */
  packetsLost: number;
  /** Milliseconds. */
  roundTripTime: number;
  /** Milliseconds (the larger of audio and video). */
  jitter: number;
}

/** RTT and jitter in milliseconds, lost packets per sample; any one reading can lower the quality. */
export function connectionQuality({ roundTripTime: rtt, packetsLost: lost, jitter }: Pick<ConnectionStats, 'roundTripTime' | 'packetsLost' | 'jitter'>): ConnectionQuality {
  if (rtt > 300 || lost > 5 || jitter > 50) return 'poor';
  if (rtt > 150 || lost > 2 || jitter > 20) return 'fair';
  if (rtt > 50 || lost > 0 || jitter > 10) return 'good';
  return 'excellent';
}

const RANK: Record<ConnectionQuality, number> = { excellent: 0, good: 1, fair: 2, poor: 3 };

/** The worst of several qualities; a room with nobody else in it is excellent. */
export function worstQuality(qualities: readonly ConnectionQuality[]): ConnectionQuality {
  return qualities.reduce<ConnectionQuality>((worst, q) => (RANK[q] > RANK[worst] ? q : worst), 'excellent');
}

/** The fields of RTCStats records this module reads (all optional: browsers differ). */
export interface StatsRecord {
  type: string;
  kind?: string;
  id?: string;
  state?: string;
  nominated?: boolean;
  selected?: boolean;
  bytesReceived?: number;
  bytesSent?: number;
  packetsLost?: number;
  jitter?: number;
  currentRoundTripTime?: number;
  roundTripTime?: number;
  selectedCandidatePairId?: string;
}

/** Cumulative totals from one getStats() report. */
export interface StatsTotals {
  bytesReceived: number;
  bytesSent: number;
  packetsLost: number;
  roundTripTime: number;
  jitter: number;
}

export function totalsFromReport(records: readonly StatsRecord[]): StatsTotals {
  let bytesReceived = 0;
  let bytesSent = 0;
  let packetsLost = 0;
  let jitter = 0;
  let roundTripTime = 0;
  const transport = records.find((r) => r.type === 'transport' && r.selectedCandidatePairId);
  const pair =
    records.find((r) => r.type === 'candidate-pair' && transport && r.id === transport.selectedCandidatePairId) ??
    records.find((r) => r.type === 'candidate-pair' && (r.selected === true || (r.nominated === true && r.state === 'succeeded')));
  if (pair) {
    bytesReceived = pair.bytesReceived ?? 0;
    bytesSent = pair.bytesSent ?? 0;
    roundTripTime = (pair.currentRoundTripTime ?? 0) * 1000;
  }
  for (const record of records) {
    if (record.type === 'inbound-rtp') {
      packetsLost += Math.max(0, record.packetsLost ?? 0);
      jitter = Math.max(jitter, (record.jitter ?? 0) * 1000);
    } else if (record.type === 'remote-inbound-rtp' && !pair && record.roundTripTime !== undefined) {
      roundTripTime = Math.max(roundTripTime, record.roundTripTime * 1000);
    }
  }
  return { bytesReceived, bytesSent, packetsLost, roundTripTime, jitter };
}

/** This sample's figures: cumulative bytes as they are, lost packets as the change since `previous`. */
export function statsSince(current: StatsTotals, previous: StatsTotals | null): ConnectionStats {
  return {
    bytesReceived: current.bytesReceived,
    bytesSent: current.bytesSent,
    packetsLost: Math.max(0, current.packetsLost - (previous?.packetsLost ?? 0)),
    roundTripTime: current.roundTripTime,
    jitter: current.jitter,
  };
}
