/**
 * A room's access to the media server (Janus's VideoRoom), decided by our signaling server alone
 * (docs/sfu.md). Everything is derived from one secret, so any node of a Redis-shared deployment can
 * grant or take back what another node granted, with nothing more stored:
 *
 * - the Janus room is `framecast-<room id>`, created private, with a secret and an allow-list, and
 *   subscriptions tied to a publisher's private id (so kicking a publisher ends what it receives too);
 * - each member's token is an HMAC of the room and its participant id: stored in Janus (core token
 *   auth) and in the room's allow-list while the member stays, removed the moment it goes.
 */
import { createHmac } from 'node:crypto';
import { MAX_MEDIA_SERVER_PARTICIPANTS, type MediaServerAccess } from '../../src/protocol';
import { JanusApi, JanusError, VIDEOROOM_NO_SUCH_FEED, VIDEOROOM_NO_SUCH_ROOM, VIDEOROOM_ROOM_EXISTS, type JanusEndpoints } from './janus-api';

export interface MediaServerConfig extends JanusEndpoints {
  /** What browsers connect to (Janus's WebSocket transport), e.g. wss://media.example.com/janus-ws. */
  publicUrl: string;
}

const JANUS_ROOM_PREFIX = 'framecast-';

export class MediaServer {
  private readonly api: JanusApi;

  constructor(private readonly config: MediaServerConfig) {
    this.api = new JanusApi(config);
  }

  get publicUrl(): string {
    return this.config.publicUrl;
  }

  janusRoom(roomId: string): string {
    return `${JANUS_ROOM_PREFIX}${roomId}`;
  }

  private derive(purpose: string): string {
    return createHmac('sha256', this.config.secret).update(purpose).digest('base64url');
  }

  private roomSecret(roomId: string): string {
    return this.derive(`room-secret\n${roomId}`);
  }

  tokenFor(roomId: string, participantId: string): string {
    return this.derive(`participant\n${roomId}\n${participantId}`);
  }

  /**
   * The id a member publishes under: its participant id and a suffix only it is given. Janus lets a
   * valid token join under any free id, so without the suffix one member could take another's id
   * before that one connects, be shown as them, and survive their own kick under it.
   */
  janusId(roomId: string, participantId: string): string {
    return `${participantId}.${this.derive(`janus-id\n${roomId}\n${participantId}`).slice(0, 16)}`;
  }

  /**
   * Gives a member of `roomId` its access, creating the Janus room on first use: enough to join the
   * room's media as itself, and nothing else. Whoever holds its id now (its own stale publisher from
   * before a reconnect, or someone who learnt the id) is put out first.
   */
  async grant(roomId: string, participantId: string): Promise<MediaServerAccess> {
    const room = this.janusRoom(roomId);
    const token = this.tokenFor(roomId, participantId);
    const id = this.janusId(roomId, participantId);
    await this.ensureRoom(roomId);
    await this.api.addToken(token);
    await this.api.videoroom({ request: 'allowed', room, secret: this.roomSecret(roomId), action: 'add', allowed: [token] });
    if ((await this.participants(roomId)).includes(id)) await this.kick(roomId, id);
    return { url: this.config.publicUrl, room, id, token };
  }

  /**
   * Takes a participant's access back: it can no longer join the room, every publisher in the Janus
   * room that is not one of the `members` who remain is kicked (with the subscriptions tied to it),
   * and its token stops working for any new request.
   */
  async revoke(roomId: string, participantId: string, members: readonly string[]): Promise<void> {
    const token = this.tokenFor(roomId, participantId);
    // First out of the room's allow-list, so nothing rejoins between the kick and the token's end.
    try {
      await this.api.videoroom({ request: 'allowed', room: this.janusRoom(roomId), secret: this.roomSecret(roomId), action: 'remove', allowed: [token] });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === VIDEOROOM_NO_SUCH_ROOM)) throw error;
    }
    await this.keepOnly(roomId, members.filter((id) => id !== participantId));
    await this.api.removeToken(token);
  }

  /** Kicks every publisher of the Janus room (or of those `present`, listed already) but the `members`' own ids. */
  async keepOnly(roomId: string, members: readonly string[], present?: readonly string[]): Promise<void> {
    const keep = new Set(members.map((id) => this.janusId(roomId, id)));
    for (const id of present ?? (await this.participants(roomId))) if (!keep.has(id)) await this.kick(roomId, id);
  }

  /** Ends this server's own Janus session, so Janus does not keep it until it times out. */
  close(): Promise<void> {
    return this.api.close();
  }

  /** The room is over: every member's token goes, then the Janus room with everyone still in it. */
  async closeRoom(roomId: string, members: readonly string[]): Promise<void> {
    for (const id of members) await this.api.removeToken(this.tokenFor(roomId, id));
    try {
      await this.api.videoroom({ request: 'destroy', room: this.janusRoom(roomId), secret: this.roomSecret(roomId) });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === VIDEOROOM_NO_SUCH_ROOM)) throw error;
    }
  }

  /** The rooms (our room ids) that have a Janus room here. */
  async rooms(): Promise<string[]> {
    const data = await this.api.videoroom({ request: 'list', admin_key: this.config.secret });
    const list = Array.isArray(data.list) ? (data.list as unknown[]) : [];
    return list.flatMap((entry) => {
      const room = typeof entry === 'object' && entry !== null ? (entry as { room?: unknown }).room : undefined;
      return typeof room === 'string' && room.startsWith(JANUS_ROOM_PREFIX) ? [room.slice(JANUS_ROOM_PREFIX.length)] : [];
    });
  }

  /** Every token Janus holds (this Janus serves Framecast alone: each is one a grant stored). */
  tokens(): Promise<string[]> {
    return this.api.listTokens();
  }

  /** Takes a token out of Janus; false when it was not there. */
  removeToken(token: string): Promise<boolean> {
    return this.api.removeToken(token);
  }

  /** The ids of everyone publishing or joined as a publisher in the Janus room (none if there is no room). */
  async participants(roomId: string): Promise<string[]> {
    try {
      const data = await this.api.videoroom({ request: 'listparticipants', room: this.janusRoom(roomId) });
      const list = Array.isArray(data.participants) ? (data.participants as unknown[]) : [];
      return list.flatMap((entry) => {
        const id = typeof entry === 'object' && entry !== null ? (entry as { id?: unknown }).id : undefined;
        return typeof id === 'string' ? [id] : [];
      });
    } catch (error) {
      if (error instanceof JanusError && error.code === VIDEOROOM_NO_SUCH_ROOM) return [];
      throw error;
    }
  }

  private async kick(roomId: string, id: string): Promise<void> {
    try {
      await this.api.videoroom({ request: 'kick', room: this.janusRoom(roomId), secret: this.roomSecret(roomId), id });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === VIDEOROOM_NO_SUCH_FEED)) throw error;
    }
  }

  private async ensureRoom(roomId: string): Promise<void> {
    try {
      await this.api.videoroom({
        request: 'create',
        admin_key: this.config.secret,
        room: this.janusRoom(roomId),
        secret: this.roomSecret(roomId),
        is_private: true,
        permanent: false,
        allowed: [],
        require_pvtid: true,
        publishers: MAX_MEDIA_SERVER_PARTICIPANTS,
        // Simulcast needs VP8 (or H.264); Opus for sound, as the mesh sends.
        videocodec: 'vp8',
        audiocodec: 'opus',
        notify_joining: true,
      });
    } catch (error) {
      if (!(error instanceof JanusError && error.code === VIDEOROOM_ROOM_EXISTS)) throw error;
    }
  }
}
