/**
 * The few calls the signaling server makes to Janus, over its plain HTTP API: VideoRoom requests
 * (create, allowed, kick, list, listparticipants, destroy) with the API secret, and stored tokens
 * (add, remove, list) through the Admin API. Janus is ours, but what it answers is still parsed before it is used.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';

export interface JanusEndpoints {
  /** The HTTP API, e.g. http://127.0.0.1:8088/janus. */
  url: string;
  /** The Admin API, e.g. http://127.0.0.1:7088/admin. */
  adminUrl: string;
  /** Janus's `api_secret` and `admin_secret`, and the VideoRoom's `admin_key`. */
  secret: string;
}

/** A Janus error, with its code: the VideoRoom's codes are 4xx (426 no such room, 427 exists, 428 no such feed). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    reason: string,
  ) {
    super(`Janus ${String(code)}: ${reason}`);
    this.name = 'JanusError';
  }
}

export const VIDEOROOM_NO_SUCH_ROOM = 426;
export const VIDEOROOM_ROOM_EXISTS = 427;
export const VIDEOROOM_NO_SUCH_FEED = 428;

const errorSchema = z.object({ code: z.number(), reason: z.string() });
const replySchema = z.object({
  janus: z.string(),
  data: z.looseObject({ id: z.number().optional(), tokens: z.array(z.looseObject({ token: z.string() })).optional() }).optional(),
  error: errorSchema.optional(),
  plugindata: z.object({ plugin: z.string(), data: z.record(z.string(), z.unknown()) }).optional(),
});
type Reply = z.infer<typeof replySchema>;
const pluginErrorSchema = z.object({ error_code: z.number(), error: z.string() });

/**
 * A Janus call that takes longer is taken for a failure. A grant makes three in a row while its
 * connection's requests wait, and the client gives up on an answer after 10 s.
 */
const REQUEST_TIMEOUT_MS = 2500;

async function post(url: string, body: Record<string, unknown>): Promise<Reply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, transaction: randomUUID() }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new JanusError(response.status, `HTTP ${String(response.status)} from ${url}`);
  const reply = replySchema.parse(await response.json());
  if (reply.janus === 'error') throw new JanusError(reply.error?.code ?? 0, reply.error?.reason ?? 'unknown error');
  return reply;
}

/** Janus forgets a session silent for its session_timeout (60 s by default): a keepalive comes well before. */
const KEEPALIVE_MS = 20_000;
const SESSION_GONE = new Set([458, 459]);

interface Handle {
  session: number;
  handle: number;
  keepalive: ReturnType<typeof setInterval>;
}

export class JanusApi {
  /** One session and VideoRoom handle for every request, opened on first use and again if Janus lost it. */
  private handle: Promise<Handle> | null = null;

  constructor(private readonly endpoints: JanusEndpoints) {}

  /** One synchronous VideoRoom request; its error code when the plugin refuses. */
  async videoroom(body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const opened = this.open();
    try {
      return await this.send(await opened, body);
    } catch (error) {
      if (!(error instanceof JanusError && SESSION_GONE.has(error.code))) throw error;
      // Only the request that found the session gone drops it; others reuse the one it opens.
      this.forget(opened);
      return this.send(await this.open(), body);
    }
  }

  /** Ends the session, so Janus does not keep it until it times out (the server is closing). */
  async close(): Promise<void> {
    const opened = this.handle;
    if (!opened) return;
    this.forget(opened);
    const handle = await opened.catch(() => null);
    if (handle) await post(`${this.endpoints.url}/${String(handle.session)}`, { janus: 'destroy', apisecret: this.endpoints.secret }).catch(() => undefined);
  }

  private async send({ session, handle }: Handle, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const { url, secret } = this.endpoints;
    const reply = await post(`${url}/${String(session)}/${String(handle)}`, { janus: 'message', body, apisecret: secret });
    const data = reply.plugindata?.data;
    if (!data) throw new JanusError(0, `no VideoRoom answer to ${String(body.request)}`);
    const failure = pluginErrorSchema.safeParse(data);
    if (failure.success) throw new JanusError(failure.data.error_code, failure.data.error);
    return data;
  }

  private open(): Promise<Handle> {
    if (this.handle) return this.handle;
    const opening = this.attach();
    this.handle = opening;
    // A failed open is tried afresh by the next request.
    opening.catch(() => {
      this.forget(opening);
    });
    return opening;
  }

  private async attach(): Promise<Handle> {
    const { url, secret } = this.endpoints;
    const session = (await post(url, { janus: 'create', apisecret: secret })).data?.id;
    if (session === undefined) throw new JanusError(0, 'no session id');
    const handle = (await post(`${url}/${String(session)}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', apisecret: secret })).data?.id;
    if (handle === undefined) throw new JanusError(0, 'no handle id');
    const keepalive = setInterval(() => {
      post(`${url}/${String(session)}`, { janus: 'keepalive', apisecret: secret }).catch(() => {
        clearInterval(keepalive);
      });
    }, KEEPALIVE_MS);
    keepalive.unref();
    return { session, handle, keepalive };
  }

  /** Drops `opened` if it is still the session in use, and its keepalive with it. */
  private forget(opened: Promise<Handle>): void {
    if (this.handle === opened) this.handle = null;
    void opened.then(
      ({ keepalive }) => {
        clearInterval(keepalive);
      },
      () => undefined,
    );
  }

  /** A stored token that may use the VideoRoom plugin (Janus's token_auth). */
  async addToken(token: string): Promise<void> {
    await post(this.endpoints.adminUrl, { janus: 'add_token', token, plugins: ['janus.plugin.videoroom'], admin_secret: this.endpoints.secret });
  }

  /** Every token Janus holds. */
  async listTokens(): Promise<string[]> {
    const reply = await post(this.endpoints.adminUrl, { janus: 'list_tokens', admin_secret: this.endpoints.secret });
    return reply.data?.tokens?.map((entry) => entry.token) ?? [];
  }

  /** False when Janus did not hold it (already removed, by this node or another). */
  async removeToken(token: string): Promise<boolean> {
    try {
      await post(this.endpoints.adminUrl, { janus: 'remove_token', token, admin_secret: this.endpoints.secret });
      return true;
    } catch (error) {
      if (error instanceof JanusError && error.message.includes('Error removing token')) return false;
      throw error;
    }
  }
}
