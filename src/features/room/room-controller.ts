/**
 * Orchestrates one participant's room: joining through signaling, the local media, the peers,
 * the room state, and (for the host) recording. It holds no React; the room page subscribes to its
 * store and calls its methods.
 */
import type { Settings } from '../settings/settings-schema';
import { HostActions } from './host-actions';
import { LocalMediaControls } from './local-media-controls';
import { listenToRoom } from './room-events';
import { copyInviteLink, downloadRoomFiles } from './room-files';
import { ROOM_ERRORS, type IncomingEvents, type ParticipantInfo, type RoomRecordingMode } from './protocol';
import { RoomRecordingController } from './room-recording-controller';
import { RoomMedia } from './room-media';
import { RoomPeers } from './room-peers';
import type { ParticipantMedia } from './room-recorder';
import type { RoomState } from './room-state';
import { RoomStore, type RoomSnapshot } from './room-store';
import { clearStoredRoom, saveStoredRoom, takeRoomAttempt } from './room-storage';
import { sanitizeName } from './sanitize';
import type { SignalingTransport } from './signaling-transport';
import type { RoomNotice } from './room-notice';
import type { SignalingMode } from './signaling-target';

type ReachableMode = Exclude<SignalingMode, 'checking'>;

/** How a room is reached, supplied by the page: see useRoomController. */
export interface RoomConnection {
  /** Finds out whether a signaling server answers ('server') or the room stays in this browser ('local'). */
  probe(): Promise<ReachableMode>;
  /** Makes the transport for one join; `allowCreate` gates becoming a room's host (the creation limit). */
  createSignaling(mode: ReachableMode, allowCreate: () => boolean): SignalingTransport;
  /** The ICE servers for a mode: a room in this browser needs none (its peers share the machine). */
  iceServers(mode: ReachableMode): RTCIceServer[];
}

export type { RoomSnapshot };

export interface RoomDeps {
  roomId: string;
  settings: () => Settings;
  notify: (notice: RoomNotice) => void;
  download: (url: string, fileName: string) => void;
  navigateHome: () => void;
  connection: RoomConnection;
}

export class RoomController {
  private readonly store = new RoomStore();
  private signaling: SignalingTransport | null = null;
  private unsubscribe: (() => void)[] = [];
  private peers: RoomPeers | null = null;
  private media: RoomMedia | null = null;
  private readonly recording: RoomRecordingController;
  private readonly controls: LocalMediaControls;
  private readonly host: HostActions;
  private guestDialogOpen = false;
  private userName = '';
  private probe: Promise<ReachableMode> | null = null;
  /** The ICE servers of the current join: the server's TURN credentials, then the configured ones. */
  private iceServers: RTCIceServer[] = [];

  constructor(private readonly deps: RoomDeps) {
    this.recording = new RoomRecordingController({
      state: () => this.state,
      dispatch: (action) => {
        this.store.dispatch(action);
      },
      notify: deps.notify,
      media: (id) => this.participantMedia(id),
      emit: (event, payload) => (this.signaling ? this.signaling.emit(event, payload) : Promise.reject(new Error(ROOM_ERRORS.notInRoom))),
      settings: deps.settings,
      setFiles: (files) => {
        this.store.update({ files });
      },
      downloadFiles: () => void this.download(),
    });
    this.controls = new LocalMediaControls({
      store: this.store,
      media: () => this.media,
      peers: () => this.peers,
      notify: deps.notify,
      onLocalMediaChanged: () => void this.recording.onMediaChanged(this.state.selfId),
    });
    this.host = new HostActions({ store: this.store, signaling: () => this.signaling, notify: deps.notify });
  }

  subscribe = (listener: () => void): (() => void) => this.store.subscribe(listener);

  getSnapshot = (): RoomSnapshot => this.store.getSnapshot();

  get state(): RoomState {
    return this.store.room;
  }

  /** Finds out how this page reaches the room (shown before joining); a join waits for the answer. */
  checkSignaling(): Promise<ReachableMode> {
    if (!this.probe) {
      this.store.update({ signaling: 'checking' });
      this.probe = this.deps.connection.probe().then((mode) => {
        this.store.update({ signaling: mode });
        return mode;
      });
    }
    return this.probe;
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
    this.store.update({ joinError: null });
    this.store.dispatch({ type: 'joining', roomId: this.deps.roomId });
    const media = new RoomMedia();
    this.media = media;
    const { audio } = this.deps.settings();
    const problems = await media.start({ echoCancellation: audio.echoCancellation, noiseSuppression: audio.noiseSuppression, autoGainControl: true });
    for (const problem of problems) this.deps.notify({ title: problem.title, message: problem.message, tone: 'error' });
    if (this.media !== media) return; // left while the devices were being asked for
    const mode = await this.checkSignaling();
    if (this.media !== media) return;
    const signaling = this.deps.connection.createSignaling(mode, () => takeRoomAttempt('create').allowed);
    this.signaling = signaling;
    this.listen(signaling);
    try {
      await signaling.connect();
      const ack = await signaling.emit('join-room', { roomId: this.deps.roomId, participantName: name });
      if (this.signaling !== signaling) return;
      const selfId = ack.selfId ?? signaling.selfId;
      this.iceServers = [...(ack.iceServers ?? []), ...this.deps.connection.iceServers(mode)];
      if (!ack.success) this.failJoin(ack.error ?? ROOM_ERRORS.joinFailed);
      else if (ack.isHost) {
        this.enterRoom({ roomId: this.deps.roomId, roomName: ack.roomName ?? '', hostId: selfId, selfId, participants: ack.participants ?? [] });
        this.deps.notify({ title: 'Room Created', message: 'You are the host. Share the invite link so guests can join.', tone: 'success' });
      } else if (ack.pending) this.store.dispatch({ type: 'waiting', hostId: ack.hostId ?? '', selfId });
    } catch (error) {
      if (this.signaling !== signaling) return;
      const message = error instanceof Error ? error.message : ROOM_ERRORS.joinFailed;
      if (message === ROOM_ERRORS.serverUnreachable) {
        // The server went away since the page checked: from now on this page keeps rooms in this browser, and says so.
        this.probe = Promise.resolve('local');
        this.store.update({ signaling: 'local' });
      }
      // Nobody answered for the room: its host's tab is closed, asleep or frozen in the background.
      this.failJoin(message === ROOM_ERRORS.ackTimeout && mode === 'local' ? ROOM_ERRORS.hostUnreachable : message);
    }
  }

  /** Leaves the room: stops (and saves) a recording, closes every connection and the devices. */
  async leave(options: { notify?: boolean; navigate?: boolean } = {}): Promise<void> {
    if (this.getSnapshot().leaving) return;
    const wasInRoom = this.state.phase !== 'idle';
    this.store.update({ leaving: true });
    try {
      // A recording starting, running, or with its files still being finished is saved before the room closes.
      if (this.state.isHost) await this.recording.finishForLeave();
      void this.signaling?.emit('leave-room', { roomId: this.deps.roomId });
    } finally {
      this.cleanup();
      this.store.update({ leaving: false });
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
    this.controls.toggleVideo();
  }

  toggleAudio(): void {
    this.controls.toggleAudio();
  }

  toggleScreenShare(): Promise<void> {
    return this.controls.toggleScreenShare();
  }

  approveGuest(guestId: string): Promise<void> {
    return this.host.approveGuest(guestId);
  }

  rejectGuest(guestId: string): Promise<void> {
    return this.host.rejectGuest(guestId);
  }

  kick(participantId: string): Promise<void> {
    return this.host.kick(participantId);
  }

  setRecordingMode(mode: RoomRecordingMode): void {
    this.host.setRecordingMode(mode);
  }

  setAutoAdmit(enabled: boolean): Promise<void> {
    return this.host.setAutoAdmit(enabled);
  }

  async startRecording(): Promise<void> {
    if (this.host.allowed('start-recording')) await this.recording.start();
  }

  async stopRecording(): Promise<void> {
    if (this.host.allowed('stop-recording')) await this.recording.stop();
  }

  async pauseRecording(): Promise<void> {
    if (this.host.allowed('pause-recording')) await this.recording.pause();
  }

  async resumeRecording(): Promise<void> {
    if (this.host.allowed('resume-recording')) await this.recording.resume();
  }

  /** Saves every file of the last recording. */
  download(): Promise<void> {
    return downloadRoomFiles(this.getSnapshot().files, this.deps.download, this.deps.notify);
  }

  copyInviteLink(): Promise<void> {
    return copyInviteLink(this.deps.roomId, this.getSnapshot().signaling === 'server', this.deps.notify);
  }

  private listen(signaling: SignalingTransport): void {
    this.unsubscribe.push(
      ...listenToRoom(signaling, {
        store: this.store,
        notify: this.deps.notify,
        isCurrent: () => this.signaling === signaling,
        guestDialogOpen: () => this.guestDialogOpen,
        roomJoined: (joined) => {
          if (this.state.phase === 'joined') return;
          this.enterRoom(joined);
          this.deps.notify({ title: 'Joined Room', message: `Welcome to ${joined.roomName || 'the room'}.`, tone: 'success' });
        },
        participantJoined: (participant) => {
          this.onParticipantJoined(participant);
        },
        participantLeft: (participantId, reason) => {
          this.onParticipantLeft(participantId, reason);
        },
        recordingStopped: () => {
          this.recording.onRecordingStopped();
        },
        roomEnded: () => {
          if (this.state.isHost || this.getSnapshot().leaving) return;
          this.cleanup();
          this.deps.notify({ title: 'Room Ended', message: 'The host left, so the room has ended.', tone: 'info' });
          this.deps.navigateHome();
        },
        error: (message) => {
          if (this.state.phase === 'waiting' || this.state.phase === 'joining') this.failJoin(message);
          else if (message === ROOM_ERRORS.placeExpired && this.state.phase === 'joined') void this.lostPlace();
          else console.warn('Room:', message);
        },
        signal: (signal) => {
          if (this.state.phase === 'joined') this.peers?.handleSignal(signal);
        },
      }),
    );
  }

  private enterRoom(joined: IncomingEvents['room-joined']): void {
    const media = this.media;
    this.store.dispatch({ type: 'joined', ...joined, local: { videoEnabled: media?.sendsVideo ?? false, audioEnabled: media?.sendsAudio ?? false } });
    const now = Date.now();
    saveStoredRoom(
      joined.hostId === joined.selfId
        ? { roomId: joined.roomId, userName: this.userName, isHost: true, roomName: joined.roomName, createdAt: now }
        : { roomId: joined.roomId, userName: this.userName, isHost: false, joinedAt: now },
    );
    this.store.update({ devices: { camera: media?.hasCamera ?? false, microphone: media?.hasMicrophone ?? false } });
    this.store.setStream(joined.selfId, media?.previewStream() ?? null);
    const peers = new RoomPeers({
      store: this.store,
      selfId: joined.selfId,
      roomId: joined.roomId,
      iceServers: this.iceServers,
      sendSignal: (signal) => void this.signaling?.emit('signaling-message', signal),
      notify: this.deps.notify,
      currentState: () => this.controls.currentState(),
      onRemoteStream: (id) => void this.recording.onMediaChanged(id),
    });
    this.peers = peers;
    peers.setLocalTracks({ audio: media?.audioTrack ?? null, video: media?.outgoingVideo ?? null });
    for (const participant of joined.participants) if (participant.id !== joined.selfId) peers.add(participant.id);
  }

  private onParticipantJoined(participant: ParticipantInfo): void {
    if (this.state.phase !== 'joined' || participant.id === this.state.selfId) return;
    this.store.dispatch({ type: 'participant-joined', participant });
    this.peers?.add(participant.id);
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
    this.peers?.remove(participantId);
    this.store.setStream(participantId, null);
    this.store.dispatch({ type: 'participant-left', participantId });
    this.deps.notify({ title: 'Participant Left', message: `${participant.name} left the room.`, tone: 'info' });
  }

  /** Away from the server past the grace period: the room went on without us (a host's room has ended). */
  private async lostPlace(): Promise<void> {
    await this.leave({ notify: false });
    this.deps.notify({ title: 'Disconnected', message: ROOM_ERRORS.placeExpired, tone: 'warning' });
  }

  private participantMedia(participantId: string): ParticipantMedia {
    if (participantId === this.state.selfId) return this.controls.participantMedia();
    const stream = this.getSnapshot().streams.get(participantId);
    return { video: stream?.getVideoTracks()[0] ?? null, audio: stream?.getAudioTracks()[0] ?? null };
  }

  private failJoin(message: string): void {
    console.warn('Room: join failed:', message);
    this.cleanup();
    this.store.update({ joinError: message });
    // The first joiner creates the room: a refused creation is named as such (SPEC section 8).
    const creating = message === ROOM_ERRORS.tooManyCreates || message === ROOM_ERRORS.createFailed;
    this.deps.notify({ title: creating ? 'Failed to Create Room' : 'Failed to Join Room', message, tone: 'error' });
  }

  private cleanup(): void {
    this.recording.dispose();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    const signaling = this.signaling;
    this.signaling = null;
    signaling?.disconnect();
    this.peers?.close();
    this.peers = null;
    this.media?.stop();
    this.media = null;
    const wasInRoom = this.state.phase !== 'idle';
    this.store.dispatch({ type: 'reset' });
    if (wasInRoom) clearStoredRoom();
    this.store.update({ streams: new Map(), stats: {}, guestActions: [], devices: { camera: false, microphone: false } });
  }
}
