import { randomBytes } from 'node:crypto';
import { ClientOfflineError } from 'redis';
import { KeyedQueue } from './keyed-queue';
import { nextDeadline, nodesTakingPlaces, type RoomRecord } from './room-record';
import type { Change, RoomStore, SilentNode } from './room-store';
import { StoreBusyError, StoreUnavailableError } from './store-errors';

/** The one command the store sends, as node-redis's client offers it. */
export interface RedisCommands {
  sendCommand(args: string[]): Promise<unknown>;
}

const ROOM_PREFIX = 'framecast:room:';
const DEADLINES = 'framecast:deadlines';
const NODES = 'framecast:nodes';
const NODE_ROOMS_PREFIX = 'framecast:node-rooms:';
/** A room nobody touched for a day is gone, whatever else happened. */
const ROOM_TTL_SECONDS = 24 * 3600;
/**
 * Another node changed the room between our read and our write this many times in a row: give this one
 * request up with a clear refusal. One node never races itself (its changes to a room are queued), so
 * conflicts only come from other nodes, and a handful of retries with random waits settles them.
 */
const MAX_ATTEMPTS = 12;
const MAX_BACKOFF_MS = 80;
/** A Redis that does not answer within this is treated as unreachable for this request. */
const COMMAND_TIMEOUT_MS = 3000;
/**
 * How long a write whose answer was lost may take to learn whether it was made, beyond its own
 * COMMAND_TIMEOUT_MS and the read before it: together under the app's 10 s wait for an answer.
 */
const LANDED_WAIT_MS = 3500;
/** The last writes' ids kept in a room's record, so a write can tell it was made even after others followed it. */
const WRITES_KEPT = 8;

/**
 * Compare-and-set in one step on the Redis server, with the room's deadline: the change is written
 * only if the room is still exactly what it was read as; otherwise nothing is written and the caller
 * reads again. The nodes taking a place with it (KEYS[3] on) list the room as theirs in the same step.
 */
const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if (current or '') ~= ARGV[1] then return 0 end
if ARGV[2] == '' then redis.call('DEL', KEYS[1]) else redis.call('SET', KEYS[1], ARGV[2], 'EX', ARGV[3]) end
if ARGV[4] == '' then redis.call('ZREM', KEYS[2], ARGV[5]) else redis.call('ZADD', KEYS[2], ARGV[4], ARGV[5]) end
for i = 3, #KEYS do
  redis.call('SADD', KEYS[i], ARGV[5])
  redis.call('EXPIRE', KEYS[i], ARGV[3])
end
return 1`;

/** Hands a silent node's rooms to exactly one caller: whoever removes it from the set of nodes. */
const CLAIM_NODE = `
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return false end
local rooms = redis.call('SMEMBERS', KEYS[2])
redis.call('DEL', KEYS[2])
return rooms`;

const HEARTBEAT = `
local listed = redis.call('ZSCORE', KEYS[1], ARGV[2])
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[2])
if listed then return 1 end
return 0`;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A stored room, or null when there is none or it cannot be read as a room of this version. */
/** A room as stored: the record, and the ids of the last writes that made it (see compareAndSet). */
type StoredRecord = RoomRecord & { writes?: unknown };

const writesOf = (record: StoredRecord | null): string[] => (Array.isArray(record?.writes) ? record.writes.filter((id): id is string => typeof id === 'string') : []);

function parseRecord(raw: string | null): StoredRecord | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RoomRecord> | null;
    const isObject = (v: unknown) => typeof v === 'object' && v !== null;
    return value && isObject(value.authority) && isObject(value.tokens) && isObject(value.presence) ? (value as StoredRecord) : null;
  } catch {
    return null;
  }
}

/**
 * Rooms shared by every signaling node through Redis. Each change reads the room, runs the same pure
 * change function as the in-memory store, and writes it back (with its deadline) only if nobody changed
 * the room meanwhile, so two first joins racing on two nodes still give one host. Every failure to
 * reach Redis becomes a StoreUnavailableError: the caller refuses that one request and carries on.
 */
export class RedisRoomStore implements RoomStore {
  private readonly queue = new KeyedQueue();

  constructor(private readonly client: RedisCommands) {}

  private async command(args: string[], timeoutMs = COMMAND_TIMEOUT_MS): Promise<unknown> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        this.client.sendCommand(args),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`Redis did not answer ${args[0] ?? ''} within ${String(timeoutMs)} ms`)), timeoutMs);
        }),
      ]);
    } catch (error) {
      throw new StoreUnavailableError(error);
    } finally {
      clearTimeout(timer);
    }
  }

  update<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T> {
    return this.queue.run(roomId, () => this.compareAndSet(roomId, change));
  }

  private async compareAndSet<T>(roomId: string, change: (record: RoomRecord | null) => Change<T>): Promise<T> {
    const key = ROOM_PREFIX + roomId;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (attempt > 0) await sleep(Math.random() * Math.min(MAX_BACKOFF_MS, 5 * 2 ** attempt));
      const raw = (await this.command(['GET', key])) as string | null;
      const before = parseRecord(raw);
      const { record, result } = change(before);
      // Written even when unchanged: the sweep relies on that to correct a stale deadline, or drop the
      // deadline of a room that is gone. A refused request gives nobody a place, so lists no node.
      const takers = nodesTakingPlaces(before, record).map((node) => NODE_ROOMS_PREFIX + node);
      const deadline = record ? nextDeadline(record) : null;
      const writeId = randomBytes(9).toString('base64url');
      let written: unknown;
      try {
        written = await this.command([
          'EVAL',
          COMPARE_AND_SET,
          String(2 + takers.length),
          key,
          DEADLINES,
          ...takers,
          raw ?? '',
          record ? JSON.stringify({ ...record, writes: [writeId, ...writesOf(before)].slice(0, WRITES_KEPT) }) : '',
          String(ROOM_TTL_SECONDS),
          deadline === null ? '' : String(deadline),
          roomId,
        ]);
      } catch (error) {
        // Sent, the script may have run though its answer was lost (a stalled Redis answers late, a
        // dropped connection never): the caller must then deliver what it decided, or the room is
        // changed and nobody is told (a guest let in who never hears it, a host gone and the room not
        // ended). Not sent at all (Redis known away), it did not run.
        if (!(error instanceof StoreUnavailableError && error.cause instanceof ClientOfflineError) && (await this.made(key, record ? writeId : null))) return result;
        throw error;
      }
      if (written === 1) return result;
    }
    throw new StoreBusyError(roomId);
  }

  /**
   * Whether the write `writeId` (null: a deletion) was made. Redis answers one connection in order and
   * the client sends nothing while disconnected, so the first read answered after the write saw it if
   * it ran at all. Throws, as unreachable, when no read is answered within LANDED_WAIT_MS.
   */
  private async made(key: string, writeId: string | null): Promise<boolean> {
    const until = Date.now() + LANDED_WAIT_MS;
    for (;;) {
      try {
        const raw = (await this.command(['GET', key], Math.max(1, Math.min(COMMAND_TIMEOUT_MS, until - Date.now())))) as string | null;
        return writeId === null ? raw === null : writesOf(parseRecord(raw)).includes(writeId);
      } catch (error) {
        if (Date.now() >= until) throw error;
        await sleep(250);
      }
    }
  }

  async get(roomId: string): Promise<RoomRecord | null> {
    return parseRecord((await this.command(['GET', ROOM_PREFIX + roomId])) as string | null);
  }

  async due(now: number, limit: number): Promise<string[]> {
    return (await this.command(['ZRANGEBYSCORE', DEADLINES, '-inf', String(now), 'LIMIT', '0', String(limit)])) as string[];
  }

  async heartbeat(node: string, now: number): Promise<boolean> {
    return (await this.command(['EVAL', HEARTBEAT, '1', NODES, String(now), node])) === 1;
  }

  async claimSilentNodes(before: number): Promise<SilentNode[]> {
    const silent = (await this.command(['ZRANGEBYSCORE', NODES, '-inf', String(before), 'LIMIT', '0', '10'])) as string[];
    const claimed: SilentNode[] = [];
    for (const node of silent) {
      const rooms = (await this.command(['EVAL', CLAIM_NODE, '2', NODES, NODE_ROOMS_PREFIX + node, node])) as string[] | null;
      if (rooms) claimed.push({ node, rooms });
    }
    return claimed;
  }

  async size(): Promise<number> {
    let count = 0;
    let cursor = '0';
    do {
      const [next, keys] = (await this.command(['SCAN', cursor, 'MATCH', `${ROOM_PREFIX}*`, 'COUNT', '1000'])) as [string, string[]];
      count += keys.length;
      cursor = next;
    } while (cursor !== '0');
    return count;
  }

  async close(): Promise<void> {
    // The clients belong to the server that made them (they also carry the socket.io adapter).
    await this.queue.idle();
  }
}
