/**
 * Whether a signaling server answers: one engine.io handshake, then its session closed at once.
 * Two plain requests, one after the other, rather than a socket.io client: a client opened only to be
 * closed keeps a long poll open beside its close, and a slow machine can race the two into a request
 * for a session the server has already ended (a 400 in the console for nothing).
 */

const ENGINE_PATH = '/socket.io/';

/** The session id in an engine.io (protocol 4) polling handshake, or null if `body` is not one. */
export function handshakeSessionId(body: string): string | null {
  // A polling payload is packets separated by the record separator; the handshake is an "open" packet (0).
  const first = body.split('\x1e')[0] ?? '';
  if (!first.startsWith('0')) return null;
  try {
    const open: unknown = JSON.parse(first.slice(1));
    const sid = typeof open === 'object' && open !== null ? (open as { sid?: unknown }).sid : undefined;
    return typeof sid === 'string' && sid.length > 0 ? sid : null;
  } catch {
    return null;
  }
}

function engineUrl(base: string, sid?: string): string {
  const url = new URL(ENGINE_PATH, base);
  url.searchParams.set('EIO', '4');
  url.searchParams.set('transport', 'polling');
  if (sid) url.searchParams.set('sid', sid);
  // A fresh address each time, as engine.io's own client does, so no cache answers for the server.
  url.searchParams.set('t', Date.now().toString(36));
  return url.href;
}

/**
 * Whether a signaling server answers at `url` within `timeoutMs`: no retries, so a static host
 * (which answers /socket.io with a page or a 404) or an offline browser is known at once.
 */
export async function probeSignalingServer(url: string, timeoutMs: number): Promise<boolean> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const handshake = await fetch(engineUrl(url), { signal, credentials: 'omit' });
    if (!handshake.ok) return false;
    const sid = handshakeSessionId(await handshake.text());
    if (!sid) return false;
    // Close the session ("1" is engine.io's close packet) so the server does not keep it until it times out.
    // Its answer ("ok") is read: a body left unread holds the request open until the timeout aborts it.
    await fetch(engineUrl(url, sid), { method: 'POST', body: '1', signal, credentials: 'omit' })
      .then((closed) => closed.text())
      .catch(() => undefined);
    return true;
  } catch {
    return false;
  }
}
