/**
 * The room page's controller: finds out how this page reaches rooms, starts a RoomSession for each
 * join and ends it on leave, and keeps what outlives a session (the store the page renders, the last
 * recording's files). It holds no React; the room page subscribes to its store and calls its methods.
 */
import type { Settings } from '../settings';
import { ROOM_ERRORS, type RoomRecordingMode, sanitizeName } from '../../protocol';
import { copyInviteLink, downloadRoomFiles } from './recording/room-files';
import type { RoomNotice } from './room-notice';
import { RoomSession, type SessionEnd } from './room-session';
import type { RoomState } from './room-state';
import { RoomStore, type RoomSnapshot } from './room-store';
import { takeRoomAttempt } from './room-storage';
import type { SignalingMode } from './signaling/signaling-target';
import type { SignalingTransport } from './signaling/signaling-transport';
import type { TileView } from './tile-view';
import { reportError } from '../../shared/report-error';

export type { RoomSnapshot };

type ReachableMode = Exclude<SignalingMode, 'checking'>;

/** How a room is reached, supplied by the page: see room-connection. */
export interface RoomConnection {
  /** Finds out whether a signaling server answers ('server') or the room stays in this browser ('local'). */
  probe(): Promise<ReachableMode>;
  /** Makes the transport for one join; `allowCreate` gates becoming a room's host (the creation limit). */
  createSignaling(mode: ReachableMode, allowCreate: () => boolean): SignalingTransport;
  /** The ICE servers for a mode: a room in this browser needs none (its peers share the machine). */
  iceServers(mode: ReachableMode): RTCIceServer[];
}

export interface RoomDeps {
  roomId: string;
  settings: () => Settings;
  notify: (notice: RoomNotice) => void;
  download: (url: string, fileName: string) => void;
  navigateHome: () => void;
  connection: RoomConnection;
  /** The recording mode a host starts with (a podcast room's link chooses Separate). */
  initialRecordingMode?: RoomRecordingMode;
}

export class RoomController {
  private readonly store = new RoomStore();
  private session: RoomSession | null = null;
  private guestDialogOpen = false;
  private probe: Promise<ReachableMode> | null = null;

  constructor(private readonly deps: RoomDeps) {}

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

  /** What the room's screen shows now: whose tiles, and whose is pinned. */
  showTiles(view: TileView): void {
    this.session?.showTiles(view);
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
    if (this.state.phase !== 'idle' || this.session) return;
    if (!takeRoomAttempt('join').allowed) {
      this.failJoin(ROOM_ERRORS.tooManyJoins, 'local');
      return;
    }
    this.store.update({ joinError: null });
    this.store.dispatch({ type: 'joining', roomId: this.deps.roomId });
    const mode = await this.checkSignaling();
    if (this.getSnapshot().room.phase !== 'joining') return; // cancelled while the page was still looking for the server
    const { connection } = this.deps;
    const session: RoomSession = new RoomSession({
      roomId: this.deps.roomId,
      userName: name,
      store: this.store,
      signaling: connection.createSignaling(mode, () => takeRoomAttempt('create').allowed),
      iceServers: connection.iceServers(mode),
      settings: this.deps.settings,
      notify: this.deps.notify,
      guestDialogOpen: () => this.guestDialogOpen,
      setFiles: (files) => {
        this.store.update({ files });
      },
      downloadFiles: () => void this.download(),
      initialRecordingMode: this.deps.initialRecordingMode,
      ended: (outcome) => {
        if (this.session === session) this.sessionEnded(outcome, mode);
      },
    });
    this.session = session;
    await session.join();
  }

  /** Leaves the room: stops (and saves) a recording, closes every connection and the devices. */
  async leave(options: { notify?: boolean; navigate?: boolean } = {}): Promise<void> {
    if (this.getSnapshot().leaving) return;
    const wasInRoom = this.state.phase !== 'idle';
    const session = this.session;
    this.store.update({ leaving: true });
    try {
      await session?.finishRecording();
    } finally {
      if (this.session === session) this.session = null;
      session?.leave();
      // A join cancelled before its session existed (still looking for the server) leaves nothing behind.
      if (this.state.phase !== 'idle') this.store.dispatch({ type: 'reset' });
      this.store.update({ leaving: false });
    }
    if (wasInRoom && options.notify !== false) this.deps.notify({ title: 'Left Room', message: 'You left the room.', tone: 'info' });
    if (options.navigate !== false) this.deps.navigateHome();
  }

  /** The page is going away (tab closed or reloaded): tell the room at once, nothing asynchronous. */
  leaveNow(): void {
    const session = this.session;
    this.session = null;
    session?.leave();
  }

  toggleVideo(): void {
    this.session?.controls.toggleVideo();
  }

  toggleAudio(): void {
    this.session?.controls.toggleAudio();
  }

  async toggleScreenShare(): Promise<void> {
    await this.session?.controls.toggleScreenShare();
  }

  async approveGuest(guestId: string): Promise<void> {
    await this.session?.host.approveGuest(guestId);
  }

  async rejectGuest(guestId: string): Promise<void> {
    await this.session?.host.rejectGuest(guestId);
  }

  async kick(participantId: string): Promise<void> {
    await this.session?.host.kick(participantId);
  }

  setRecordingMode(mode: RoomRecordingMode): void {
    this.session?.host.setRecordingMode(mode);
  }

  async setAutoAdmit(enabled: boolean): Promise<void> {
    await this.session?.host.setAutoAdmit(enabled);
  }

  async startRecording(): Promise<void> {
    const session = this.session;
    if (session?.host.allowed('start-recording')) await session.recording.start();
  }

  async stopRecording(): Promise<void> {
    const session = this.session;
    if (session?.host.allowed('stop-recording')) await session.recording.stop();
  }

  async pauseRecording(): Promise<void> {
    const session = this.session;
    if (session?.host.allowed('pause-recording')) await session.recording.pause();
  }

  async resumeRecording(): Promise<void> {
    const session = this.session;
    if (session?.host.allowed('resume-recording')) await session.recording.resume();
  }

  /** Saves every file of the last recording. */
  download(): Promise<void> {
    return downloadRoomFiles(this.getSnapshot().files, this.deps.download, this.deps.notify);
  }

  copyInviteLink(): Promise<void> {
    return copyInviteLink(this.deps.roomId, this.getSnapshot().signaling === 'server', this.deps.notify);
  }

  /** The session ended itself: say why, and go where the user expects. */
  private sessionEnded(outcome: SessionEnd, mode: ReachableMode): void {
    const { notify, navigateHome } = this.deps;
    switch (outcome.kind) {
      case 'join-failed':
        this.session = null;
        this.failJoin(outcome.message, mode);
        return;
      case 'kicked':
        this.session = null;
        notify({ title: 'Removed from Room', message: ROOM_ERRORS.removed, tone: 'warning' });
        navigateHome();
        return;
      case 'room-ended':
        this.session = null;
        if (this.getSnapshot().leaving) return;
        notify({ title: 'Room Ended', message: 'The host left, so the room has ended.', tone: 'info' });
        navigateHome();
        return;
      case 'place-lost':
        // The server no longer holds our place (away past the grace period, taken over by a newer
        // connection, or the room lost by the server): the room goes on without us. A recording is saved first.
        void this.leave({ notify: false }).then(() => {
          notify({ title: 'Disconnected', message: outcome.message, tone: 'warning' });
        });
        return;
    }
  }

  private failJoin(raw: string, mode: ReachableMode): void {
    // Nobody answered for the room: its host's tab is closed, asleep or frozen in the background.
    const message = raw === ROOM_ERRORS.ackTimeout && mode === 'local' ? ROOM_ERRORS.hostUnreachable : raw;
    if (message === ROOM_ERRORS.serverUnreachable) {
      // The server went away since the page checked: from now on this page keeps rooms in this browser, and says so.
      this.probe = Promise.resolve('local');
      this.store.update({ signaling: 'local' });
    }
    reportError('room: join', message);
    if (this.state.phase !== 'idle') this.store.dispatch({ type: 'reset' });
    this.store.update({ joinError: message });
    // The first joiner creates the room: a refused creation is named as such, not as a failed join.
    const creating = message === ROOM_ERRORS.tooManyCreates || message === ROOM_ERRORS.createFailed;
    this.deps.notify({ title: creating ? 'Failed to Create Room' : 'Failed to Join Room', message, tone: 'error' });
  }
}
