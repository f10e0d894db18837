/**
 * The room's side of the peer mesh: who to call and who to wait for, negotiation messages that
 * arrive before their sender is known, what peers say over the data channel, and connection
 * figures into the store.
 */
import type { PeerMessage } from './data-messages';
import type { LocalTracks } from './peer-link';
import type { CallVideoLimit } from './call-video-limit';
import { PeerMesh } from './peer-mesh';
import type { PeerSignal } from '../../../protocol';
import type { RoomNotice } from '../room-notice';
import type { RoomStore } from '../room-store';
import { reportError } from '../../../shared/report-error';

/** Signals from someone we do not know yet (the host's news that they joined may still be on its way). */
const UNKNOWN_SIGNAL_TTL_MS = 10_000;
const MAX_UNKNOWN_SIGNALS = 100;

export interface RoomPeersDeps {
  store: RoomStore;
  selfId: string;
  roomId: string;
  iceServers: RTCIceServer[];
  sendSignal: (signal: PeerSignal) => void;
  notify: (notice: RoomNotice) => void;
  /** What this participant currently sends: told to each peer as its data channel opens. */
  currentState: () => PeerMessage[];
  /** A participant's stream changed (new connection): the recording follows it. */
  onRemoteStream: (participantId: string) => void;
  /** A peer's data channel opened (a new or renewed connection): a recording on its way can go on. */
  onPeerReady?: (participantId: string) => void;
  /** A participant opened a channel of its own to us: a recording on its way to the host. */
  onChannel?: (participantId: string, channel: RTCDataChannel) => void;
  /**
   * False when the room's media goes through a media server (docs/sfu.md): the mesh then carries only
   * its data channels, sends no tracks, and the streams it negotiates (empty) are not the room's.
   */
  carriesMedia?: boolean;
}

export class RoomPeers {
  private readonly mesh: PeerMesh;
  private unknown: { signal: PeerSignal; at: number }[] = [];

  constructor(private readonly deps: RoomPeersDeps) {
    const { store } = deps;
    this.mesh = new PeerMesh(deps.selfId, deps.iceServers, {
      signal: (to, signal) => {
        deps.sendSignal({ ...signal, from: deps.selfId, to, roomId: deps.roomId });
      },
      remoteStream: (id, stream) => {
        if (deps.carriesMedia === false) return;
        store.setStream(id, stream);
        deps.onRemoteStream(id);
      },
      peerState: (id, state) => {
        store.dispatch({ type: 'peer-state', participantId: id, state });
      },
      stats: (id, stats, quality) => {
        store.setStats(id, stats);
        store.dispatch({ type: 'peer-quality', participantId: id, quality });
      },
      channelOpen: (id) => {
        for (const message of deps.currentState()) this.mesh.send(id, message);
        deps.onPeerReady?.(id);
      },
      otherChannel: (id, channel) => {
        if (deps.onChannel) deps.onChannel(id, channel);
        else channel.close();
      },
      message: (id, message) => {
        this.onMessage(id, message);
      },
      permanentlyFailed: (id) => {
        const name = store.room.participants.find((p) => p.id === id)?.name ?? 'a participant';
        deps.notify({ title: 'Connection Lost', message: `Could not reconnect to ${name}.`, tone: 'error' });
      },
    });
  }

  setLocalTracks(tracks: LocalTracks): void {
    this.mesh.setLocalTracks(tracks);
  }

  limitVideo(limit: CallVideoLimit | null): void {
    this.mesh.limitVideo(limit);
  }

  broadcast(message: PeerMessage): void {
    this.mesh.broadcast(message);
  }

  openChannel(participantId: string, label: string): RTCDataChannel | null {
    return this.mesh.openChannel(participantId, label);
  }

  /** A participant to connect with: the side with the smaller id calls, the other waits for the call. */
  add(participantId: string): void {
    if (!this.mesh.offersTo(participantId)) this.mesh.expect(participantId);
    else {
      try {
        this.mesh.connect(participantId);
      } catch (error) {
        reportError('room: connect to a participant', error);
      }
    }
    this.replayUnknown();
  }

  remove(participantId: string): void {
    this.mesh.remove(participantId);
  }

  handleSignal(signal: PeerSignal): void {
    const { room } = this.deps.store;
    if (room.participants.some((p) => p.id === signal.from && !p.isLocal)) {
      this.mesh.handleSignal(signal);
      return;
    }
    // Their offer can overtake the host's news that they joined: keep it briefly.
    const now = Date.now();
    this.unknown = [...this.unknown.filter((s) => now - s.at < UNKNOWN_SIGNAL_TTL_MS), { signal, at: now }].slice(-MAX_UNKNOWN_SIGNALS);
  }

  setIceServers(iceServers: RTCIceServer[]): void {
    this.mesh.setIceServers(iceServers);
  }

  close(): void {
    this.mesh.close();
    this.unknown = [];
  }

  private replayUnknown(): void {
    const waiting = this.unknown;
    this.unknown = [];
    for (const { signal } of waiting) this.handleSignal(signal);
  }

  private onMessage(participantId: string, message: PeerMessage): void {
    const { store } = this.deps;
    switch (message.type) {
      case 'media-state':
        store.dispatch({ type: 'media-state', participantId, videoEnabled: message.videoEnabled, audioEnabled: message.audioEnabled });
        return;
      case 'screen-sharing-started':
      case 'screen-sharing-stopped':
        store.dispatch({ type: 'screen-sharing', participantId, sharing: message.type === 'screen-sharing-started' });
        return;
    }
  }
}
