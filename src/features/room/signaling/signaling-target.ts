/**
 * Where a room's signaling goes (docs/decisions/0010-room-signaling.md): a signaling server, so people
 * on different computers meet, or this browser's own BroadcastChannel, which connects its tabs only.
 * The server is the one at the build setting VITE_SIGNALING_URL, else the app's own origin
 * (`npm run serve` serves both); a per-browser override in localStorage replaces it without a
 * rebuild, as `framecast-ice-servers` does.
 */
export const SIGNALING_URL_OVERRIDE_KEY = 'framecast-signaling-url';

/** The override's value that keeps rooms in this browser (no server is tried). */
export const LOCAL_ONLY = 'local';

export type SignalingTarget = { kind: 'server'; url: string } | { kind: 'local' };

function serverUrl(text: string | null | undefined): string | null {
  const value = text?.trim();
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** The override wins, then the build setting, then the page's own origin. */
export function resolveSignalingTarget(override: string | null | undefined, buildSetting: string | undefined, origin: string): SignalingTarget {
  for (const setting of [override, buildSetting]) {
    if (setting?.trim().toLowerCase() === LOCAL_ONLY) return { kind: 'local' };
    const url = serverUrl(setting);
    if (url) return { kind: 'server', url };
  }
  const own = serverUrl(origin);
  return own ? { kind: 'server', url: own } : { kind: 'local' };
}

/** How the room page reaches the room, as the user is told: still finding out, a server, or this browser only. */
export type SignalingMode = 'checking' | 'server' | 'local';
