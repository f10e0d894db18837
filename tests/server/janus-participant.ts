/**
 * What a participant's browser would say to Janus, over its HTTP API (the same checks apply to every
 * transport): a session with a token, the VideoRoom plugin, and its events by long poll.
 */
import { randomUUID } from 'node:crypto';

interface Reply {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> };
}

export interface JanusEvent {
  janus: string;
  plugindata?: { data: Record<string, unknown> };
}

async function post(url: string, body: Record<string, unknown>): Promise<Reply> {
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ ...body, transaction: randomUUID() }) });
  return (await response.json()) as Reply;
}

export class JanusParticipant {
  private readonly events: JanusEvent[] = [];
  private polling = true;

  private constructor(
    private readonly url: string,
    private readonly session: number,
    private readonly handle: number,
    private readonly token: string,
  ) {
    void this.poll();
  }

  /** A session and a VideoRoom handle with `token`; throws with Janus's error when refused. */
  static async open(url: string, token: string | undefined): Promise<JanusParticipant> {
    const created = await post(url, { janus: 'create', ...(token ? { token } : {}) });
    if (created.janus !== 'success' || created.data?.id === undefined) throw new Error(`create: ${JSON.stringify(created.error)}`);
    const session = created.data.id;
    const attached = await post(`${url}/${String(session)}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', ...(token ? { token } : {}) });
    if (attached.janus !== 'success' || attached.data?.id === undefined) throw new Error(`attach: ${JSON.stringify(attached.error)}`);
    return new JanusParticipant(url, session, attached.data.id, token ?? '');
  }

  private async poll(): Promise<void> {
    while (this.polling) {
      try {
        const response = await fetch(`${this.url}/${String(this.session)}?maxev=10&token=${encodeURIComponent(this.token)}`);
        const body = (await response.json()) as JanusEvent | JanusEvent[];
        const events = Array.isArray(body) ? body : [body];
        this.events.push(...events);
        // Refused at once (a token taken back): not a long poll any more, so do not spin on it.
        if (events.some((event) => event.janus === 'error')) await new Promise((resolve) => setTimeout(resolve, 250));
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  /** Sends a VideoRoom request: the answer to a synchronous one, or the event that answers an asynchronous one. */
  async request(body: Record<string, unknown>, answer?: (data: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
    const before = this.events.length;
    const reply = await post(`${this.url}/${String(this.session)}/${String(this.handle)}`, { janus: 'message', body, token: this.token });
    if (reply.janus === 'error') return { error_code: reply.error?.code, error: reply.error?.reason };
    if (reply.plugindata) return reply.plugindata.data;
    return this.next((data) => answer?.(data) ?? true, before);
  }

  /** The first VideoRoom event (from the `from`th on) that `match` accepts, within 5 s. */
  async next(match: (data: Record<string, unknown>) => boolean, from = 0): Promise<Record<string, unknown>> {
    const deadline = Date.now() + 5000;
    for (;;) {
      const found = this.events.slice(from).find((event) => event.plugindata && match(event.plugindata.data));
      if (found?.plugindata) return found.plugindata.data;
      if (Date.now() > deadline) throw new Error(`no matching event; seen: ${JSON.stringify(this.events.slice(from))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Joins `room` as a publisher (nothing published yet). */
  join(room: string, id: string, roomToken: string): Promise<Record<string, unknown>> {
    return this.request({ request: 'join', ptype: 'publisher', room, id, token: roomToken, display: id }, (data) => 'error_code' in data || data.videoroom === 'joined');
  }

  async close(): Promise<void> {
    this.polling = false;
    await post(`${this.url}/${String(this.session)}`, { janus: 'destroy', token: this.token }).catch(() => undefined);
  }
}
