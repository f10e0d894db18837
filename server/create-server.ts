import { randomUUID } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import { Server } from 'socket.io';
import { RedisRoomStore } from './redis-room-store';
import { MemoryRoomStore, type RoomStore } from './room-store';
import type { ClientToServerEvents, ServerToClientEvents } from '../src/features/room/signaling/protocol';
import { MAX_MESSAGE_BYTES, SignalingNode, type Server as TypedServer } from './signaling-server';
import type { TurnConfig } from './turn-credentials';

export interface SignalingEnv {
  port: number;
  host: string;
  allowedOrigins: string[] | null;
  turn: TurnConfig | null;
  /** With it, every node sharing this Redis serves the same rooms. */
  redisUrl: string | null;
}

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
  const origins = list(env.ALLOWED_ORIGINS);
  const turnUrls = list(env.TURN_URLS);
  return {
    port: Number(env.PORT ?? 3001),
    host: env.HOST ?? '127.0.0.1',
    allowedOrigins: origins.length > 0 ? origins : null,
    turn: turnUrls.length > 0 && env.TURN_SECRET ? { urls: turnUrls, secret: env.TURN_SECRET, ttlSeconds: 12 * 3600 } : null,
    redisUrl: env.REDIS_URL?.trim() || null,
  };
}

export interface SignalingServer {
  io: TypedServer;
  node: SignalingNode;
  store: RoomStore;
  close(): Promise<void>;
}

/**
 * socket.io on `httpServer` at /socket.io, carrying the room protocol. With a Redis URL, rooms live in
 * Redis and events reach participants on every node through socket.io's Redis adapter.
 */
export async function createSignalingServer(
  httpServer: HttpServer,
  env: Pick<SignalingEnv, 'allowedOrigins' | 'turn' | 'redisUrl'>,
  options: { resumeGraceMs?: number } = {},
): Promise<SignalingServer> {
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
  if (env.redisUrl) {
    const pub = createClient({ url: env.redisUrl });
    const sub = pub.duplicate();
    // With a handler, node-redis reconnects after Redis drops; without one the error ends the process.
    for (const client of [pub, sub]) client.on('error', (error: unknown) => console.error('Redis:', error instanceof Error ? error.message : error));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    await untilSubscribed(pub, sub);
    store = new RedisRoomStore(pub);
    closeRedis = async () => {
      // io.close() lets the adapter unsubscribe without waiting for it: give that a moment first.
      await new Promise((resolve) => setTimeout(resolve, 100));
      await Promise.allSettled([pub.quit(), sub.quit()]);
    };
  }
  const node = new SignalingNode(io, { store, turn: env.turn, ...(options.resumeGraceMs ? { resumeGraceMs: options.resumeGraceMs } : {}) });
  return {
    io,
    node,
    store,
    close: async () => {
      node.close();
      await io.close();
      await store.close();
      await closeRedis();
    },
  };
}
