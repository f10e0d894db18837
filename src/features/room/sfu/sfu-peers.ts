/**
 * The room's connections when its media goes through a media server (docs/sfu.md). Cameras and
 * microphones go through Janus (SfuMedia); the data channels the room already relies on (media
 * states, screen sharing news, the podcast tracks on their way to the host) stay on the direct mesh,
 * which then sends no media. The session drives it exactly as it drives the mesh.
 */
import { ROOM_ERRORS, type MediaServerAccess } from '../../../protocol';
import { reportError } from '../../../shared/report-error';
import type { CallVideoLimit } from '../peers/call-video-limit';
import type { PeerMessage } from '../peers/data-messages';
import type { LocalTracks } from '../peers/peer-link';
import { RoomPeers, type RoomPeersDeps } from '../peers/room-peers';
import { SfuMedia } from './sfu-media';
import { EVERY_TILE, type TileView } from '../tile-view';

/** How the peers ask the signaling server for this member's access, and what it answers. */
export type AccessRequest = () => Promise<{ success: boolean; error?: string; access?: MediaServerAccess }>;

/** Between attempts to reach the media server after a refusal or a lost session: 3 s, doubling to 30 s. */
const RETRY_MS = { first: 3000, most: 30_000 };

export class SfuPeers {
  private readonly mesh: RoomPeers;
  private media: SfuMedia | null = null;
  private tracks: LocalTracks = { audio: null, video: null };
  private view: TileView = EVERY_TILE;
  private limited = false;
  private iceServers: RTCIceServer[];
  private retry: ReturnType<typeof setTimeout> | undefined;
  private failures = 0;
  /**
   * Streams from the media server by participant, kept until the room knows the participant: Janus
   * can announce a publisher before the signaling server's news that they joined arrives.
   */
  private readonly streams = new Map<string, MediaStream>();
  /** A session is being opened (or waits to be tried again): nothing starts a second one. */
  private connecting = false;
  private closed = false;
  /** The last problem told to the user, so a retry that fails the same way is not told again. */
  private toldProblem: string | null = null;

  constructor(
    private readonly deps: RoomPeersDeps,
    private readonly requestAccess: AccessRequest,
  ) {
    this.mesh = new RoomPeers({ ...deps, carriesMedia: false });
    this.iceServers = deps.iceServers;
  }

  /** Whatever the page holds now is published once the media server session is up. */
  setLocalTracks(tracks: LocalTracks): void {
    this.tracks = { ...tracks };
    if (this.media) this.media.setLocalTracks(tracks);
    else this.connect();
  }

  /** The call keeps the half and quarter layers while a Separate recording takes the camera's full size. */
  limitVideo(limit: CallVideoLimit | null): void {
    this.limited = limit !== null;
    this.media?.limitVideo(this.limited);
  }

  /** What the screen shows, for the layers the media server sends; kept for a session opened later. */
  showTiles(view: TileView): void {
    this.view = view;
    this.media?.show(view);
  }

  broadcast(message: PeerMessage): void {
    this.mesh.broadcast(message);
  }

  openChannel(participantId: string, label: string): RTCDataChannel | null {
    return this.mesh.openChannel(participantId, label);
  }

  add(participantId: string): void {
    this.mesh.add(participantId);
    const stream = this.streams.get(participantId);
    if (stream) this.showStream(participantId, stream);
  }

  remove(participantId: string): void {
    this.mesh.remove(participantId);
    this.streams.delete(participantId);
    this.media?.forget(participantId);
  }

  handleSignal(signal: Parameters<RoomPeers['handleSignal']>[0]): void {
    this.mesh.handleSignal(signal);
  }

  setIceServers(iceServers: RTCIceServer[]): void {
    this.iceServers = iceServers;
    this.mesh.setIceServers(iceServers);
    this.media?.setIceServers(iceServers);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.retry);
    this.media?.close();
    this.media = null;
    this.mesh.close();
  }

  private connect(): void {
    if (this.connecting || this.closed || this.media) return;
    this.connecting = true;
    this.start()
      .then(() => {
        this.connecting = false;
      })
      .catch((error: unknown) => {
        if (this.closed) return;
        this.tell(error instanceof Error ? error.message : String(error));
        const delay = Math.min(RETRY_MS.most, RETRY_MS.first * 2 ** this.failures);
        this.failures += 1;
        this.retry = setTimeout(() => {
          this.connecting = false;
          this.connect();
        }, delay);
      });
  }

  private async start(): Promise<void> {
    const answer = await this.requestAccess();
    if (this.closed) return;
    if (!answer.success || !answer.access) throw new Error(answer.error ?? ROOM_ERRORS.mediaServerDown);
    const { store } = this.deps;
    const media = await SfuMedia.start(answer.access, this.iceServers, this.tracks, {
      remoteStream: (id, stream) => {
        this.streams.set(id, stream);
        this.showStream(id, stream);
      },
      remoteGone: (id) => {
        this.streams.delete(id);
        if (store.room.participants.some((p) => p.id === id)) store.setStream(id, null);
      },
      lost: (reason) => {
        this.media = null;
        this.streams.clear();
        if (this.closed) return;
        // Kicked by the media server while still a member (a stale take-back): ask again. If the room
        // really removed us, the signaling server refuses and its own news ends the session.
        if (reason !== 'kicked') reportError('room: media server session lost', reason);
        this.connect();
      },
    });
    // Closed while the session opened (TypeScript keeps the check above across the await).
    if (this.isClosed()) {
      media.close();
      return;
    }
    this.media = media;
    this.failures = 0;
    media.setLocalTracks(this.tracks);
    media.show(this.view);
    media.limitVideo(this.limited);
    if (this.toldProblem) this.deps.notify({ title: 'Media Server', message: 'Connected to the media server again.', tone: 'success' });
    this.toldProblem = null;
  }

  /** A participant's stream reaches the tiles and the recorder once the room knows them (an unknown id is nobody's). */
  private showStream(id: string, stream: MediaStream): void {
    const { store, onRemoteStream } = this.deps;
    if (!store.room.participants.some((p) => p.id === id)) return;
    store.setStream(id, stream);
    onRemoteStream(id);
  }

  private isClosed(): boolean {
    return this.closed;
  }

  private tell(problem: string): void {
    if (this.toldProblem === problem) return;
    this.toldProblem = problem;
    this.deps.notify({ title: 'Media Server', message: problem, tone: 'error' });
  }
}
