/**
 * The ICE servers peers use to find a path to each other. The shipped default is a few public STUN
 * servers (no TURN relay: we run none, and an open third-party relay would carry users' media).
 * A deployment overrides it with the build setting VITE_ICE_SERVERS: a JSON array of RTCIceServer
 * objects, a comma-separated list of URLs, or "none" for local-network-only use (as the tests do).
 */
export interface IceServer {
  urls: string | string[];
  username?: string;
  credential?: string;
}

export const DEFAULT_ICE_SERVERS: readonly IceServer[] = [
  { urls: ['stun:stun.l.google.com:19302', 'stun:stun1.l.google.com:19302'] },
  { urls: 'stun:stun.cloudflare.com:3478' },
];

const isUrl = (value: unknown): value is string => typeof value === 'string' && /^(stun|stuns|turn|turns):\S+$/.test(value);

function parseServer(value: unknown): IceServer | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const urls = Array.isArray(record.urls) ? record.urls.filter(isUrl) : isUrl(record.urls) ? record.urls : null;
  if (urls === null || (Array.isArray(urls) && urls.length === 0)) return null;
  const server: IceServer = { urls };
  if (typeof record.username === 'string') server.username = record.username;
  if (typeof record.credential === 'string') server.credential = record.credential;
  return server;
}

/** Reads a setting's text; missing or unreadable text gives the default list. */
export function parseIceServers(text: string | undefined | null): IceServer[] {
  const value = text?.trim();
  if (!value) return [...DEFAULT_ICE_SERVERS];
  if (value === 'none' || value === '[]') return [];
  if (value.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(value);
      if (!Array.isArray(parsed)) return [...DEFAULT_ICE_SERVERS];
      return parsed.map(parseServer).filter((s): s is IceServer => s !== null);
    } catch {
      return [...DEFAULT_ICE_SERVERS];
    }
  }
  const urls = value.split(',').map((u) => u.trim()).filter(isUrl);
  return urls.length > 0 ? [{ urls }] : [...DEFAULT_ICE_SERVERS];
}

/**
 * A per-browser override in localStorage under this key (same formats), read before the build
 * setting: lets one machine use a LAN-only or private setup without a rebuild. The end-to-end tests
 * set it to "none", since their machine has no network.
 */
export const ICE_SERVERS_OVERRIDE_KEY = 'framecast-ice-servers';

export function resolveIceServers(override: string | null | undefined, buildSetting: string | undefined): IceServer[] {
  return override?.trim() ? parseIceServers(override) : parseIceServers(buildSetting);
}
