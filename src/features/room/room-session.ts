/**
 * One participant's time in one room, from pressing Join until leaving. A session owns everything
 * that lives that long: the signaling transport, the local media, the peers, the local controls, the
 * host's actions and the room recording; dispose() ends them all. The page makes a new session for
 * every join, so nothing in here asks whether it still belongs to the room on screen: a disposed
 * session's listeners are gone, and every step after an await checks its lifetime.
 */
import type { Settings } from '../settings';
import { HostActions } from './host-actions';
import { LocalMediaControls } from './local-media-controls';
import { ROOM_ERRORS, type IncomingEvents, type ParticipantInfo, type RoomRecordingMode } from '../../protocol';
import { listenToRoom } from './room-events';
import type { Announcement } from './room-events';
import { RoomMedia } from './room-media';
import type { RoomFile, RoomNotice } from './room-notice';
import { RoomPeers, type RoomPeersDeps } from './peers/room-peers';
import { SfuPeers } from './sfu/sfu-peers';
import { SEPARATE_RECORDING_CALL_VIDEO, callVideoHeld } from './peers/call-video-limit';
import type { ParticipantMedia } from '../../media';
import { RoomRecordingController } from './recording/room-recording-controller';
import { PodcastTracks } from './tracks/podcast-tracks';
import type { RoomState } from './room-state';
import type { RoomStore } from './room-store';
import { clearStoredRoom, saveStoredRoom } from './room-storage';
import type { SignalingTransport } from './signaling/signaling-transport';
import { reportError } from '../../shared/report-error';
import { Lifetime } from '../../shared/lifetime';
import { EVERY_TILE, type TileView } from './tile-view';

export interface SessionContext {
  roomId: string;
  userName: string;
  store: RoomStore;
  signaling: SignalingTransport;
  /** The ICE servers configured for this kind of room (the server's TURN credentials are added at join). */
  iceServers: RTCIceServer[];
  settings: () => Settings;
  notify: (notice: RoomNotice) => void;
  guestDialogOpen: () => boolean;
  setFiles: (files: RoomFile[]) => void;
  downloadFiles: () => void;
  /** The recording mode to start with when this participant hosts. */
  initialRecordingMode?: RoomRecordingMode;
  /** The session ended itself (removed, room ended, place lost, join refused); the page goes on from here. */
  ended: (outcome: SessionEnd) => void;
  /** The peer connections once admitted: RoomPeers (WebRTC) unless given, as unit tests do. */
  createPeers?: (deps: RoomPeersDeps) => RoomPeersPort;
}

/** The peer connections as the session drives them. */
export type RoomPeersPort = Pick<RoomPeers, 'setLocalTracks' | 'limitVideo' | 'broadcast' | 'openChannel' | 'add' | 'remove' | 'handleSignal' | 'setIceServers' | 'close'> &
  Partial<Pick<SfuPeers, 'showTiles'>>;

/** Refusals that mean the server no longer holds our place in the room. */
const PLACE_LOST: ReadonlySet<string> = new Set([ROOM_ERRORS.placeExpired, ROOM_ERRORS.replaced, ROOM_ERRORS.roomLost]);

export type SessionEnd =
  | { kind: 'join-failed'; message: string }
  | { kind: 'kicked' }
  | { kind: 'room-ended' }
  /** The server no longer holds our place: away too long, opened elsewhere, or the room was lost. */
  | { kind: 'place-lost'; message: string };

export class RoomSession {
  readonly media = new RoomMedia();
  readonly controls: LocalMediaControls;
  readonly host: HostActions;
  readonly recording: RoomRecordingController;
  readonly tracks: PodcastTracks;
  private peers: RoomPeersPort | null = null;
  /** A Separate recording is under way: the camera goes to the call smaller (call-video-limit.ts). */
  private separateRecording = false;
  /** Whether the camera goes to the call under the limit now: until the recording's tracks have moved. */
  private callVideoLimited = false;
  private readonly stopFollowingTracks: () => void;
  private unsubscribe: (() => void)[] = [];
  private iceServers: RTCIceServer[];
  /** ICE servers this app was configured with; the server's TURN credentials go in front of them. */
  private readonly configuredIceServers: RTCIceServer[];
  private readonly lifetime = new Lifetime();
  private view: TileView = EVERY_TILE;

  constructor(private readonly ctx: SessionContext) {
    const { store, signaling, notify } = ctx;
    this.iceServers = ctx.iceServers;
    this.configuredIceServers = ctx.iceServers;
    this.recording = new RoomRecordingController({
      state: () => store.room,
      dispatch: (action) => {
        store.dispatch(action);
      },
      notify,
      media: (id) => this.participantMedia(id),
      emit: (event, payload) => signaling.emit(event, payload),
      settings: ctx.settings,
      // The host's own files, then the participants' tracks already received.
      setFiles: (files) => {
        ctx.setFiles([...files, ...this.tracks.deliveredFiles()]);
      },
      downloadFiles: ctx.downloadFiles,
    });
    this.tracks = new PodcastTracks({
      store,
      roomId: ctx.roomId,
      userName: ctx.userName,
      media: () => this.controls.participantMedia(),
      settings: ctx.settings,
      notify,
      openChannel: (participantId, label) => this.peers?.openChannel(participantId, label) ?? null,
    });
    this.controls = new LocalMediaControls({
      store,
      media: this.media,
      // Until the room admits us there are no peers: what the controls send them waits for enterRoom.
      peers: {
        broadcast: (message) => this.peers?.broadcast(message),
        setLocalTracks: (tracks) => this.peers?.setLocalTracks(tracks),
      },
      notify,
      onLocalMediaChanged: () => {
        void this.recording.onMediaChanged(store.room.selfId);
        this.tracks.mediaChanged();
      },
    });
    this.host = new HostActions({ store, signaling, notify });
    // The tracks' progress reaches the store; the call's camera follows whether any is still moving.
    this.stopFollowingTracks = store.subscribe(() => {
      this.followCallVideo();
    });
  }

  private get state(): RoomState {
    return this.ctx.store.room;
  }

  /** Asks for the devices, reaches the room and asks to join; the outcome arrives as room state or `ended`. */
  async join(): Promise<void> {
    const { store, signaling, roomId, userName } = this.ctx;
    const { audio } = this.ctx.settings();
    const problems = await this.media.start({ echoCancellation: audio.echoCancellation, noiseSuppression: audio.noiseSuppression, autoGainControl: true });
    for (const problem of problems) this.ctx.notify({ title: problem.title, message: problem.message, tone: 'error' });
    if (this.lifetime.isOver()) return;
    this.listen();
    try {
      await signaling.connect();
      const ack = await signaling.emit('join-room', { roomId, participantName: userName });
      if (this.lifetime.isOver()) return;
      const selfId = ack.selfId ?? signaling.selfId;
      if (ack.iceServers) this.useIceServers(ack.iceServers);
      if (!ack.success) this.end({ kind: 'join-failed', message: ack.error ?? ROOM_ERRORS.joinFailed });
      else if (ack.isHost) {
        this.enterRoom({ roomId, roomName: ack.roomName ?? '', hostId: selfId, selfId, participants: ack.participants ?? [], ...(ack.mediaServer ? { mediaServer: true } : {}) });
        if (this.ctx.initialRecordingMode) store.dispatch({ type: 'recording-mode', mode: this.ctx.initialRecordingMode });
        this.ctx.notify({ title: 'Room Created', message: 'You are the host. Share the invite link so guests can join.', tone: 'success' });
      } else if (ack.pending) store.dispatch({ type: 'waiting', hostId: ack.hostId ?? '', selfId });
    } catch (error) {
      if (this.lifetime.isOver()) return;
      this.end({ kind: 'join-failed', message: error instanceof Error ? error.message : ROOM_ERRORS.joinFailed });
    }
  }

  /** Saves a recording starting, running, or with its files still being finished, before the room closes. */
  async finishRecording(): Promise<void> {
    if (this.state.isHost) await this.recording.finishForLeave();
    else await this.tracks.finishForLeave();
  }

  /** What the screen shows: a media server then sends only the video on it, each at the size its tile needs. */
  showTiles(view: TileView): void {
    this.view = view;
    this.peers?.showTiles?.(view);
  }

  /** Tells the room we left and ends everything this session holds. */
  leave(): void {
    void this.ctx.signaling.emit('leave-room', { roomId: this.ctx.roomId });
    this.dispose();
  }

  dispose(): void {
    if (this.lifetime.isOver()) return;
    this.lifetime.end();
    this.recording.dispose();
    this.tracks.dispose();
    this.controls.dispose();
    this.stopFollowingTracks();
    for (const unsubscribe of this.unsubscribe) unsubscribe();
    this.unsubscribe = [];
    this.ctx.signaling.disconnect();
    this.peers?.close();
    this.peers = null;
    this.media.stop();
    const { store } = this.ctx;
    const wasInRoom = store.room.phase !== 'idle';
    store.dispatch({ type: 'reset' });
    if (wasInRoom) clearStoredRoom();
    store.update({ streams: new Map(), stats: {}, guestActions: [], tracks: [], ownTrack: null, devices: { camera: false, microphone: false } });
  }

  private end(outcome: SessionEnd): void {
    this.dispose();
    this.ctx.ended(outcome);
  }

  private listen(): void {
    const { store, notify } = this.ctx;
    this.unsubscribe = listenToRoom(this.ctx.signaling, {
      store,
      notify,
      guestDialogOpen: this.ctx.guestDialogOpen,
      roomJoined: (joined) => {
        if (joined.iceServers) this.useIceServers(joined.iceServers);
        if (this.state.phase === 'joined') return;
        this.enterRoom(joined);
        notify({ title: 'Joined Room', message: `Welcome to ${joined.roomName || 'the room'}.`, tone: 'success' });
      },
      iceServers: (servers) => {
        this.useIceServers(servers);
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
      recordingAnnounced: (event, mode, startedAt) => {
        if (event === 'recording-started') void this.recording.roomStarted(startedAt);
        this.tracks.announced(event, mode, startedAt);
        this.callVideoFollows(event, mode);
      },
      roomEnded: () => {
        if (!this.state.isHost) this.end({ kind: 'room-ended' });
      },
      error: (message) => {
        if (this.state.phase === 'waiting' || this.state.phase === 'joining') this.end({ kind: 'join-failed', message });
        else if (PLACE_LOST.has(message) && this.state.phase === 'joined') this.ctx.ended({ kind: 'place-lost', message });
        else reportError('room: the signaling server said', message);
      },
      signal: (signal) => {
        if (this.state.phase === 'joined') this.peers?.handleSignal(signal);
      },
    });
  }

  private callVideoFollows(event: Announcement, mode: RoomRecordingMode | null): void {
    if (event === 'recording-started') this.separateRecording = mode === 'separate';
    else if (event === 'recording-stopped') this.separateRecording = false;
    else return;
    this.followCallVideo();
  }

  private followCallVideo(): void {
    const { ownTrack, tracks } = this.ctx.store.getSnapshot();
    const held = callVideoHeld({ separateRecording: this.separateRecording, ownTrack: ownTrack?.phase ?? null, incoming: tracks.map((track) => track.phase) });
    if (held === this.callVideoLimited) return;
    this.callVideoLimited = held;
    this.peers?.limitVideo(held ? SEPARATE_RECORDING_CALL_VIDEO : null);
  }

  /** The signaling server's TURN credentials (given at admission, renewed while we stay), before the configured servers. */
  private useIceServers(servers: IncomingEvents['ice-servers']['iceServers']): void {
    this.iceServers = [...servers, ...this.configuredIceServers];
    this.peers?.setIceServers(this.iceServers);
  }

  private enterRoom(joined: IncomingEvents['room-joined']): void {
    const { store, notify } = this.ctx;
    const { media } = this;
    store.dispatch({ type: 'joined', ...joined, local: { videoEnabled: media.sendsVideo, audioEnabled: media.sendsAudio } });
    const now = Date.now();
    saveStoredRoom(
      joined.hostId === joined.selfId
        ? { roomId: joined.roomId, userName: this.ctx.userName, isHost: true, roomName: joined.roomName, createdAt: now }
        : { roomId: joined.roomId, userName: this.ctx.userName, isHost: false, joinedAt: now },
    );
    store.update({ devices: { camera: media.hasCamera, microphone: media.hasMicrophone } });
    store.setStream(joined.selfId, media.previewStream());
    const accessRequest = () => this.ctx.signaling.emit('media-server-access', { roomId: joined.roomId });
    const createPeers = this.ctx.createPeers ?? ((deps): RoomPeersPort => (joined.mediaServer ? new SfuPeers(deps, accessRequest) : new RoomPeers(deps)));
    const peers = createPeers({
      store,
      selfId: joined.selfId,
      roomId: joined.roomId,
      iceServers: this.iceServers,
      sendSignal: (signal) => void this.ctx.signaling.emit('signaling-message', signal),
      notify,
      currentState: () => this.controls.currentState(),
      onRemoteStream: (id) => void this.recording.onMediaChanged(id),
      onPeerReady: (id) => {
        this.tracks.peerReady(id);
      },
      onChannel: (id, channel) => {
        this.tracks.channel(id, channel);
      },
    });
    this.peers = peers;
    peers.showTiles?.(this.view);
    peers.setLocalTracks({ audio: media.audioTrack, video: media.outgoingVideo });
    if (this.callVideoLimited) peers.limitVideo(SEPARATE_RECORDING_CALL_VIDEO);
    for (const participant of joined.participants) if (participant.id !== joined.selfId) peers.add(participant.id);
    this.tracks.admitted();
  }

  private onParticipantJoined(participant: ParticipantInfo): void {
    if (this.state.phase !== 'joined' || participant.id === this.state.selfId) return;
    this.ctx.store.dispatch({ type: 'participant-joined', participant });
    this.peers?.add(participant.id);
    void this.recording.onParticipantJoined(participant.id);
    this.ctx.notify({ title: 'Participant Joined', message: `${participant.name} joined the room.`, tone: 'info' });
  }

  private onParticipantLeft(participantId: string, reason: IncomingEvents['participant-left']['reason']): void {
    const { store, notify } = this.ctx;
    if (participantId === this.state.selfId) {
      if (reason === 'kicked') this.end({ kind: 'kicked' });
      return;
    }
    const participant = this.state.participants.find((p) => p.id === participantId);
    if (!participant) return;
    void this.recording.onParticipantLeft(participantId);
    this.tracks.participantLeft(participantId);
    this.peers?.remove(participantId);
    store.setStream(participantId, null);
    store.dispatch({ type: 'participant-left', participantId });
    notify({ title: 'Participant Left', message: `${participant.name} left the room.`, tone: 'info' });
  }

  private participantMedia(participantId: string): ParticipantMedia {
    if (participantId === this.state.selfId) return this.controls.participantMedia();
    const stream = this.ctx.store.getSnapshot().streams.get(participantId);
    return { video: stream?.getVideoTracks()[0] ?? null, audio: stream?.getAudioTracks()[0] ?? null };
  }
}
