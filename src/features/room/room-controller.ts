/**
 * Orchestrates one participant's room: joining through signaling, the local media, the peer mesh,
 * the room state, and (for the host) recording. It holds no React; the room page subscribes to its
 * snapshots and calls its methods.
 */
import type { Settings } from '../settings/settings-schema';
import { readRecordingFile } from '../../shared/storage/recordings-db';
import { formatFileSize } from '../../shared/format';
import type { ConnectionStats } from './connection-quality';
import type { PeerMessage } from './data-messages';
import { PeerMesh } from './peer-mesh';
import { ROOM_ERRORS, type IncomingEvents, type ParticipantInfo, type PeerSignal, type RoomRecordingMode } from './protocol';
import { checkHostAction, PERMISSION_DENIED_TITLE, type HostAction } from './room-permissions';
import { announcedRecordingState } from './room-recording-machine';
import { RoomRecordingController } from './room-recording-controller';
import { RoomMedia } from './room-media';
import type { ParticipantMedia } from './room-recorder';
import { INITIAL_ROOM_STATE, roomReducer, type RoomAction, type RoomState } from './room-state';
import { clearStoredRoom, saveStoredRoom, takeRoomAttempt } from './room-storage';
import { sanitizeName } from './sanitize';
import type { SignalingTransport } from './signaling-transport';
import type { RoomFile, RoomNotice } from './room-notice';

export interface RoomSnapshot {
  room: RoomState;
  /** Each participant's picture (the local one without sound, so it never echoes). */
  streams: ReadonlyMap<string, MediaStream>;
  stats: Readonly<Record<string, ConnectionStats>>;
  /** Why the last join did not work, shown under the join form. */
  joinError: string | null;
  /** Guest requests with a decision on its way. */
  guestActions: readonly string[];
  /** The last room recording's files. */
  files: readonly RoomFile[];
  leaving: boolean;
}

export interface RoomDeps {
  roomId: string;
  settings: () => Settings;
  notify: (notice: RoomNotice) => void;
  download: (url: string, fileName: string) => void;
  navigateHome: () => void;
  /** Makes the transport for one join; `allowCreate` gates becoming a room's host (the creation limit). */
  createSignaling: (selfId: string, allowCreate: () => boolean) => SignalingTransport;
  newParticipantId: () => string;
  iceServers: RTCIceServer[];
}

/** Signals from someone we do not know yet (their join announcement may still be on its way). */
const UNKNOWN_SIGNAL_TTL_MS = 10_000;

export class RoomController {
  private snapshot: RoomSnapshot = { room: INITIAL_ROOM_STATE, streams: new Map(), stats: {}, joinError: null, guestActions: [], files: [], leaving: false };
  private readonly listeners = new Set<() => void>();
  private signaling: SignalingTransport | null = null;
  private unsubscribe: (() => void)[] = [];
  private mesh: PeerMesh | null = null;
  private media: RoomMedia | null = null;
  private readonly recording: RoomRecordingController;
  private unknownSignals: { signal: PeerSignal; at: number }[] = [];
  private guestDialogOpen = false;
  private userName = '';

  constructor(private readonly deps: RoomDeps) {
    this.recording = new RoomRecordingController({
      state: () => this.snapshot.room,
      dispatch: (action) => {
        this.dispatch(action);
      },
      notify: deps.notify,
      media: (id) => this.participantMedia(id),
      emit: (event, payload) => {
        if (!this.signaling) return Promise.reject(new Error(ROOM_ERRORS.notInRoom));
        return this.signaling.emit(event, payload);
      },
      settings: deps.settings,
      setFiles: (files) => {
        this.update({ files });
      },
      downloadFiles: () => void this.download(),
    });
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RoomSnapshot => this.snapshot;

  get state(): RoomState {
    return this.snapshot.room;
  }

  setGuestDialogOpen(open: boolean): void {
    this.guestDialogOpen = open;
  }

  async join(rawName: string): Promise<void> {
    const name = sanitizeName(rawName);
    if (!name) {
      this.deps.notify({ title: 'Name Required', message: 'Please enter your name to join the room.', tone: 'error' });
      return;
    }
    if (this.state.phase !== 'idle') return;
    if (!takeRoomAttempt('join').allowed) {
      this.failJoin(ROOM_ERRORS.tooManyJoins);
      return;
    }
    this.userName = name;
    this.update({ joinError: null });
    this.dispatch({ type: 'joining', roomId: this.deps.roomId });
    const media = new RoomMedia();
    this.media = media;
    const settings = this.deps.settings();
    const problems = await media.start({ echoCancellation: settings.audio.echoCancellation, noiseSuppression: settings.audio.noiseSuppression, autoGainControl: true });
    for (const problem of problems) this.deps.notify({ title: problem.title, message: problem.message, tone: 'error' });
    if (this.media !== media) return; // left while the devices were being asked for
    const selfId = this.deps.newParticipantId();
    const signaling = this.deps.createSignaling(selfId, () => takeRoomAttempt('create').allowed);
    this.signaling = signaling;
    this.listen(signaling);
    try {
      await signaling.connect();
      const ack = await signaling.emit('join-room', { roomId: this.deps.roomId, participantName: name });
      if (this.signaling !== signaling) return;
      if (!ack.success) {
        this.failJoin(ack.error ?? ROOM_ERRORS.joinFailed);
        return;
      }
      if (ack.isHost) {
        this.enterRoom({ roomId: this.deps.roomId, roomName: ack.roomName ?? '', hostId: selfId, selfId, participants: ack.participants ?? [] });
        this.deps.notify({ title: 'Room Created', message: 'You are the host. Share the invite link so guests can join.', tone: 'success' });
      } else if (ack.pending) {
        this.dispatch({ type: 'waiting', hostId: ack.hostId ?? '', selfId });
      }
    } catch (error) {
      if (this.signaling === signaling) this.failJoin(error instanceof Error ? error.message : ROOM_ERRORS.joinFailed);
    }
  }

  /** Leaves the room: stops (and saves) a recording, closes every connection and the devices. */
  async leave(options: { notify?: boolean; navigate?: boolean } = {}): Promise<void> {
    if (this.snapshot.leaving) return;
    const wasInRoom = this.state.phase !== 'idle';
    this.update({ leaving: true });
    try {
      if (this.state.isHost && (this.state.recordingState === 'recording' || this.state.recordingState === 'paused')) await this.recording.stop();
      void this.signaling?.emit('leave-room', { roomId: this.deps.roomId });
    } finally {
      this.cleanup();
      this.update({ leaving: false });
    }
    if (wasInRoom && options.notify !== false) this.deps.notify({ title: 'Left Room', message: 'You left the room.', tone: 'info' });
    if (options.navigate !== false) this.deps.navigateHome();
  }

  /** The page is going away (tab closed or reloaded): tell the room at once, nothing asynchronous. */
  leaveNow(): void {
    void this.signaling?.emit('leave-room', { roomId: this.deps.roomId });
    this.cleanup();
  }

  toggleVideo(): void {
    const media = this.media;
    if (!media) return;
    media.setVideoEnabled(!media.videoEnabled);
    this.announceMedia();
  }

  toggleAudio(): void {
    const media = this.media;
    if (!media) return;
    media.setAudioEnabled(!media.audioEnabled);
    this.announceMedia();
  }

  async toggleScreenShare(): Promise<void> {
    const media = this.media;
    if (!media || this.state.phase !== 'joined') return;
    if (this.state.isScreenSharing) {
      this.stopScreenShare();
      return;
    }
    // One sharer at a time: a share is refused while anyone's is active (SPEC section 5).
    if (media.isSharing || this.state.screenSharingParticipant !== null) {
      this.deps.notify({ title: 'Screen Sharing Failed', message: ROOM_ERRORS.screenShareActive, tone: 'error' });
      return;
    }
    try {
      await media.startScreenShare(() => {
        this.stopScreenShare();
      });
    } catch (error) {
      // A cancelled picker is the user's choice, not a failure: it is only logged (SPEC section 8).
      console.warn('Screen sharing did not start:', error);
      if (!(error instanceof DOMException && error.name === 'NotAllowedError')) {
        this.deps.notify({ title: 'Screen Sharing Failed', message: error instanceof Error && error.message ? error.message : 'Failed to start screen sharing', tone: 'error' });
      }
      return;
    }
    if (this.media !== media) {
      media.stopScreenShare();
      return;
    }
    this.applyOutgoingVideo();
    this.dispatch({ type: 'screen-sharing', participantId: this.state.selfId, sharing: true });
    this.mesh?.broadcast({ type: 'screen-sharing-started' });
    this.deps.notify({ title: 'Screen Sharing Started', message: 'Everyone in the room now sees your screen.', tone: 'success' });
  }

  async approveGuest(guestId: string): Promise<void> {
    await this.decideGuest(guestId, 'approve-guest');
  }

  async rejectGuest(guestId: string): Promise<void> {
    await this.decideGuest(guestId, 'reject-guest');
  }

  async kick(participantId: string): Promise<void> {
    if (!this.allowed('kick') || !this.signaling) return;
    const participant = this.state.participants.find((p) => p.id === participantId);
    const ack = await this.signaling.emit('kick-participant', { participantId, roomId: this.state.roomId }).catch(() => null);
    if (ack?.success) this.deps.notify({ title: 'Participant Removed', message: `${participant?.name ?? 'The participant'} was removed from the room.`, tone: 'info' });
  }

  setRecordingMode(mode: RoomRecordingMode): void {
    if (!this.allowed('change-mode') || this.state.recordingState !== 'idle') return;
    this.dispatch({ type: 'recording-mode', mode });
  }

  async setAutoAdmit(enabled: boolean): Promise<void> {
    if (!this.allowed('auto-admit') || !this.signaling) return;
    await this.signaling.emit('set-auto-admit', { roomId: this.state.roomId, enabled }).catch(() => undefined);
  }

  async startRecording(): Promise<void> {
    if (this.allowed('start-recording')) await this.recording.start();
  }

  async stopRecording(): Promise<void> {
    if (this.allowed('stop-recording')) await this.recording.stop();
  }

  async pauseRecording(): Promise<void> {
    if (this.allowed('pause-recording')) await this.recording.pause();
  }

  async resumeRecording(): Promise<void> {
    if (this.allowed('resume-recording')) await this.recording.resume();
  }

  /** Saves every file of the last recording from IndexedDB. */
  async download(): Promise<void> {
    const files = this.snapshot.files;
    if (files.length === 0) return;
    let total = 0;
    for (const file of files) {
      const blob = await readRecordingFile(file.recordingId);
      total += blob.size;
      const url = URL.createObjectURL(blob);
      this.deps.download(url, file.fileName);
      // The download has its own copy once started; keep the URL a while for slow starts.
      setTimeout(() => {
        URL.revokeObjectURL(url);
      }, 60_000);
    }
    this.deps.notify({ title: 'Download Started', message: `${String(files.length)} file${files.length === 1 ? '' : 's'} (${formatFileSize(total)})`, tone: 'success' });
  }

  async copyInviteLink(): Promise<void> {
    const link = `${window.location.origin}/room/${encodeURIComponent(this.deps.roomId)}`;
    try {
      await navigator.clipboard.writeText(link);
      this.deps.notify({ title: 'Room Link Copied', message: 'Send it to your guests so they can join.', tone: 'success' });
    } catch {
      this.deps.notify({ title: 'Copy the link yourself', message: link, tone: 'warning', sticky: true });
    }
  }

  private listen(signaling: SignalingTransport): void {
    const on = <E extends keyof IncomingEvents>(event: E, handler: (payload: IncomingEvents[E]) => void) => {
      this.unsubscribe.push(
        signaling.on(event, (payload) => {
          if (this.signaling === signaling) handler(payload);
        }),
      );
    };
    on('connect', () => {
      this.dispatch({ type: 'connected', connected: true });
    });
    on('disconnect', () => {
      this.dispatch({ type: 'connected', connected: false });
    });
    on('room-joined', (joined) => {
      if (this.state.phase === 'joined') return;
      this.enterRoom(joined);
      this.deps.notify({ title: 'Joined Room', message: `Welcome to ${joined.roomName || 'the room'}.`, tone: 'success' });
    });
    on('participant-joined', ({ participant }) => {
      this.onParticipantJoined(participant);
    });
    on('participant-left', ({ participantId, reason }) => {
      this.onParticipantLeft(participantId, reason);
    });
    on('guest-request', ({ guest }) => {
      if (!this.guestDialogOpen) this.deps.notify({ title: 'Guest Request', message: `${guest.name} wants to join the room.`, tone: 'info' });
    });
    on('pending-guests', ({ guests }) => {
      this.dispatch({ type: 'pending-guests', guests });
    });
    on('auto-admit-changed', ({ enabled }) => {
      this.dispatch({ type: 'auto-admit', enabled });
    });
    for (const event of ['recording-started', 'recording-paused', 'recording-resumed', 'recording-stopped'] as const) {
      on(event, () => {
        this.onRecordingAnnounced(event);
      });
    }
    on('room-ended', () => {
      if (this.state.isHost || this.snapshot.leaving) return;
      this.cleanup();
      this.deps.notify({ title: 'Room Ended', message: 'The host left, so the room has ended.', tone: 'info' });
      this.deps.navigateHome();
    });
    on('error', ({ message }) => {
      if (this.state.phase === 'waiting' || this.state.phase === 'joining') this.failJoin(message);
      else console.warn('Room:', message);
    });
    on('signaling-message', (signal) => {
      this.onSignal(signal);
    });
  }

  private enterRoom(joined: IncomingEvents['room-joined']): void {
    const media = this.media;
    this.dispatch({
      type: 'joined',
      ...joined,
      local: { videoEnabled: media?.videoEnabled ?? true, audioEnabled: media?.audioEnabled ?? true },
    });
    const now = Date.now();
    saveStoredRoom(
      joined.hostId === joined.selfId
        ? { roomId: joined.roomId, userName: this.userName, isHost: true, roomName: joined.roomName, createdAt: now }
        : { roomId: joined.roomId, userName: this.userName, isHost: false, joinedAt: now },
    );
    this.setStream(joined.selfId, media?.previewStream() ?? null);
    this.mesh = new PeerMesh(joined.selfId, this.deps.iceServers, {
      signal: (to, signal) => {
        void this.signaling?.emit('signaling-message', { ...signal, from: joined.selfId, to, roomId: joined.roomId });
      },
      remoteStream: (id, stream) => {
        this.setStream(id, stream);
        void this.recording.onMediaChanged(id);
      },
      peerState: (id, state) => {
        this.dispatch({ type: 'peer-state', participantId: id, state });
      },
      stats: (id, stats, quality) => {
        this.update({ stats: { ...this.snapshot.stats, [id]: stats } });
        this.dispatch({ type: 'peer-quality', participantId: id, quality });
      },
      channelOpen: (id) => {
        this.mesh?.send(id, this.mediaState());
        if (this.state.isScreenSharing) this.mesh?.send(id, { type: 'screen-sharing-started' });
      },
      message: (id, message) => {
        this.onPeerMessage(id, message);
      },
      permanentlyFailed: (id) => {
        const name = this.state.participants.find((p) => p.id === id)?.name ?? 'a participant';
        this.deps.notify({ title: 'Connection Lost', message: `Could not reconnect to ${name}.`, tone: 'error' });
      },
    });
    this.mesh.setLocalTracks({ audio: media?.audioTrack ?? null, video: media?.outgoingVideo ?? null });
    for (const participant of joined.participants) if (participant.id !== joined.selfId) this.callOrExpect(participant.id);
    this.replayUnknownSignals();
  }

  private onParticipantJoined(participant: ParticipantInfo): void {
    if (this.state.phase !== 'joined' || participant.id === this.state.selfId) return;
    this.dispatch({ type: 'participant-joined', participant });
    this.callOrExpect(participant.id);
    this.replayUnknownSignals();
    void this.recording.onParticipantJoined(participant.id);
    this.deps.notify({ title: 'Participant Joined', message: `${participant.name} joined the room.`, tone: 'info' });
  }

  private onParticipantLeft(participantId: string, reason: IncomingEvents['participant-left']['reason']): void {
    if (participantId === this.state.selfId) {
      if (reason !== 'kicked') return;
      this.cleanup();
      this.deps.notify({ title: 'Removed from Room', message: 'The host removed you from the room.', tone: 'warning' });
      this.deps.navigateHome();
      return;
    }
    const participant = this.state.participants.find((p) => p.id === participantId);
    if (!participant) return;
    void this.recording.onParticipantLeft(participantId);
    this.mesh?.remove(participantId);
    this.setStream(participantId, null);
    this.dispatch({ type: 'participant-left', participantId });
    this.deps.notify({ title: 'Participant Left', message: `${participant.name} left the room.`, tone: 'info' });
  }

  private onRecordingAnnounced(event: 'recording-started' | 'recording-paused' | 'recording-resumed' | 'recording-stopped'): void {
    if (this.state.isHost) {
      // The host's own state moves with its recorder; only the stop waits for the room's word.
      if (event === 'recording-stopped') this.recording.onRecordingStopped();
      return;
    }
    this.dispatch({ type: 'recording-state', state: announcedRecordingState(event) });
    if (event === 'recording-started') this.deps.notify({ title: 'Recording Started', message: 'The host is recording this room.', tone: 'info' });
    if (event === 'recording-stopped') this.deps.notify({ title: 'Recording Stopped', message: 'The host stopped recording.', tone: 'info' });
  }

  private onSignal(signal: PeerSignal): void {
    if (signal.to !== this.state.selfId && this.state.selfId) return;
    const known = this.state.phase === 'joined' && this.state.participants.some((p) => p.id === signal.from && !p.isLocal);
    if (known) {
      this.mesh?.handleSignal(signal);
      return;
    }
    // Their offer can overtake the host's news that they joined: keep it briefly.
    const now = Date.now();
    this.unknownSignals = [...this.unknownSignals.filter((s) => now - s.at < UNKNOWN_SIGNAL_TTL_MS), { signal, at: now }].slice(-100);
  }

  private replayUnknownSignals(): void {
    const waiting = this.unknownSignals;
    this.unknownSignals = [];
    for (const { signal } of waiting) this.onSignal(signal);
  }

  private onPeerMessage(participantId: string, message: PeerMessage): void {
    switch (message.type) {
      case 'media-state':
        this.dispatch({ type: 'media-state', participantId, videoEnabled: message.videoEnabled, audioEnabled: message.audioEnabled });
        return;
      case 'screen-sharing-started':
      case 'screen-sharing-stopped':
        this.dispatch({ type: 'screen-sharing', participantId, sharing: message.type === 'screen-sharing-started' });
        return;
    }
  }

  private callOrExpect(participantId: string): void {
    const mesh = this.mesh;
    if (!mesh) return;
    if (!mesh.offersTo(participantId)) {
      mesh.expect(participantId);
      return;
    }
    try {
      mesh.connect(participantId);
    } catch (error) {
      console.warn('Room:', error instanceof Error ? error.message : error);
    }
  }

  private stopScreenShare(): void {
    const media = this.media;
    if (!media?.isSharing) return;
    media.stopScreenShare();
    this.applyOutgoingVideo();
    this.dispatch({ type: 'screen-sharing', participantId: this.state.selfId, sharing: false });
    this.mesh?.broadcast({ type: 'screen-sharing-stopped' });
    this.deps.notify({ title: 'Screen Sharing Stopped', message: 'Everyone sees your camera again.', tone: 'info' });
  }

  /** Sends the camera or the screen, whichever is current, to everyone and to the recording. */
  private applyOutgoingVideo(): void {
    const media = this.media;
    if (!media) return;
    this.mesh?.setLocalTracks({ audio: media.audioTrack, video: media.outgoingVideo });
    this.setStream(this.state.selfId, media.previewStream());
    void this.recording.onMediaChanged(this.state.selfId);
  }

  private mediaState(): PeerMessage {
    return { type: 'media-state', videoEnabled: this.media?.videoEnabled ?? false, audioEnabled: this.media?.audioEnabled ?? false };
  }

  private announceMedia(): void {
    const media = this.media;
    if (!media) return;
    if (this.state.selfId) this.dispatch({ type: 'media-state', participantId: this.state.selfId, videoEnabled: media.videoEnabled, audioEnabled: media.audioEnabled });
    this.mesh?.broadcast(this.mediaState());
  }

  private participantMedia(participantId: string): ParticipantMedia {
    if (participantId === this.state.selfId) return { video: this.media?.outgoingVideo ?? null, audio: this.media?.audioTrack ?? null };
    const stream = this.snapshot.streams.get(participantId);
    return { video: stream?.getVideoTracks()[0] ?? null, audio: stream?.getAudioTracks()[0] ?? null };
  }

  private async decideGuest(guestId: string, event: 'approve-guest' | 'reject-guest'): Promise<void> {
    if (!this.allowed(event) || !this.signaling || this.snapshot.guestActions.includes(guestId)) return;
    const guest = this.state.pendingGuests.find((g) => g.id === guestId);
    this.update({ guestActions: [...this.snapshot.guestActions, guestId] });
    try {
      const ack = await this.signaling.emit(event, { guestId, roomId: this.state.roomId });
      if (!ack.success) {
        console.warn(`Room: could not ${event === 'approve-guest' ? 'approve' : 'reject'} the guest:`, ack.error);
        return;
      }
      const name = guest?.name ?? 'The guest';
      if (event === 'approve-guest') this.deps.notify({ title: 'Guest Approved', message: `${name} is joining the room.`, tone: 'success' });
      else this.deps.notify({ title: 'Guest Rejected', message: `${name} was not let in.`, tone: 'info' });
    } catch (error) {
      console.warn('Room: guest decision failed:', error);
    } finally {
      this.update({ guestActions: this.snapshot.guestActions.filter((id) => id !== guestId) });
    }
  }

  /** Host-only controls: a non-host gets the spec's Permission Denied notice, or silence. */
  private allowed(action: HostAction): boolean {
    if (this.state.phase !== 'joined') return false;
    const outcome = checkHostAction(this.state.isHost, action);
    if (outcome.allowed) return true;
    if (outcome.notice) this.deps.notify({ title: PERMISSION_DENIED_TITLE, message: outcome.notice, tone: 'error' });
    return false;
  }

  private failJoin(message: string): void {
    console.warn('Room: join failed:', message);
    this.cleanup();
    this.update({ joinError: message });
    this.deps.notify({ title: 'Failed to Join Room', message, tone: 'error' });
  }

  private cleanup(): void {
    this.recording.dispose();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    const signaling = this.signaling;
    this.signaling = null;
    signaling?.disconnect();
    this.mesh?.close();
    this.mesh = null;
    this.media?.stop();
    this.media = null;
    this.unknownSignals = [];
    const wasInRoom = this.state.phase !== 'idle';
    this.dispatch({ type: 'reset' });
    if (wasInRoom) clearStoredRoom();
    this.update({ streams: new Map(), stats: {}, guestActions: [] });
  }

  private setStream(participantId: string, stream: MediaStream | null): void {
    const streams = new Map(this.snapshot.streams);
    if (stream) streams.set(participantId, stream);
    else streams.delete(participantId);
    this.update({ streams });
  }

  private dispatch(action: RoomAction): void {
    this.update({ room: roomReducer(this.snapshot.room, action) });
  }

  private update(patch: Partial<RoomSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    this.listeners.forEach((listener) => {
      listener();
    });
  }
}
