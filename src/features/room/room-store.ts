/**
 * The room page's store: the room state (changed only through its reducer), each participant's
 * stream, the latest connection figures, and UI flags. Listeners are told of every change, for
 * React's useSyncExternalStore.
 */
import type { ConnectionStats } from './peers/connection-quality';
import { INITIAL_ROOM_STATE, roomReducer, type RoomAction, type RoomState } from './room-state';
import type { RoomFile } from './room-notice';
import type { SignalingMode } from './signaling/signaling-target';
import type { TrackStatus } from './tracks/track-receiver';
import type { OwnTrackStatus } from './tracks/podcast-tracks';

export interface RoomSnapshot {
  room: RoomState;
  /** Each participant's picture (the local one without sound, so it never echoes). */
  streams: ReadonlyMap<string, MediaStream>;
  stats: Readonly<Record<string, ConnectionStats>>;
  /** Why the last join did not work, shown under the join form. */
  joinError: string | null;
  /** Guest requests with a decision on its way. */
  guestActions: readonly string[];
  /** The last room recording's files (on the host: its own, then each participant's track as it arrives). */
  files: readonly RoomFile[];
  /** The host's view of each participant's own track in a separate recording. */
  tracks: readonly TrackStatus[];
  /** A participant's own track in a separate recording, as they see it; null when there is none. */
  ownTrack: OwnTrackStatus | null;
  leaving: boolean;
  /** Which of this participant's devices the browser granted (a missing one cannot be turned on). */
  devices: { camera: boolean; microphone: boolean };
  /** How this page reaches the room: through a signaling server, or this browser's tabs only. */
  signaling: SignalingMode;
}

export class RoomStore {
  private snapshot: RoomSnapshot = { room: INITIAL_ROOM_STATE, streams: new Map(), stats: {}, joinError: null, guestActions: [], files: [], tracks: [], ownTrack: null, leaving: false, devices: { camera: false, microphone: false }, signaling: 'checking' };
  private readonly listeners = new Set<() => void>();

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RoomSnapshot => this.snapshot;

  get room(): RoomState {
    return this.snapshot.room;
  }

  dispatch(action: RoomAction): void {
    this.update({ room: roomReducer(this.snapshot.room, action) });
  }

  setStream(participantId: string, stream: MediaStream | null): void {
    const streams = new Map(this.snapshot.streams);
    if (stream) streams.set(participantId, stream);
    else streams.delete(participantId);
    this.update({ streams });
  }

  setStats(participantId: string, stats: ConnectionStats): void {
    this.update({ stats: { ...this.snapshot.stats, [participantId]: stats } });
  }

  update(patch: Partial<RoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => {
      listener();
    });
  }
}
