/**
 * The room as one participant sees it, changed only by `roomReducer`. Media streams are not part of it:
 * they live beside it, keyed by participant id.
 */
import { worstQuality } from './peers/connection-quality';
import type { ConnectionQuality, ParticipantInfo, PendingGuest, RoomRecordingMode } from '../../protocol';

export type PeerState = 'new' | 'connecting' | 'connected' | 'reconnecting' | 'failed';
export type RoomPhase = 'idle' | 'joining' | 'waiting' | 'joined';
export type RoomRecordingState = 'idle' | 'processing' | 'recording' | 'paused';

export interface Participant {
  id: string;
  name: string;
  isHost: boolean;
  joinedAt: number;
  videoEnabled: boolean;
  audioEnabled: boolean;
  isLocal: boolean;
  connectionState: PeerState;
  connectionQuality: ConnectionQuality;
  isScreenSharing: boolean;
}

export interface RoomRecordingStats {
  durationMs: number;
  /** Bytes of every file of the recording together. */
  totalSize: number;
  participantCount: number;
  /** Bits per second over the whole recording. */
  bitrate: number;
  recordingMode: RoomRecordingMode;
  /** Frames recorded in the last second (0 before the first figures arrive). */
  fps: number;
  /** "Recording at 720p and 15 fps to keep up" while the computer cannot keep up, else null. */
  keepUp: string | null;
}

export interface RoomState {
  phase: RoomPhase;
  roomId: string;
  roomName: string;
  isHost: boolean;
  hostId: string;
  selfId: string;
  /** The local participant first, then the others in the order they joined. */
  participants: Participant[];
  recordingState: RoomRecordingState;
  isConnected: boolean;
  connectionQuality: ConnectionQuality;
  recordingMode: RoomRecordingMode;
  recordingStats: RoomRecordingStats | null;
  isScreenSharing: boolean;
  /** Who is shown as sharing: the latest participant to start, while they still share. */
  screenSharingParticipant: string | null;
  pendingGuests: PendingGuest[];
  /** Join requests decided or withdrawn since joining, to tell the dialog's two empty states apart. */
  handledRequests: number;
  autoAdmit: boolean;
  /** Sharers in the order they started; the last one is displayed. */
  sharers: string[];
  /** The room's media goes through the signaling server's media server, not directly (docs/sfu.md). */
  throughMediaServer: boolean;
}

export type RoomAction =
  | { type: 'joining'; roomId: string }
  | { type: 'waiting'; hostId: string; selfId: string }
  | {
      type: 'joined';
      roomId: string;
      roomName: string;
      hostId: string;
      selfId: string;
      participants: ParticipantInfo[];
      local: { videoEnabled: boolean; audioEnabled: boolean };
      mediaServer?: boolean;
    }
  | { type: 'participant-joined'; participant: ParticipantInfo }
  | { type: 'participant-left'; participantId: string }
  | { type: 'peer-state'; participantId: string; state: PeerState }
  | { type: 'peer-quality'; participantId: string; quality: ConnectionQuality }
  | { type: 'media-state'; participantId: string; videoEnabled: boolean; audioEnabled: boolean }
  | { type: 'screen-sharing'; participantId: string; sharing: boolean }
  | { type: 'pending-guests'; guests: PendingGuest[] }
  | { type: 'recording-state'; state: RoomRecordingState }
  | { type: 'recording-mode'; mode: RoomRecordingMode }
  | { type: 'recording-stats'; stats: RoomRecordingStats | null }
  | { type: 'auto-admit'; enabled: boolean }
  | { type: 'connected'; connected: boolean }
  | { type: 'reset' };

export const INITIAL_ROOM_STATE: RoomState = {
  phase: 'idle',
  roomId: '',
  roomName: '',
  isHost: false,
  hostId: '',
  selfId: '',
  participants: [],
  recordingState: 'idle',
  isConnected: false,
  connectionQuality: 'excellent',
  recordingMode: 'mixed',
  recordingStats: null,
  isScreenSharing: false,
  screenSharingParticipant: null,
  pendingGuests: [],
  handledRequests: 0,
  autoAdmit: true,
  sharers: [],
  throughMediaServer: false,
};

function toParticipant(info: ParticipantInfo, selfId: string, local: { videoEnabled: boolean; audioEnabled: boolean }): Participant {
  const isLocal = info.id === selfId;
  return {
    ...info,
    videoEnabled: isLocal ? local.videoEnabled : true,
    audioEnabled: isLocal ? local.audioEnabled : true,
    isLocal,
    connectionState: isLocal ? 'connected' : 'new',
    connectionQuality: 'excellent',
    isScreenSharing: false,
  };
}

/** Recomputes what derives from the participants: overall quality and who is shown sharing. */
function derive(state: RoomState): RoomState {
  const present = new Set(state.participants.map((p) => p.id));
  const sharers = state.sharers.filter((id) => present.has(id));
  const remote = state.participants.filter((p) => !p.isLocal && p.connectionState === 'connected');
  return {
    ...state,
    sharers,
    screenSharingParticipant: sharers[sharers.length - 1] ?? null,
    isScreenSharing: sharers.includes(state.selfId),
    connectionQuality: worstQuality(remote.map((p) => p.connectionQuality)),
  };
}

function updateParticipant(state: RoomState, id: string, patch: Partial<Participant>): RoomState {
  if (!state.participants.some((p) => p.id === id)) return state;
  return { ...state, participants: state.participants.map((p) => (p.id === id ? { ...p, ...patch } : p)) };
}

export function roomReducer(state: RoomState, action: RoomAction): RoomState {
  switch (action.type) {
    case 'joining':
      return { ...INITIAL_ROOM_STATE, phase: 'joining', roomId: action.roomId, isConnected: state.isConnected };
    case 'waiting':
      return { ...state, phase: 'waiting', hostId: action.hostId, selfId: action.selfId };
    case 'joined': {
      const local = action.participants.find((p) => p.id === action.selfId);
      const others = action.participants.filter((p) => p.id !== action.selfId);
      const ordered = local ? [local, ...others] : others;
      return derive({
        ...state,
        phase: 'joined',
        roomId: action.roomId,
        roomName: action.roomName,
        hostId: action.hostId,
        selfId: action.selfId,
        isHost: action.hostId === action.selfId,
        participants: ordered.map((p) => toParticipant(p, action.selfId, action.local)),
        throughMediaServer: action.mediaServer === true,
      });
    }
    case 'participant-joined':
      if (state.participants.some((p) => p.id === action.participant.id)) return state;
      return derive({ ...state, participants: [...state.participants, toParticipant(action.participant, state.selfId, { videoEnabled: true, audioEnabled: true })] });
    case 'participant-left':
      return derive({ ...state, participants: state.participants.filter((p) => p.id !== action.participantId) });
    case 'peer-state':
      return derive(updateParticipant(state, action.participantId, { connectionState: action.state }));
    case 'peer-quality':
      return derive(updateParticipant(state, action.participantId, { connectionQuality: action.quality }));
    case 'media-state':
      return updateParticipant(state, action.participantId, { videoEnabled: action.videoEnabled, audioEnabled: action.audioEnabled });
    case 'screen-sharing': {
      const next = updateParticipant(state, action.participantId, { isScreenSharing: action.sharing });
      const others = state.sharers.filter((id) => id !== action.participantId);
      return derive({ ...next, sharers: action.sharing ? [...others, action.participantId] : others });
    }
    case 'pending-guests': {
      const stillWaiting = new Set(action.guests.map((g) => g.id));
      const handled = state.pendingGuests.filter((g) => !stillWaiting.has(g.id)).length;
      return { ...state, pendingGuests: action.guests, handledRequests: state.handledRequests + handled };
    }
    case 'recording-state':
      return { ...state, recordingState: action.state };
    case 'recording-mode':
      return { ...state, recordingMode: action.mode };
    case 'recording-stats':
      return { ...state, recordingStats: action.stats };
    case 'auto-admit':
      return { ...state, autoAdmit: action.enabled };
    case 'connected':
      return { ...state, isConnected: action.connected };
    case 'reset':
      return { ...INITIAL_ROOM_STATE, isConnected: state.isConnected };
  }
}
