/**
 * A room's media through Janus's VideoRoom (docs/sfu.md): this participant publishes its camera and
 * microphone once, the camera in three simulcast layers, and subscribes to every other publisher of
 * the room, taking the layer that suits how many tiles share the screen. Remote streams appear and
 * go by participant id, as the mesh reports them, so tiles and recording do not know the difference.
 */
import type { MediaServerAccess } from '../../../protocol';
import type { LocalTracks } from '../peers/peer-link';
import { reportError } from '../../../shared/report-error';
import { JanusSession, type HandleListener, type Jsep } from './janus-session';
import { SIMULCAST_LAYERS, layerRequestDue, layersFor, type LayerRequest } from './simulcast';
import { EVERY_TILE, type TileView } from '../tile-view';

export interface SfuMediaEvents {
  remoteStream(participantId: string, stream: MediaStream): void;
  remoteGone(participantId: string): void;
  /** The media server put this participant out, or the session ended: media has stopped. */
  lost(reason: string): void;
}

interface Subscription extends LayerRequest {
  /** The publisher's id at Janus: the participant id and the suffix the server gave it. */
  feed: string;
  handle: number;
  pc: RTCPeerConnection;
  stream: MediaStream;
  /** The subscription's video m-line, which a layer or pause request names. */
  videoMid: string | null;
}

/** The video m-line's mid in a subscription's `attached` event. */
const videoMidOf = (data: Record<string, unknown>): string | null => {
  const streams = Array.isArray(data.streams) ? (data.streams as unknown[]) : [];
  for (const entry of streams) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { type, mid } = entry as { type?: unknown; mid?: unknown };
    if (type === 'video' && typeof mid === 'string') return mid;
  }
  return null;
};

/** A subscription that failed, or that Janus hung up, is tried again this much later while its publisher is there. */
const RESUBSCRIBE_MS = 2000;

/**
 * A layer request that failed, or that Janus overshot (layerRequestDue), is made again this much later,
 * and each time after twice as long.
 */
const LAYER_RETRY_MS = 1500;

/** The participant a Janus publisher id belongs to (the part before the suffix), or null for an id no member was given. */
const participantOf = (feed: string): string | null => {
  const dot = feed.indexOf('.');
  return dot > 0 ? feed.slice(0, dot) : null;
};

const publisherIds = (data: Record<string, unknown>): string[] => {
  const list = Array.isArray(data.publishers) ? (data.publishers as unknown[]) : [];
  return list.flatMap((entry) => {
    const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
    return typeof id === 'string' ? [id] : [];
  });
};

export class SfuMedia {
  private publisher = 0;
  private privateId: number | undefined;
  private readonly pc: RTCPeerConnection;
  private readonly audio: RTCRtpTransceiver;
  private readonly video: RTCRtpTransceiver;
  /** By participant id. */
  private readonly subscriptions = new Map<string, Subscription>();
  /** Who publishes now, by participant id: the feed each publishes under. */
  private readonly publishers = new Map<string, string>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  /** Layer requests are to be made again at `at` (one timer for all subscriptions). */
  private layerRetry: { timer: ReturnType<typeof setTimeout>; at: number } | null = null;
  private iceServers: RTCIceServer[];
  /** What the screen shows: the video of tiles off it is paused (their sound goes on), a pinned tile's is full size. */
  private view: TileView = EVERY_TILE;
  private closed = false;

  private constructor(
    private readonly session: JanusSession,
    private readonly access: MediaServerAccess,
    iceServers: RTCIceServer[],
    tracks: LocalTracks,
    private readonly events: SfuMediaEvents,
  ) {
    this.iceServers = iceServers;
    this.pc = new RTCPeerConnection({ iceServers });
    this.audio = this.pc.addTransceiver(tracks.audio ?? 'audio', { direction: 'sendonly' });
    this.video = this.pc.addTransceiver(tracks.video ?? 'video', { direction: 'sendonly', sendEncodings: SIMULCAST_LAYERS.map((layer) => ({ ...layer })) });
  }

  /** Joins the room's media as `access.id` and publishes `tracks`; rejects if the media server refuses. */
  static async start(access: MediaServerAccess, iceServers: RTCIceServer[], tracks: LocalTracks, events: SfuMediaEvents): Promise<SfuMedia> {
    let media: SfuMedia | null = null;
    const session = await JanusSession.open(access.url, access.token, (reason) => {
      media?.fail(reason);
    });
    try {
      media = new SfuMedia(session, access, iceServers, tracks, events);
      await media.publish();
      return media;
    } catch (error) {
      media?.close();
      session.close();
      throw error;
    }
  }

  /** The camera or microphone changed (a device switch, or turned off): the publisher sends the new one. */
  setLocalTracks(tracks: LocalTracks): void {
    void this.audio.sender.replaceTrack(tracks.audio).catch((error: unknown) => reportError('room: media server microphone', error));
    void this.video.sender.replaceTrack(tracks.video).catch((error: unknown) => reportError('room: media server camera', error));
  }

  /** Without the full-size layer (a Separate recording wants the camera's encoder to itself), or with it again. */
  limitVideo(limited: boolean): void {
    const { sender } = this.video;
    const parameters = sender.getParameters();
    const full = parameters.encodings.find((encoding) => encoding.rid === SIMULCAST_LAYERS[0]?.rid);
    if (!full || full.active === !limited) return;
    full.active = !limited;
    void sender.setParameters(parameters).catch((error: unknown) => reportError('room: media server layers', error));
  }

  /** The room says this participant left: stop receiving them now, not only when Janus says so too. */
  forget(participantId: string): void {
    this.publishers.delete(participantId);
    this.unsubscribe(participantId, false);
    this.chooseLayers();
  }

  /** Fresh TURN credentials: every connection uses them from its next ICE gathering on. */
  setIceServers(iceServers: RTCIceServer[]): void {
    this.iceServers = iceServers;
    for (const pc of [this.pc, ...[...this.subscriptions.values()].map((s) => s.pc)]) pc.setConfiguration({ ...pc.getConfiguration(), iceServers });
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const id of [...this.subscriptions.keys()]) this.unsubscribe(id, false);
    this.pc.close();
    this.session.close();
  }

  private fail(reason: string): void {
    if (this.closed) return;
    this.close();
    this.events.lost(reason);
  }

  private async publish(): Promise<void> {
    const listener: HandleListener = {
      event: (data) => {
        this.onPublisherEvent(data);
      },
      gone: (reason) => {
        this.fail(reason);
      },
    };
    this.publisher = await this.session.attach(listener);
    this.pc.onicecandidate = ({ candidate }) => {
      this.session.trickle(this.publisher, candidate);
    };
    const { access } = this;
    const joined = await this.session.request(this.publisher, { request: 'join', ptype: 'publisher', room: access.room, id: access.id, display: access.id, token: access.token });
    this.privateId = typeof joined.data.private_id === 'number' ? joined.data.private_id : undefined;
    const offer = await this.pc.createOffer();
    await this.pc.setLocalDescription(offer);
    const published = await this.session.request(this.publisher, { request: 'publish' }, offer);
    if (!published.jsep) throw new Error('The media server sent no answer to the published media.');
    await this.pc.setRemoteDescription(published.jsep);
    this.follow(publisherIds(joined.data));
  }

  private onPublisherEvent(data: Record<string, unknown>): void {
    if (data.leaving === 'ok' && data.reason === 'kicked') {
      this.fail('kicked');
      return;
    }
    for (const key of ['leaving', 'unpublished', 'kicked'] as const) {
      const feed = data[key];
      const id = typeof feed === 'string' ? participantOf(feed) : null;
      if (id === null || this.publishers.get(id) !== feed) continue;
      this.publishers.delete(id);
      this.unsubscribe(id, true);
    }
    this.follow(publisherIds(data));
  }

  /** Subscribes to publishers not yet followed (a participant back under a new session replaces its old subscription). */
  private follow(feeds: readonly string[]): void {
    for (const feed of feeds) {
      const id = participantOf(feed);
      if (id === null || feed === this.access.id) continue;
      this.publishers.set(id, feed);
      const current = this.subscriptions.get(id);
      if (current?.feed === feed) continue;
      if (current) this.unsubscribe(id, false);
      const subscription: Subscription = { feed, handle: 0, pc: new RTCPeerConnection({ iceServers: this.iceServers }), stream: new MediaStream(), videoMid: null, asked: null, relaying: null, failed: false, tries: 0 };
      this.subscriptions.set(id, subscription);
      void this.subscribe(id, subscription).catch((error: unknown) => {
        if (!this.closed) reportError('room: subscribe through the media server', error);
        this.retry(id, subscription);
      });
    }
  }

  /** Drops a subscription that failed and, while its publisher is still there, subscribes again a little later. */
  private retry(id: string, subscription: Subscription): void {
    if (this.closed || this.subscriptions.get(id) !== subscription) return;
    this.unsubscribe(id, true);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      const feed = this.publishers.get(id);
      if (feed === subscription.feed && !this.subscriptions.has(id)) this.follow([feed]);
    }, RESUBSCRIBE_MS);
    this.timers.add(timer);
  }

  private async subscribe(id: string, subscription: Subscription): Promise<void> {
    const { pc, stream } = subscription;
    pc.ontrack = ({ track }) => {
      if (!stream.getTracks().includes(track)) stream.addTrack(track);
      this.events.remoteStream(id, stream);
    };
    const handle = await this.session.attach({
      event: (data) => {
        this.onSubscriberEvent(subscription, data);
      },
      gone: () => {
        this.retry(id, subscription);
      },
    });
    subscription.handle = handle;
    if (this.subscriptions.get(id) !== subscription) {
      await this.session.detach(handle);
      return;
    }
    pc.onicecandidate = ({ candidate }) => {
      this.session.trickle(handle, candidate);
    };
    const { access } = this;
    const attached = await this.session.request(handle, {
      request: 'join',
      ptype: 'subscriber',
      room: access.room,
      streams: [{ feed: subscription.feed }],
      token: access.token,
      ...(this.privateId === undefined ? {} : { private_id: this.privateId }),
    });
    subscription.videoMid = videoMidOf(attached.data);
    await this.answer(pc, handle, attached.jsep);
    this.chooseLayers();
  }

  private async answer(pc: RTCPeerConnection, handle: number, offer: Jsep | undefined): Promise<void> {
    if (!offer) throw new Error('The media server sent no offer for a subscription.');
    await pc.setRemoteDescription(offer);
    const answer = await pc.createAnswer();
    await pc.setLocalDescription(answer);
    await this.session.request(handle, { request: 'start' }, answer);
  }

  /** The screen now shows `view`: each subscription takes the layer its tile needs. */
  show(view: TileView): void {
    this.view = view;
    this.chooseLayers();
  }

  /**
   * Small tiles take a small layer and a pinned one the full layer (layersFor); video nobody sees is
   * paused at Janus (its sound still comes).
   */
  private chooseLayers(): void {
    const layers = layersFor([...this.subscriptions.keys()], this.view);
    for (const [id, subscription] of this.subscriptions) {
      const layer = layers.get(id);
      if (!subscription.handle || subscription.videoMid === null || layer === undefined) continue;
      if (subscription.asked === layer) continue;
      subscription.asked = layer;
      subscription.tries = 0;
      this.askLayer(subscription);
    }
    // Janus may already relay more than a new request asks, and say nothing more if it stays there.
    this.retryLayersSoon();
  }

  /** Sends Janus what `subscription.asked` says. */
  private askLayer(subscription: Subscription): void {
    const { asked, videoMid: mid } = subscription;
    if (asked === null || mid === null) return;
    subscription.tries += 1;
    subscription.failed = false;
    const stream = asked === 'off' ? { mid, send: false } : { mid, send: true, substream: asked };
    void this.session.request(subscription.handle, { request: 'configure', streams: [stream] }).catch((error: unknown) => {
      if (this.closed) return;
      reportError('room: choose what the media server sends', error);
      // A newer request replaced this one: that one's answer decides.
      if (subscription.asked !== asked) return;
      subscription.failed = true;
      this.retryLayersSoon();
    });
  }

  /** Janus tells a subscription which layer it relays now. */
  private onSubscriberEvent(subscription: Subscription, data: Record<string, unknown>): void {
    if (typeof data.substream !== 'number' || data.mid !== subscription.videoMid) return;
    subscription.relaying = data.substream;
    this.retryLayersSoon();
  }

  /**
   * Makes again, a little later, the layer requests that failed or that Janus overshot, a few times
   * at most (layerRequestDue): a request made again has Janus ask the sender for key frames again, and
   * Janus reports the layer it switches to.
   */
  private retryLayersSoon(): void {
    if (this.closed) return;
    const due = [...this.subscriptions.values()].filter(layerRequestDue);
    if (due.length === 0) return;
    // The request made again the fewest times sets the wait: a new one is not held behind an old one's long wait.
    const tries = Math.min(...due.map((subscription) => subscription.tries));
    const delay = LAYER_RETRY_MS * 2 ** Math.max(0, tries - 1);
    const at = Date.now() + delay;
    if (this.layerRetry) {
      if (this.layerRetry.at <= at) return;
      clearTimeout(this.layerRetry.timer);
      this.timers.delete(this.layerRetry.timer);
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.layerRetry = null;
      for (const subscription of this.subscriptions.values()) if (layerRequestDue(subscription)) this.askLayer(subscription);
      this.retryLayersSoon();
    }, delay);
    this.layerRetry = { timer, at };
    this.timers.add(timer);
  }

  private unsubscribe(id: string, announce: boolean): void {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return;
    this.subscriptions.delete(id);
    subscription.pc.close();
    for (const track of subscription.stream.getTracks()) track.stop();
    if (subscription.handle) void this.session.detach(subscription.handle);
    if (announce) {
      this.events.remoteGone(id);
      this.chooseLayers();
    }
  }
}
