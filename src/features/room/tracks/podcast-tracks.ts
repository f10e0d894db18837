/**
 * Separate recording as a podcast room records it (docs/decisions/0015-podcast-tracks.md): every
 * participant records their own camera and microphone on their own computer, and the file travels
 * to the host over the room's peer connection while it is being made. A guest's side starts, pauses
 * and stops its own recording as the host announces, and sends it; the host's side receives each
 * track into its own storage and shows how far each has got.
 */
import { getRecording, heldRecordingIds, holdRecordingLock, patchRecording, type ParticipantMedia, type RoomRecordingSession } from '../../../media';
import type { RoomRecordingMode } from '../../../protocol';
import type { Settings } from '../../settings';
import type { Announcement } from '../room-events';
import type { RoomFile, RoomNotice } from '../room-notice';
import type { RoomStore } from '../room-store';
import { participantFileName } from '../recording/room-recording-format';
import { OwnTrackRecording } from './own-track-recording';
import { addPendingTrack, pendingTracks, removePendingTrack, type PendingTrack } from './pending-tracks';
import { TrackReceiver, type TrackStatus } from './track-receiver';
import { receiveInWorker, startReceivingWorker, type WorkerReceiver } from './receiving-worker';
import type { OwnRecording, SendProgress } from './track-sender';
import { sendingWorkerSettled, startSendingWorker, TrackSending } from './sending-worker';
import { TRACK_CHANNEL_PREFIX } from './track-transfer-protocol';
import { announcedSession } from './recording-session';
import { ownTrackText, trackStatusText } from './track-status-text';
import { reportError, reportingAs } from '../../../shared/report-error';
import { Lifetime } from '../../../shared/lifetime';

export type OwnTrackPhase = 'recording' | 'sending' | 'waiting' | 'sent' | 'failed';

/** This participant's own track as their room page shows it. */
export interface OwnTrackStatus {
  phase: OwnTrackPhase;
  sentBytes: number;
  totalBytes: number;
}

export interface PodcastTracksDeps {
  store: RoomStore;
  roomId: string;
  userName: string;
  media(): ParticipantMedia;
  settings(): Settings;
  notify(notice: RoomNotice): void;
  openChannel(participantId: string, label: string): RTCDataChannel | null;
}

/**
 * Distinct tracks one participant may have on their way to this host at once: one per recording it
 * made and has not delivered yet (a session has a few), with those unsent from earlier ones resumed on
 * a rejoin. A track received stops counting.
 */
const MAX_TRACKS_PER_PARTICIPANT = 32;
/**
 * How often the host's card shows new figures while only they change: with three guests the megabytes
 * received changed some eight times a second, and each change drew the whole room page again, on the
 * computer that must store what arrives (docs/decisions/0015-podcast-tracks.md). A track's new phase
 * shows at once.
 */
const FIGURES_EVERY_MS = 1000;

/** A track being received, on the page or in the worker. */
type ChannelReceiver = TrackReceiver | WorkerReceiver;

export class PodcastTracks {
  private own: OwnTrackRecording | null = null;
  private ownStarting: Promise<void> | null = null;
  private readonly senders = new Map<string, TrackSending>();
  /** Tracks whose first channel waits for the sending worker. */
  private readonly awaitingWorker = new Set<TrackSending>();
  private readonly receivers = new Set<ChannelReceiver>();
  /** Tracks (their channels' labels) received on this page rather than in the worker. */
  private readonly receivedOnPage = new Set<string>();
  /** The track channels each participant has opened to this host, by label (see MAX_TRACKS_PER_PARTICIPANT). */
  private readonly labelsFrom = new Map<string, Set<string>>();
  /** Which participant sends each recording id now, and through which receiver. */
  private readonly claims = new Map<string, { by: string; owner: ChannelReceiver }>();
  private readonly statuses = new Map<string, TrackStatus>();
  private readonly delivered = new Map<string, RoomFile>();
  /** Web Locks on tracks being received, held while this session lasts: the library leaves them alone. */
  private readonly receiving = new Map<string, () => void>();
  /** The card's figures waiting to be shown (see FIGURES_EVERY_MS), and when it was last drawn. */
  private figuresTimer: ReturnType<typeof setTimeout> | null = null;
  private tracksShownAt = 0;
  private readonly lifetime = new Lifetime();
  private readonly unsubscribe: () => void;
  private videoEnabled: boolean | null = null;
  private readonly beforeUnload = (event: BeforeUnloadEvent) => {
    if (!this.sending()) return;
    // Asks the browser to confirm leaving; the page cannot choose the words.
    event.preventDefault();
  };

  constructor(private readonly deps: PodcastTracksDeps) {
    // A page only: the unit tests run this without one.
    if (typeof window !== 'undefined') window.addEventListener('beforeunload', this.beforeUnload);
    // A host receives its guests' tracks in a worker, ready before the first channel opens.
    if (deps.store.room.isHost) startReceivingWorker();
    // Turning the camera off or on changes no track, only whether it is shown: the own copy follows.
    this.unsubscribe = deps.store.subscribe(() => {
      if (deps.store.room.isHost) startReceivingWorker();
      const enabled = deps.store.room.participants.find((p) => p.isLocal)?.videoEnabled ?? null;
      if (enabled === this.videoEnabled) return;
      this.videoEnabled = enabled;
      this.mediaChanged();
    });
  }

  /** Files of tracks the host has received, to list beside its own. */
  deliveredFiles(): RoomFile[] {
    return [...this.delivered.values()];
  }

  /**
   * The host's announcement: a guest's own recording follows it in separate mode; a host's new
   * recording starts a new list. `startedAt` is the room's start of the recording, with a start.
   */
  announced(event: Announcement, mode: RoomRecordingMode | null, startedAt: number | null): void {
    const { room } = this.deps.store;
    if (room.isHost) {
      if (event === 'recording-started') this.forgetReceived();
      return;
    }
    switch (event) {
      case 'recording-started':
        if (mode === 'separate') this.startOwn(announcedSession(this.deps.roomId, startedAt));
        break;
      case 'recording-paused':
        void this.own?.pause().catch((error: unknown) => {
          reportError('podcast track: pause', error);
        });
        break;
      case 'recording-resumed':
        void this.own?.resume().catch((error: unknown) => {
          reportError('podcast track: resume', error);
        });
        break;
      case 'recording-stopped':
        void this.stopOwn();
        break;
    }
  }

  /** Admitted to the room: tracks of this room not yet delivered go on to the host. */
  admitted(): void {
    const { room } = this.deps.store;
    if (room.isHost) return;
    // A guest sends their own tracks from a worker, ready before the first channel opens.
    void startSendingWorker();
    for (const pending of pendingTracks(this.deps.roomId)) void this.resumePending(pending);
  }

  /** A connection to a participant is (again) ready: a track on its way to them goes on. */
  peerReady(participantId: string): void {
    if (participantId !== this.deps.store.room.hostId) return;
    for (const sender of this.senders.values()) this.attach(sender);
  }

  /** A participant left: their tracks wait for them to come back (their channels may close without a word). */
  participantLeft(participantId: string): void {
    for (const receiver of [...this.receivers]) {
      if (receiver.participantId !== participantId) continue;
      receiver.close();
      this.receivers.delete(receiver);
    }
  }

  /** A participant opened a channel to us: if we are the host and it carries a track, receive it. */
  channel(participantId: string, channel: RTCDataChannel): void {
    const { room } = this.deps.store;
    const participant = room.participants.find((p) => p.id === participantId && !p.isLocal);
    if (!room.isHost || !participant || !channel.label.startsWith(TRACK_CHANNEL_PREFIX)) {
      channel.close();
      return;
    }
    // A participant sends one track per recording it made; a peer opening channel after channel would
    // have a row stored, and the host's storage written, for each.
    const labels = this.labelsFrom.get(participantId) ?? new Set<string>();
    if (!labels.has(channel.label) && labels.size >= MAX_TRACKS_PER_PARTICIPANT) {
      reportError(`podcast track: refused from ${participant.name}`, `a track past the ${String(MAX_TRACKS_PER_PARTICIPANT)} one participant may send`);
      channel.close();
      return;
    }
    labels.add(channel.label);
    this.labelsFrom.set(participantId, labels);
    // One transfer per recording at a time: a reconnection's channel replaces the last one.
    for (const earlier of [...this.receivers]) {
      if (earlier.participantId !== participantId || earlier.label !== channel.label) continue;
      earlier.close();
      this.receivers.delete(earlier);
    }
    const from = { roomId: this.deps.roomId, participantId, participantName: participant.name };
    // A claim goes only with the release of the receiver it was made for: a worker's release of a
    // replaced channel may come after the new channel's claim.
    const claim = (owner: ChannelReceiver, claimed: string, by: string): boolean => {
      const held = this.claims.get(claimed);
      if (held !== undefined && held.by !== by) return false;
      this.claims.set(claimed, { by, owner });
      return true;
    };
    const release = (owner: ChannelReceiver, released: string): void => {
      if (this.claims.get(released)?.owner === owner) this.claims.delete(released);
      this.receivers.delete(owner);
    };
    const onStatus = (status: TrackStatus) => {
      if (!this.lifetime.isOver()) this.onTrackStatus(status);
    };
    const receiveOnPage = () => {
      const receiver: TrackReceiver = new TrackReceiver(channel, {
        ...from,
        onStatus,
        claim: (claimed, by) => claim(receiver, claimed, by),
        released: (released) => {
          release(receiver, released);
        },
      });
      this.receivers.add(receiver);
    };
    // Off the page where it can be: handed over in this task, before anything it carries is
    // dispatched. A track once received on the page stays there: its writes still under way there are
    // ordered only with the page's own.
    let handle: WorkerReceiver | null = null;
    if (!this.receivedOnPage.has(channel.label)) {
      handle = receiveInWorker(channel, from, {
        status: onStatus,
        claim: (claimed, by) => handle !== null && claim(handle, claimed, by),
        released: (released) => {
          if (handle) release(handle, released);
        },
        closed: () => {
          if (handle) this.receivers.delete(handle);
        },
      });
    }
    if (handle) this.receivers.add(handle);
    else {
      this.receivedOnPage.add(channel.label);
      receiveOnPage();
    }
  }

  /** The media this participant sends changed: their own recording follows it. */
  mediaChanged(): void {
    void this.own?.follow().catch((error: unknown) => {
      reportError('podcast track: follow the changed media', error);
    });
  }

  /** Leaving: a recording of our own is finished first, so the file is whole in our library. */
  async finishForLeave(): Promise<void> {
    await this.ownStarting;
    await this.stopOwn();
  }

  dispose(): void {
    if (this.lifetime.isOver()) return;
    this.lifetime.end();
    this.unsubscribe();
    if ([...this.senders.values()].some((sender) => !sender.isDelivered)) {
      this.deps.notify({
        title: 'Recording Not Sent Yet',
        message: 'Your own recording is saved in your library. Open the invite link again while the host is in the room to send the rest.',
        tone: 'warning',
        sticky: true,
      });
    }
    if (typeof window !== 'undefined') window.removeEventListener('beforeunload', this.beforeUnload);
    this.own?.dispose();
    this.own = null;
    for (const sender of this.senders.values()) sender.dispose();
    this.senders.clear();
    for (const receiver of this.receivers) receiver.close();
    this.receivers.clear();
    for (const release of this.receiving.values()) release();
    this.receiving.clear();
    if (this.figuresTimer !== null) clearTimeout(this.figuresTimer);
    this.figuresTimer = null;
  }

  private sending(): boolean {
    return this.own !== null || [...this.senders.values()].some((sender) => !sender.isDelivered);
  }

  private startOwn(session: RoomRecordingSession | null): void {
    if (this.own || this.ownStarting) return;
    const { store } = this.deps;
    const signal = this.lifetime.signal;
    this.setOwn({ phase: 'recording', sentBytes: 0, totalBytes: 0 });
    this.ownStarting = OwnTrackRecording.start({
      selfId: store.room.selfId,
      name: this.deps.userName,
      media: () => this.deps.media(),
      settings: this.deps.settings(),
      onError: (message) => {
        this.deps.notify({ title: 'Recording Failed', message: `Your own recording stopped: ${message}`, tone: 'error' });
      },
    })
      .then((own) => {
        if (signal.aborted) {
          own.dispose();
          return;
        }
        this.own = own;
        const { recordingId, createdAt, width, height, startedAt } = own.info;
        // The own copy is grouped with the recording's other tracks in this library too.
        if (session) void patchRecording(recordingId, { roomSession: session }).catch(reportingAs('podcast track: note the room recording'));
        addPendingTrack({ roomId: this.deps.roomId, recordingId, createdAt, width, height, startedAt, roomSession: session });
        this.send({ ...own.info, roomSession: session });
        // The media may have changed while this was starting, and the host may have paused or stopped.
        this.mediaChanged();
        if (store.room.recordingState === 'idle') void this.stopOwn();
        else if (store.room.recordingState === 'paused') void own.pause();
      })
      .catch((error: unknown) => {
        if (signal.aborted) return;
        this.setOwn({ phase: 'failed', sentBytes: 0, totalBytes: 0 });
        this.deps.notify({ title: 'Recording Failed', message: `Your own recording could not start: ${error instanceof Error ? error.message : String(error)}`, tone: 'error' });
      })
      .finally(() => {
        this.ownStarting = null;
      });
  }

  private async stopOwn(): Promise<void> {
    await this.ownStarting;
    const own = this.own;
    if (!own) return;
    this.own = null;
    const { recordingId } = own.info;
    this.senders.get(recordingId)?.stopping();
    try {
      await own.stop();
    } catch (error) {
      reportError('podcast track: finish the own recording', error);
      // What was stored is finished as the library would, and sent; failing that, it stays for recovery.
      try {
        const { repairRecording } = await import('../../../media/storage/repair-recording');
        await repairRecording(recordingId);
      } catch (repairError) {
        reportError('podcast track: repair the own recording', repairError);
        this.senders.get(recordingId)?.dispose();
        this.senders.delete(recordingId);
        this.setOwn({ phase: 'failed', sentBytes: 0, totalBytes: 0 });
        return;
      }
    }
    this.senders.get(recordingId)?.finish();
  }

  private async resumePending(pending: PendingTrack): Promise<void> {
    if (this.senders.has(pending.recordingId)) return;
    try {
      const row = await getRecording(pending.recordingId);
      // Discarded meanwhile: nothing to send.
      if (!row) {
        removePendingTrack(pending.recordingId);
        return;
      }
      if (row.state !== 'done') {
        // Still being recorded by another tab of this browser: that tab sends it.
        if ((await heldRecordingIds()).has(row.id)) return;
        // The tab closed or crashed mid-recording: finish the stored part, as the library would.
        const { repairRecording } = await import('../../../media/storage/repair-recording');
        await repairRecording(row.id);
      }
      if (this.lifetime.isOver() || this.senders.has(pending.recordingId)) return;
      this.send({ ...pending, startedAt: row.startedAt ?? pending.startedAt, roomSession: row.roomSession ?? pending.roomSession }).finish();
    } catch (error) {
      reportError('podcast track: resume sending a track', error);
    }
  }

  private send(recording: OwnRecording): TrackSending {
    const { recordingId } = recording;
    const sender: TrackSending = new TrackSending(recording, {
      withdrawn: () => {
        this.withdraw(recordingId);
      },
      onProgress: (progress) => {
        this.onSendProgress(recordingId, progress);
      },
      reopen: () => {
        this.attach(sender);
      },
    });
    this.senders.set(recording.recordingId, sender);
    this.attach(sender);
    return sender;
  }

  private attach(sender: TrackSending): void {
    if (sender.isDelivered || this.lifetime.isOver()) return;
    // A track goes where its first channel goes: that channel waits for the sending worker to load
    // (or fail to), so a track is not sent from the page for good because it began first.
    if (!sender.placed && !sendingWorkerSettled()) {
      if (this.awaitingWorker.has(sender)) return;
      this.awaitingWorker.add(sender);
      void startSendingWorker().then(() => {
        this.awaitingWorker.delete(sender);
        if (this.senders.get(sender.recording.recordingId) === sender) this.attach(sender);
      });
      return;
    }
    const channel = this.deps.openChannel(this.deps.store.room.hostId, `${TRACK_CHANNEL_PREFIX}${sender.recording.recordingId}`);
    if (channel) sender.attach(channel);
  }

  /** Stops sending a recording that no longer exists here, and stops saying it is on its way. */
  private withdraw(recordingId: string): void {
    const sender = this.senders.get(recordingId);
    this.senders.delete(recordingId);
    removePendingTrack(recordingId);
    sender?.dispose();
    if (this.senders.size === 0) this.deps.store.update({ ownTrack: null });
  }

  private onSendProgress(recordingId: string, progress: SendProgress): void {
    // The card follows the newest recording; an older one still sending says so when it is the only one.
    const newest = [...this.senders.keys()].at(-1);
    if (progress.delivered) {
      removePendingTrack(recordingId);
      this.senders.delete(recordingId);
      if (newest === recordingId || this.senders.size === 0) this.setOwn({ phase: 'sent', sentBytes: progress.totalBytes, totalBytes: progress.totalBytes });
      return;
    }
    if (newest !== recordingId) return;
    const recording = this.own?.info.recordingId === recordingId && !progress.finished;
    const phase: OwnTrackPhase = recording ? 'recording' : progress.connected ? 'sending' : 'waiting';
    this.setOwn({ phase, sentBytes: progress.sentBytes, totalBytes: progress.totalBytes });
  }

  /** Only a change the page would show reaches the store: a block arrives many times a second. */
  private setOwn(ownTrack: OwnTrackStatus): void {
    const shown = this.deps.store.getSnapshot().ownTrack;
    if (shown && ownTrackText(shown) === ownTrackText(ownTrack)) return;
    this.deps.store.update({ ownTrack });
  }

  private onTrackStatus(status: TrackStatus): void {
    const { store } = this.deps;
    if (!this.receiving.has(status.storedId) && status.phase !== 'received') this.receiving.set(status.storedId, holdRecordingLock(status.storedId));
    // A track received no longer counts against its sender's open tracks.
    if (status.phase === 'received') this.labelsFrom.get(status.participantId)?.delete(`${TRACK_CHANNEL_PREFIX}${status.recordingId}`);
    const shown = this.statuses.get(status.recordingId);
    this.statuses.set(status.recordingId, status);
    if (!shown || shown.phase !== status.phase) this.showTracks();
    else if (trackStatusText(shown) !== trackStatusText(status)) this.showFiguresSoon();
    if (status.phase !== 'received') return;
    // Received again (a guest who was not told the first time sends it again): the lock goes all the same.
    this.receiving.get(status.storedId)?.();
    this.receiving.delete(status.storedId);
    if (this.delivered.has(status.storedId)) return;
    const file: RoomFile = {
      recordingId: status.storedId,
      fileName: participantFileName(status.participantId, new Date(status.createdAt)),
      size: status.totalBytes,
      durationMs: status.durationMs,
    };
    this.delivered.set(status.storedId, file);
    store.update({ files: [...store.getSnapshot().files.filter((f) => f.recordingId !== file.recordingId), file] });
    this.deps.notify({ title: 'Track Received', message: `${status.name}’s own recording arrived, checked and complete.`, tone: 'success' });
  }

  /** A new recording: the tracks already received belong to the last one's files. */
  private forgetReceived(): void {
    for (const [recordingId, status] of this.statuses) if (status.phase === 'received') this.statuses.delete(recordingId);
    this.delivered.clear();
    this.showTracks();
  }

  private showTracks(): void {
    if (this.figuresTimer !== null) clearTimeout(this.figuresTimer);
    this.figuresTimer = null;
    this.tracksShownAt = Date.now();
    this.deps.store.update({ tracks: [...this.statuses.values()] });
  }

  private showFiguresSoon(): void {
    if (this.figuresTimer !== null || this.lifetime.isOver()) return;
    this.figuresTimer = setTimeout(
      () => {
        this.showTracks();
      },
      Math.max(0, this.tracksShownAt + FIGURES_EVERY_MS - Date.now()),
    );
  }
}
