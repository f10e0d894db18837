/**
 * Everyone in the room connects to everyone else: one PeerLink per remote participant. The mesh
 * creates links (never two at once for one participant), answers the other side's offers,
 * reconnects lost links with backoff, and polls each link's statistics every 5 s.
 */
import { connectionQuality, statsSince, totalsFromReport, type ConnectionStats, type StatsTotals } from './connection-quality';
import type { PeerMessage } from './data-messages';
import { PeerLink, type LocalTracks } from './peer-link';
import type { CallVideoLimit } from './call-video-limit';
import { ROOM_ERRORS, type ConnectionQuality, type PeerSignal } from '../../../protocol';
import { CONNECTION_TIMEOUT_MS, reconnectDelay, STATS_INTERVAL_MS } from './reconnect-policy';
import type { PeerState } from '../room-state';
import { reportingAs } from '../../../shared/report-error';

export interface MeshEvents {
  signal(to: string, signal: Pick<PeerSignal, 'type' | 'data'>): void;
  remoteStream(participantId: string, stream: MediaStream): void;
  peerState(participantId: string, state: PeerState): void;
  stats(participantId: string, stats: ConnectionStats, quality: ConnectionQuality): void;
  channelOpen(participantId: string): void;
  message(participantId: string, message: PeerMessage): void;
  /** A participant opened a channel of its own to us (see PeerLink.openChannel). */
  otherChannel(participantId: string, channel: RTCDataChannel): void;
  /** Reconnecting gave up after the last attempt. */
  permanentlyFailed(participantId: string, reason: string): void;
}

export class PeerMesh {
  private readonly links = new Map<string, PeerLink>();
  private videoLimit: CallVideoLimit | null = null;
  private readonly creating = new Set<string>();
  private readonly attempts = new Map<string, number>();
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private readonly departed = new Set<string>();
  private readonly totals = new Map<PeerLink, StatsTotals>();
  /** Signals per participant are handled one at a time, in arrival order. */
  private readonly queues = new Map<string, Promise<void>>();
  private tracks: LocalTracks = { audio: null, video: null };
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private closed = false;

  constructor(
    private readonly selfId: string,
    private iceServers: RTCIceServer[],
    private readonly events: MeshEvents,
  ) {
    this.statsTimer = setInterval(() => void this.pollStats(), STATS_INTERVAL_MS);
  }

  /** Credentials for links made from now on and for every open link's next gathering. */
  setIceServers(iceServers: RTCIceServer[]): void {
    this.iceServers = iceServers;
    for (const link of this.links.values()) link.setIceServers(iceServers);
  }

  /** The link to a participant (for tests and stats), if one exists. */
  link(participantId: string): PeerLink | undefined {
    return this.links.get(participantId);
  }

  /**
   * Opens a connection to a participant who arrived before us, or whom we are to call. Refused while
   * one exists or is being created, so two connections never race for one participant.
   */
  connect(participantId: string): void {
    if (this.links.has(participantId) || this.creating.has(participantId)) throw new Error(ROOM_ERRORS.creationInProgress);
    this.departed.delete(participantId);
    this.creating.add(participantId);
    try {
      this.createLink(participantId, crypto.randomUUID(), true);
    } finally {
      this.creating.delete(participantId);
    }
  }

  /**
   * A participant who calls us (the one with the smaller id offers). If no connection is up
   * within the connection timeout, we call them ourselves.
   */
  expect(participantId: string): void {
    this.departed.delete(participantId);
    this.schedule(participantId, CONNECTION_TIMEOUT_MS);
  }

  /** Whether this side offers to `participantId` first: a fixed rule both sides agree on. */
  offersTo(participantId: string): boolean {
    return this.selfId < participantId;
  }

  handleSignal(signal: PeerSignal): void {
    const from = signal.from;
    if (this.closed || this.departed.has(from)) return;
    const previous = this.queues.get(from) ?? Promise.resolve();
    const next = previous.then(() => this.applySignal(signal)).catch(reportingAs('room: apply a negotiation message'));
    this.queues.set(from, next);
  }

  /** The camera as sent to every peer, now and on links made later (null: as the browser chooses). */
  limitVideo(limit: CallVideoLimit | null): void {
    this.videoLimit = limit;
    for (const link of this.links.values()) void link.limitVideo(limit).catch(reportingAs('room: limit the call video'));
  }

  setLocalTracks(tracks: LocalTracks): void {
    this.tracks = { ...tracks };
    for (const link of this.links.values()) void link.setTracks(this.tracks).catch(reportingAs('room: send changed tracks'));
  }

  send(participantId: string, message: PeerMessage): void {
    this.links.get(participantId)?.send(message);
  }

  /** A channel of its own to a participant over the current link, or null when there is no open link. */
  openChannel(participantId: string, label: string): RTCDataChannel | null {
    const link = this.links.get(participantId);
    return link?.isOpen ? link.openChannel(label) : null;
  }

  broadcast(message: PeerMessage): void {
    for (const link of this.links.values()) link.send(message);
  }

  /** The participant left: close their link and never reconnect to them. */
  remove(participantId: string): void {
    this.departed.add(participantId);
    this.clearTimer(participantId);
    this.attempts.delete(participantId);
    this.queues.delete(participantId);
    const link = this.links.get(participantId);
    this.links.delete(participantId);
    if (link) this.totals.delete(link);
    link?.close();
  }

  close(): void {
    this.closed = true;
    clearInterval(this.statsTimer);
    for (const id of [...this.links.keys(), ...this.timers.keys()]) this.remove(id);
  }

  private async applySignal(signal: PeerSignal): Promise<void> {
    const { from, data } = signal;
    let link = this.links.get(from);
    if (signal.type === 'offer' && link?.connectionId !== data.connectionId) {
      // A new connection from them. If we are calling them at the same moment, the side with the
      // smaller id keeps its own call and the other side takes it.
      if (link && !link.everConnected && this.offersTo(from) && link.pc.signalingState === 'have-local-offer') return;
      link?.close();
      link = this.createLink(from, data.connectionId, false);
    }
    if (!link || link.connectionId !== data.connectionId) return;
    await link.handleSignal(signal);
  }

  private createLink(participantId: string, connectionId: string, initiator: boolean): PeerLink {
    this.clearTimer(participantId);
    const previous = this.links.get(participantId);
    if (previous) {
      this.totals.delete(previous);
      previous.close();
    }
    const link: PeerLink = new PeerLink(
      { connectionId, polite: !this.offersTo(participantId), initiator, iceServers: this.iceServers, tracks: this.tracks, videoLimit: this.videoLimit },
      {
        signal: (signal) => {
          if (this.links.get(participantId) === link) this.events.signal(participantId, signal);
        },
        remoteStream: (stream) => {
          if (this.links.get(participantId) === link) this.events.remoteStream(participantId, stream);
        },
        connected: () => {
          if (this.links.get(participantId) !== link) return;
          this.attempts.delete(participantId);
          this.events.peerState(participantId, 'connected');
        },
        unsteady: () => {
          if (this.links.get(participantId) === link) this.events.peerState(participantId, 'reconnecting');
        },
        channelOpen: () => {
          if (this.links.get(participantId) === link) this.events.channelOpen(participantId);
        },
        message: (message) => {
          if (this.links.get(participantId) === link) this.events.message(participantId, message);
        },
        otherChannel: (channel) => {
          if (this.links.get(participantId) === link) this.events.otherChannel(participantId, channel);
          else channel.close();
        },
        broken: (reason) => {
          this.onBroken(participantId, link, reason);
        },
      },
    );
    this.links.set(participantId, link);
    this.events.peerState(participantId, 'connecting');
    return link;
  }

  private onBroken(participantId: string, link: PeerLink, reason: string): void {
    if (this.links.get(participantId) !== link) return; // an old link, already replaced
    this.links.delete(participantId);
    this.totals.delete(link);
    if (this.closed || this.departed.has(participantId)) return;
    const attempt = this.attempts.get(participantId) ?? 0;
    const delay = reconnectDelay(attempt, Math.random());
    if (delay === null) {
      this.events.peerState(participantId, 'failed');
      this.events.permanentlyFailed(participantId, reason);
      return;
    }
    this.attempts.set(participantId, attempt + 1);
    this.events.peerState(participantId, 'reconnecting');
    this.schedule(participantId, delay);
  }

  /** Calls the participant after `delay`, unless a connection has come up by then (either side may call). */
  private schedule(participantId: string, delay: number): void {
    this.clearTimer(participantId);
    this.timers.set(
      participantId,
      setTimeout(() => {
        this.timers.delete(participantId);
        if (this.closed || this.departed.has(participantId)) return;
        // A link made meanwhile (they called us) has its own timeout; leave it be.
        if (this.links.has(participantId)) return;
        this.connect(participantId);
      }, delay),
    );
  }

  private clearTimer(participantId: string): void {
    clearTimeout(this.timers.get(participantId));
    this.timers.delete(participantId);
  }

  private async pollStats(): Promise<void> {
    for (const [participantId, link] of [...this.links]) {
      const records = await link.stats();
      if (this.links.get(participantId) !== link) continue;
      if (!records) {
        // Closed from outside our control (no event fires for a local close): treat as lost.
        link.fail('The connection was closed');
        continue;
      }
      // Connection-state events can be missed or coalesced under load: every poll re-asserts the live state.
      link.syncState();
      if (!link.everConnected) continue;
      const totals = totalsFromReport(records);
      const stats = statsSince(totals, this.totals.get(link) ?? null);
      this.totals.set(link, totals);
      this.events.stats(participantId, stats, connectionQuality(stats));
    }
  }
}
