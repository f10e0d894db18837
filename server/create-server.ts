import { randomUUID } from 'node:crypto';
import type { Server as HttpServer, ServerResponse } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { RedisRoomStore } from './redis-room-store';
import { MemoryRoomStore, type RoomStore } from './room-store';
import type { ClientToServerEvents, ServerToClientEvents } from '../src/protocol';
import { DEFAULT_ADDRESS_CAPS, type AddressCaps } from './connection-limits';
import { createLog } from './log';
import { MAX_MESSAGE_BYTES, SignalingNode, type Server as TypedServer, type SignalingOptions } from './signaling-server';
import type { MediaServerConfig } from './sfu/media-server';
import { MediaServers } from './sfu/media-servers';
import type { TurnConfig } from './turn-credentials';

export interface SignalingEnv {
  port: number;
  host: string;
  allowedOrigins: string[] | null;
  turn: TurnConfig | null;
  /** With it, every node sharing this Redis serves the same rooms. */
  redisUrl: string | null;
  caps: AddressCaps;
  /**
   * How many reverse proxies stand in front of the node, each appending to X-Forwarded-For: the
   * client's address is read from there (server/client-address.ts). 0: the socket's own address.
   */
  trustProxy: number;
  /** The deployment's Janus servers, for rooms through a media server (docs/sfu.md); none: rooms are a mesh. */
  mediaServers: MediaServerConfig[];
}

/** TURN credentials last 10 minutes and are renewed every 5 while their holder stays in the room. */
export const TURN_TTL_SECONDS = 600;

interface Publisher {
  publish(channel: string, message: string): Promise<unknown>;
}
interface Subscriber {
  subscribe(channel: string, listener: () => void): Promise<unknown>;
  unsubscribe(channel: string): Promise<unknown>;
}

/**
 * The adapter subscribes without waiting, and a node must not take connections before it hears the
 * others. Redis handles one connection's subscriptions in order, so once a message published to a
 * probe channel subscribed after the adapter's pattern arrives, the adapter's subscription is live.
 */
async function untilSubscribed(pub: Publisher, sub: Subscriber): Promise<void> {
  const probe = `framecast:ready:${randomUUID()}`;
  let timer: ReturnType<typeof setInterval> | undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = Date.now() + 10_000;
      void sub.subscribe(probe, () => {
        resolve();
      });
      timer = setInterval(() => {
        if (Date.now() > deadline) reject(new Error('Redis subscription did not come up within 10 s'));
        else void pub.publish(probe, 'ready');
      }, 25);
    });
  } finally {
    clearInterval(timer);
    await sub.unsubscribe(probe);
  }
}

/** Reads the server's settings from environment variables (see server/index.ts). */
export function readSignalingEnv(env: Record<string, string | undefined>): SignalingEnv {
  const list = (value: string | undefined) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  const count = (value: string | undefined, fallback: number) => {
    const parsed = Number(value);
    return value && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
  };
  const origins = list(env.ALLOWED_ORIGINS);
  const turnUrls = list(env.TURN_URLS);
  return {
    port: Number(env.PORT ?? 3001),
    host: env.HOST ?? '127.0.0.1',
    allowedOrigins: origins.length > 0 ? origins : null,
    turn: turnUrls.length > 0 && env.TURN_SECRET ? { urls: turnUrls, secret: env.TURN_SECRET, ttlSeconds: count(env.TURN_TTL_SECONDS, TURN_TTL_SECONDS) } : null,
    redisUrl: env.REDIS_URL?.trim() || null,
    caps: {
      total: count(env.MAX_CONNECTIONS, DEFAULT_ADDRESS_CAPS.total),
      perAddress: count(env.MAX_CONNECTIONS_PER_ADDRESS, DEFAULT_ADDRESS_CAPS.perAddress),
      perAddressRate: DEFAULT_ADDRESS_CAPS.perAddressRate,
    },
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : count(env.TRUST_PROXY, 0),
    mediaServers: readMediaServers(env),
  };
}

/** A comma-separated setting's entries. */
const entries = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/**
 * The media servers (docs/scaling.md): all four Janus settings, or none, since half a configuration
 * is a mistake to say out loud, not a mesh. Several servers are listed comma-separated, in the same
 * order in JANUS_URL, JANUS_ADMIN_URL and JANUS_PUBLIC_URL; JANUS_SECRET is one for all, or one each
 * (a secret therefore holds no comma).
 */
function readMediaServers(env: Record<string, string | undefined>): MediaServerConfig[] {
  const urls = entries(env.JANUS_URL);
  const adminUrls = entries(env.JANUS_ADMIN_URL);
  const secrets = entries(env.JANUS_SECRET);
  const publicUrls = entries(env.JANUS_PUBLIC_URL);
  const given = [urls, adminUrls, secrets, publicUrls].filter((list) => list.length > 0).length;
  if (given === 0) return [];
  if (given < 4) throw new Error('JANUS_URL, JANUS_ADMIN_URL, JANUS_SECRET and JANUS_PUBLIC_URL go together: set all four, or none');
  if (adminUrls.length !== urls.length || publicUrls.length !== urls.length || (secrets.length !== 1 && secrets.length !== urls.length)) {
    throw new Error('JANUS_URL, JANUS_ADMIN_URL and JANUS_PUBLIC_URL list the same media servers in the same order (comma-separated); JANUS_SECRET gives one secret for all of them or one each');
  }
  return urls.map((url, index) => ({
    url,
    adminUrl: adminUrls[index] ?? '',
    secret: secrets[secrets.length === 1 ? 0 : index] ?? '',
    publicUrl: publicUrls[index] ?? '',
  }));
}

/**
 * Where `npm run serve` passes WebSocket upgrades through, by path: each JANUS_PUBLIC_URL that is a
 * path on the app's own origin leads to the JANUS_WS_URL in the same place of its list.
 */
export function readMediaServerForwards(env: Record<string, string | undefined>): Map<string, URL> {
  // By position: a media server reached directly has no entry here, which may be left empty.
  const targets = (env.JANUS_WS_URL ?? '').split(',').map((entry) => entry.trim());
  const routes = new Map<string, URL>();
  entries(env.JANUS_PUBLIC_URL).forEach((publicPath, index) => {
    if (!publicPath.startsWith('/')) return;
    const target = targets[index];
    if (!target) throw new Error(`JANUS_PUBLIC_URL ${publicPath} is a path on this origin: JANUS_WS_URL must say, in the same place of its list, which Janus it leads to.`);
    const to = new URL(target);
    // Passed through as plain TCP: Janus's WebSocket port on the same private network, not a TLS one.
    if (to.protocol !== 'ws:') throw new Error('JANUS_WS_URL must be a ws:// address (Janus on a private network); put TLS in front of the app instead.');
    routes.set(publicPath, to);
  });
  return routes;
}

export interface Health {
  ok: boolean;
  redis: 'up' | 'down' | 'not used';
  connections: number;
}

export interface SignalingServer {
  io: TypedServer;
  node: SignalingNode;
  store: RoomStore;
  /** What /healthz answers: a load balancer sends nobody to a node that cannot reach Redis. */
  health(): Health;
  close(): Promise<void>;
}

/** Serves `/healthz` (200 when this node can serve rooms, else 503); false for any other path. */
export function answerHealth(server: SignalingServer, url: string | undefined, response: ServerResponse): boolean {
  if (url?.split('?')[0] !== '/healthz') return false;
  const health = server.health();
  response.writeHead(health.ok ? 200 : 503, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(health));
  return true;
}

/**
 * No failure ends the process: an error nobody caught is logged with its stack and the server goes on
 * (every request already answers its own failures; this is the net under a library's stray promise).
 */
export function keepProcessAlive(write: (line: string) => void = (line) => console.error(line)): void {
  const report = (kind: string) => (error: unknown) => {
    write(`signaling: ${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  };
  process.on('unhandledRejection', report('unhandled rejection'));
  process.on('uncaughtException', report('uncaught exception'));
}

/**
 * socket.io on `httpServer` at /socket.io, carrying the room protocol. With a Redis URL, rooms live in
 * Redis and events reach participants on every node through socket.io's Redis adapter.
 */
export async function createSignalingServer(
  httpServer: HttpServer,
  env: Pick<SignalingEnv, 'allowedOrigins' | 'turn' | 'redisUrl'> & Partial<Pick<SignalingEnv, 'caps' | 'trustProxy' | 'mediaServers'>>,
  options: Omit<SignalingOptions, 'store' | 'turn' | 'caps' | 'trustProxy' | 'mediaServers'> = {},
): Promise<SignalingServer> {
  const log = options.log ?? createLog();
  const io: TypedServer = new Server<ClientToServerEvents, ServerToClientEvents>(httpServer, {
    path: '/socket.io',
    serveClient: false,
    maxHttpBufferSize: MAX_MESSAGE_BYTES,
    // The app may be served from another origin than its signaling server; allowRequest below decides who may connect.
    cors: { origin: env.allowedOrigins ?? true },
    allowRequest: (request, callback) => {
      const origin = request.headers.origin;
      callback(null, !env.allowedOrigins || (typeof origin === 'string' && env.allowedOrigins.includes(origin)));
    },
  });
  let store: RoomStore = new MemoryRoomStore();
  let closeRedis = (): Promise<void> => Promise.resolve();
  let redisReady = (): boolean => true;
  if (env.redisUrl) {
    const pub = createClient({
      url: env.redisUrl,
      // While Redis is away, commands fail at once (the client hears "reconnecting") instead of queuing.
      disableOfflineQueue: true,
      socket: { connectTimeout: 2000, reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2000) },
    });
    const sub = pub.duplicate();
    // With a handler, node-redis reconnects after Redis drops; without one the error ends the process.
    for (const client of [pub, sub]) client.on('error', (error: unknown) => log('Redis connection', error));
    await Promise.all([pub.connect(), sub.connect()]);
    // The adapter publishes without waiting on the answer: during an outage that is a rejection nobody
    // catches. The event is lost either way (its recipient is reconnecting too); it must not be the process.
    const publish = pub.publish.bind(pub);
    const guarded = (channel: string, message: string) =>
      publish(channel, message).catch((error: unknown) => {
        log('publish to other nodes', error);
        return 0;
      });
    Object.defineProperty(pub, 'publish', { value: guarded, configurable: true, writable: true });
    io.adapter(createAdapter(pub, sub));
    await untilSubscribed(pub, sub);
    store = new RedisRoomStore(pub);
    redisReady = () => pub.isReady && sub.isReady;
    closeRedis = async () => {
      // io.close() lets the adapter unsubscribe without waiting for it: give that a moment first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }
  const mediaServers = env.mediaServers?.length ? new MediaServers(env.mediaServers) : null;
  const node = new SignalingNode(io, {
    ...options,
    log,
    store,
    turn: env.turn,
    ...(env.caps ? { caps: env.caps } : {}),
    ...(env.trustProxy ? { trustProxy: env.trustProxy } : {}),
    mediaServers,
  });
  return {
    io,
    node,
    store,
    health: () => {
      const redis = env.redisUrl ? (redisReady() && node.healthy ? 'up' : 'down') : 'not used';
      return { ok: redis !== 'down', redis, connections: node.connections };
    },
    close: async () => {
      node.close();
      await io.close();
      // Each connection's departure is written before Redis goes, so another node can finish it.
      await node.settled();
      await mediaServers?.close();
      await store.close();
      await closeRedis();
    },
  };
}
