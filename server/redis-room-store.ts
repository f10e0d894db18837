import type { Change, RoomRecord, RoomStore } from './room-store';

/** The few commands the store uses, as node-redis's client offers them. */
export interface RedisCommands {
  get(key: string): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
  scanIterator(options: { MATCH: string; COUNT: number }): AsyncIterable<string | string[]>;
}

const KEY_PREFIX = 'framecast:room:';
/** A room nobody touched for a day is gone (a crashed fleet never leaves rooms behind for good). */
const ROOM_TTL_SECONDS = 24 * 3600;
/** Concurrent changes to one room retry; this many conflicts in a row means something is wrong. */
const MAX_ATTEMPTS = 50;

/**
 * Compare-and-set in one step on the Redis server: the change is written only if the room is still
 * exactly what it was read as; otherwise nothing is written and the caller reads again.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) end
return 1`;

/**
 * Rooms shared by every signaling node through Redis. Each change reads the room, runs the same pure
 * change function as the in-memory store, and writes it back only if nobody changed the room meanwhile
 * (optimistic concurrency), so two first joins racing on two nodes still give one host.
 */
export class RedisRoomStore implements RoomStore {
  constructor(private readonly client: RedisCommands) {}

  async update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T> {
    const key = KEY_PREFIX + roomId;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const raw = await this.client.get(key);
      const { record, result } = change(raw ? (JSON.parse(raw) as RoomRecord) : null);
      const written = await this.client.eval(COMPARE_AND_SET, {
        keys: [key],
        arguments: [raw ?? '', record ? JSON.stringify(record) : '', String(ROOM_TTL_SECONDS)],
      });
      if (written === 1) return result;
    }
    throw new Error(`Room ${roomId} kept changing under ${String(MAX_ATTEMPTS)} attempts`);
  }

  async get(roomId: string): Promise<RoomRecord | null> {
    const raw = await this.client.get(KEY_PREFIX + roomId);
    return raw ? (JSON.parse(raw) as RoomRecord) : null;
  }

  async size(): Promise<number> {
    let count = 0;
    for await (const keys of this.client.scanIterator({ MATCH: `${KEY_PREFIX}*`, COUNT: 1000 })) {
      // Batches of keys (node-redis 5 and later), or single keys (earlier).
      count += Array.isArray(keys) ? keys.length : 1;
    }
    return count;
  }

  close(): Promise<void> {
    // The clients belong to the server that made them (they also carry the socket.io adapter).
    return Promise.resolve();
  }
}
