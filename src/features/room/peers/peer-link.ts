/**
 * One RTCPeerConnection to one remote participant, with its `messages` data channel. Negotiation
 * follows the "perfect negotiation" pattern, so either side may renegotiate (an ICE restart) and
 * simultaneous offers resolve themselves: the polite side yields. Anything that ends the
 * connection is reported once through `onBroken`; the mesh decides whether to reconnect.
 */
import { parsePeerMessage, type PeerMessage } from './data-messages';
import { ROOM_ERRORS, type PeerSignal, type RTCIceCandidateInitLike } from '../../../protocol';
import { CONNECTION_TIMEOUT_MS } from './reconnect-policy';
import type { StatsRecord } from './connection-quality';
import { reportError } from '../../../shared/report-error';
import { encodingUnder, type CallVideoLimit } from './call-video-limit';

/** How long an ICE restart may take before the connection counts as lost. */
const ICE_RESTART_GRACE_MS = 10_000;
/**
 * A first connection that has not come up by now gets a fresh ICE generation (new candidates on
 * both sides) instead of waiting out the whole timeout: candidates can be lost in signaling, or a
 * side's gathering can stall. A healthy connection here comes up in well under a second.
 */
export const STALLED_CONNECTION_RESTART_MS = 8000;

export interface LocalTracks {
  audio: MediaStreamTrack | null;
  video: MediaStreamTrack | null;
}

export interface PeerLinkEvents {
  signal(signal: Pick<PeerSignal, 'type' | 'data'>): void;
  remoteStream(stream: MediaStream): void;
  connected(): void;
  /** The connection wobbles (ICE disconnected or restarting) but is not given up yet. */
  unsteady(): void;
  channelOpen(): void;
  message(message: PeerMessage): void;
  /** The other side opened a channel of its own (a recording on its way to the host). */
  otherChannel(channel: RTCDataChannel): void;
  broken(reason: string): void;
}

export interface PeerLinkOptions {
  connectionId: string;
  /** The polite side rolls back its own offer when offers collide. */
  polite: boolean;
  /** The side that creates the connection adds the transceivers and the data channel, and offers first. */
  initiator: boolean;
  iceServers: RTCIceServer[];
  tracks: LocalTracks;
  /** How the camera is sent, applied once the connection's encodings exist (null: as the browser chooses). */
  videoLimit: CallVideoLimit | null;
}

export class PeerLink {
  readonly pc: RTCPeerConnection;
  readonly connectionId: string;
  readonly remoteStream = new MediaStream();
  everConnected = false;
  private channel: RTCDataChannel | null = null;
  /** Channels beside `messages`: closing the connection closes them too (it fires no close event of its own). */
  private readonly otherChannels = new Set<RTCDataChannel>();
  private readonly polite: boolean;
  private makingOffer = false;
  private ignoreOffer = false;
  private pendingCandidates: RTCIceCandidateInitLike[] = [];
  private closed = false;
  private timeout: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  private stallTimer: ReturnType<typeof setInterval> | undefined;
  private tracks: LocalTracks;
  private videoLimit: CallVideoLimit | null;
  private videoLimitChain: Promise<void> = Promise.resolve();

  constructor(
    options: PeerLinkOptions,
    private readonly events: PeerLinkEvents,
  ) {
    this.connectionId = options.connectionId;
    this.polite = options.polite;
    this.tracks = { ...options.tracks };
    this.videoLimit = options.videoLimit;
    // No candidate pool: pre-gathering buys nothing when gathering starts at the first description,
    // and a pooled session that never hands over its candidates leaves one side with none at all.
    this.pc = new RTCPeerConnection({ iceServers: options.iceServers });
    const { pc } = this;
    pc.onicecandidate = ({ candidate }) => {
      this.events.signal({ type: 'ice-candidate', data: { connectionId: this.connectionId, candidate: candidate ? candidate.toJSON() : null } });
    };
    pc.ontrack = ({ track }) => {
      if (!this.remoteStream.getTracks().includes(track)) this.remoteStream.addTrack(track);
      this.events.remoteStream(this.remoteStream);
    };
    pc.ondatachannel = ({ channel }) => {
      if (channel.label === 'messages') this.useChannel(channel);
      else {
        this.otherChannels.add(channel);
        this.events.otherChannel(channel);
      }
    };
    pc.onnegotiationneeded = () => void this.offer();
    pc.onconnectionstatechange = () => {
      this.onConnectionState();
    };
    pc.oniceconnectionstatechange = () => {
      // ICE failure: try a restart on the same connection before giving it up.
      if (pc.iceConnectionState === 'failed' && !this.closed) {
        this.events.unsteady();
        pc.restartIce();
        clearTimeout(this.restartTimer);
        this.restartTimer = setTimeout(() => {
          if (pc.connectionState !== 'connected') this.fail('ICE restart did not recover the connection');
        }, ICE_RESTART_GRACE_MS);
      }
    };
    this.timeout = setTimeout(() => {
      if (!this.everConnected) this.fail(ROOM_ERRORS.connectionTimeout);
    }, CONNECTION_TIMEOUT_MS);
    // Only the offering side restarts: its new offer renews the answerer's candidates too, and
    // one side asking keeps the two from colliding.
    if (options.initiator) this.stallTimer = setInterval(() => {
      if (!this.everConnected && !this.closed && pc.connectionState !== 'connected' && pc.remoteDescription) pc.restartIce();
    }, STALLED_CONNECTION_RESTART_MS);
    if (options.initiator) {
      pc.addTransceiver(this.tracks.audio ?? 'audio', { direction: 'sendrecv' });
      pc.addTransceiver(this.tracks.video ?? 'video', { direction: 'sendrecv' });
      this.useChannel(pc.createDataChannel('messages', { ordered: true, maxRetransmits: 3 }));
    }
  }

  /** A method, not a field read, so checks after an await see the current value. */
  isClosed(): boolean {
    return this.closed;
  }

  get isOpen(): boolean {
    return this.channel?.readyState === 'open';
  }

  async handleSignal(signal: Pick<PeerSignal, 'type' | 'data'>): Promise<void> {
    if (this.closed) return;
    try {
      if (signal.type === 'ice-candidate') {
        await this.addCandidate(signal.data.candidate ?? null);
        return;
      }
      const description = signal.data.description;
      if (!description) return;
      const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
      this.ignoreOffer = !this.polite && collision;
      if (this.ignoreOffer) return;
      await this.pc.setRemoteDescription(description); // rolls back our own offer when we are polite
      if (description.type === 'offer') {
        await this.attachTracks();
        await this.pc.setLocalDescription();
        this.sendDescription();
      }
      const queued = this.pendingCandidates;
      this.pendingCandidates = [];
      for (const candidate of queued) await this.addCandidate(candidate);
    } catch (error) {
      if (!this.isClosed()) this.fail(error instanceof Error ? error.message : String(error));
    }
  }

  /** Sends the local video (camera or screen) and audio; no renegotiation is needed. */
  async setTracks(tracks: LocalTracks): Promise<void> {
    this.tracks = { ...tracks };
    await this.attachTracks();
    await this.applyVideoLimit();
  }

  /** Sends the camera within `limit` from now on (null: as the browser chooses). */
  async limitVideo(limit: CallVideoLimit | null): Promise<void> {
    this.videoLimit = limit;
    await this.applyVideoLimit();
  }

  /** One change of the encodings at a time: a second `setParameters` before the first settles is refused. */
  private applyVideoLimit(): Promise<void> {
    const run = this.videoLimitChain.then(() => this.applyVideoLimitNow());
    this.videoLimitChain = run.catch(() => undefined);
    return run;
  }

  /** The video sender's encodings under the limit; before negotiation it has none, and connecting applies it. */
  private async applyVideoLimitNow(): Promise<void> {
    const sender = this.pc.getTransceivers().find((t) => t.receiver.track.kind === 'video' && t.currentDirection !== 'stopped')?.sender;
    if (!sender || this.closed) return;
    const parameters = sender.getParameters();
    if (parameters.encodings.length === 0) return;
    const wanted = encodingUnder(this.videoLimit, this.tracks.video?.getSettings().height);
    if (parameters.encodings.every((e) => e.maxBitrate === wanted.maxBitrate && (e.scaleResolutionDownBy ?? 1) === wanted.scaleResolutionDownBy)) return;
    for (const encoding of parameters.encodings) {
      if (wanted.maxBitrate === undefined) delete encoding.maxBitrate;
      else encoding.maxBitrate = wanted.maxBitrate;
      encoding.scaleResolutionDownBy = wanted.scaleResolutionDownBy;
    }
    await sender.setParameters(parameters);
  }

  send(message: PeerMessage): void {
    if (this.channel?.readyState === 'open') this.channel.send(JSON.stringify(message));
  }

  /**
   * A reliable, ordered channel of its own beside `messages` (a recording sent to the host): the
   * connection's data transport carries it, so no renegotiation is needed. Null once closed.
   */
  openChannel(label: string): RTCDataChannel | null {
    if (this.closed || this.pc.signalingState === 'closed') return null;
    const channel = this.pc.createDataChannel(label, { ordered: true });
    this.otherChannels.add(channel);
    return channel;
  }

  /** Raw stats records, or null when the connection has been closed (from anywhere). */
  async stats(): Promise<StatsRecord[] | null> {
    if (this.closed || this.pc.signalingState === 'closed') return null;
    try {
      const report = await this.pc.getStats();
      const records: StatsRecord[] = [];
      report.forEach((value: StatsRecord) => records.push(value));
      return records;
    } catch {
      return null;
    }
  }

  /** New TURN credentials (the old ones run out): used by the next ICE gathering, restarts included. */
  setIceServers(iceServers: RTCIceServer[]): void {
    if (this.closed) return;
    try {
      this.pc.setConfiguration({ ...this.pc.getConfiguration(), iceServers });
    } catch (error) {
      reportError('room: update ICE servers', error);
    }
  }

  /** Closes without reporting (the mesh chose to). Safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.timeout);
    clearTimeout(this.restartTimer);
    clearInterval(this.stallTimer);
    this.channel?.close();
    for (const channel of this.otherChannels) channel.close();
    this.otherChannels.clear();
    this.pc.close();
  }

  /** Reports the connection lost (once) and closes it. */
  fail(reason: string): void {
    if (this.closed) return;
    this.close();
    this.events.broken(reason);
  }

  private async offer(): Promise<void> {
    if (this.closed) return;
    try {
      this.makingOffer = true;
      await this.pc.setLocalDescription();
      this.sendDescription();
    } catch (error) {
      if (!this.isClosed()) this.fail(error instanceof Error ? error.message : String(error));
    } finally {
      this.makingOffer = false;
    }
  }

  private sendDescription(): void {
    const local = this.pc.localDescription;
    if (!local || (local.type !== 'offer' && local.type !== 'answer')) return;
    this.events.signal({ type: local.type, data: { connectionId: this.connectionId, description: { type: local.type, sdp: local.sdp } } });
  }

  private async addCandidate(candidate: RTCIceCandidateInitLike | null): Promise<void> {
    if (!this.pc.remoteDescription) {
      if (candidate) this.pendingCandidates.push(candidate);
      return;
    }
    try {
      await this.pc.addIceCandidate(candidate ?? undefined);
    } catch (error) {
      // Candidates of an offer we ignored in a collision are expected to fail.
      if (!this.ignoreOffer) throw error;
    }
  }

  private async attachTracks(): Promise<void> {
    for (const transceiver of this.pc.getTransceivers()) {
      if (transceiver.currentDirection === 'stopped') continue;
      const kind = transceiver.receiver.track.kind;
      const track = kind === 'audio' ? this.tracks.audio : kind === 'video' ? this.tracks.video : null;
      if (transceiver.direction !== 'sendrecv') transceiver.direction = 'sendrecv';
      if (transceiver.sender.track !== track) await transceiver.sender.replaceTrack(track);
    }
  }

  private useChannel(channel: RTCDataChannel): void {
    this.channel = channel;
    channel.onopen = () => {
      this.events.channelOpen();
    };
    channel.onmessage = ({ data }: MessageEvent<unknown>) => {
      const message = parsePeerMessage(data);
      if (message) this.events.message(message);
    };
    // The channel closes when either side's connection goes away (even a local close(), which
    // fires no connection-state event): the quickest sign that this link is gone.
    channel.onclose = () => {
      if (!this.closed) this.fail('The data channel closed');
    };
  }

  /** Re-reads the connection's state, in case its change event was missed (the mesh calls this as it polls). */
  syncState(): void {
    if (!this.closed && this.pc.connectionState === 'connected') this.onConnectionState();
  }

  private onConnectionState(): void {
    const state = this.pc.connectionState;
    if (state === 'connected') {
      this.everConnected = true;
      clearTimeout(this.timeout);
      clearInterval(this.stallTimer);
      clearTimeout(this.restartTimer);
      this.applyVideoLimit().catch((error: unknown) => {
        reportError('room: limit the call video', error);
      });
      this.events.connected();
    } else if (state === 'disconnected') {
      this.events.unsteady();
    } else if (state === 'failed' && this.pc.iceConnectionState !== 'failed') {
      this.fail('The connection failed');
    } else if (state === 'closed') {
      this.fail('The connection closed');
    }
  }
}
