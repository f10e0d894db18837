/**
 * The media servers of a deployment (docs/scaling.md): one Janus carries each room, and rooms are
 * spread over however many there are. A room is placed when it is created, by rendezvous hashing of
 * its id over the servers' names, and the name is stored with the room, so every node finds the same
 * server for it, and adding a server later moves no live room.
 */
import { createHash } from 'node:crypto';
import { MediaServer, type MediaServerConfig } from './media-server';

/** What a room's stored state says about its media (the authority's `mediaServer` and room id). */
export interface PlacedRoom {
  roomId: string;
  mediaServer?: string;
}

const weight = (roomId: string, name: string): bigint => createHash('sha256').update(`${name}\n${roomId}`).digest().readBigUInt64BE(0);

/** The name among `names` that `roomId` goes to: the highest weight, so removing a name moves only its own rooms. */
export function placeRoom(roomId: string, names: readonly string[]): string {
  let best: { name: string; weight: bigint } | null = null;
  for (const name of names) {
    const w = weight(roomId, name);
    if (!best || w > best.weight || (w === best.weight && name < best.name)) best = { name, weight: w };
  }
  if (!best) throw new Error('no media server to place a room on');
  return best.name;
}

export class MediaServers {
  private readonly servers: ReadonlyMap<string, MediaServer>;

  /** Each server is named by its Janus API address, which is what stays the same across restarts. */
  constructor(configs: readonly MediaServerConfig[]) {
    if (configs.length === 0) throw new Error('at least one media server');
    this.servers = new Map(configs.map((config) => [config.url, new MediaServer(config)]));
    if (this.servers.size !== configs.length) throw new Error('two media servers with the same JANUS_URL');
  }

  /** The server a new room goes to. */
  place(roomId: string): string {
    return placeRoom(roomId, [...this.servers.keys()]);
  }

  /**
   * The server carrying `room`; null if the one it was placed on is no longer configured. A room
   * stored with no name was created when a deployment had one server: it stays on the first listed,
   * which a deployment adding servers keeps first.
   */
  of(room: PlacedRoom): MediaServer | null {
    if (room.mediaServer === undefined) return this.servers.values().next().value ?? null;
    return this.servers.get(room.mediaServer) ?? null;
  }

  all(): MediaServer[] {
    return [...this.servers.values()];
  }

  async close(): Promise<void> {
    await Promise.all([...this.servers.values()].map((server) => server.close()));
  }
}
