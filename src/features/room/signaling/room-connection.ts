/**
 * How this browser reaches rooms: the signaling server named by the settings (see signaling-target),
 * or, when none answers, this browser's own tabs. Reads localStorage and the build settings.
 */
import { ICE_SERVERS_OVERRIDE_KEY, resolveIceServers } from '../peers/ice-config';
import { LocalSignaling } from './local-signaling';
import type { RoomConnection } from '../room-controller';
import { newParticipantId } from '../../../protocol';
import { resolveSignalingTarget, SIGNALING_URL_OVERRIDE_KEY } from './signaling-target';
import { probeSignalingServer } from './signaling-probe';
import { CONNECT_TIMEOUT_MS, SocketSignaling } from './socket-signaling';

const randomBytes = (count: number): Uint8Array => crypto.getRandomValues(new Uint8Array(count));

function stored(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // No storage: the build setting decides.
    return null;
  }
}

export function browserRoomConnection(): RoomConnection {
  const target = resolveSignalingTarget(stored(SIGNALING_URL_OVERRIDE_KEY), import.meta.env.VITE_SIGNALING_URL, window.location.origin);
  return {
    probe: async () => {
      // Offline (the installed app on a train): no server can answer, so none is asked.
      if (target.kind === 'local' || !navigator.onLine) return 'local';
      return (await probeSignalingServer(target.url, CONNECT_TIMEOUT_MS)) ? 'server' : 'local';
    },
    createSignaling: (mode, allowCreate) =>
      mode === 'server' && target.kind === 'server'
        ? new SocketSignaling(target.url)
        : // In one browser the tabs name themselves: the host tab's channel rules keep anyone from posing as another.
          new LocalSignaling({ selfId: newParticipantId(randomBytes), allowCreate }),
    // Tabs of one browser reach each other on this machine's own addresses: no STUN server is asked anything.
    iceServers: (mode) => (mode === 'local' ? [] : resolveIceServers(stored(ICE_SERVERS_OVERRIDE_KEY), import.meta.env.VITE_ICE_SERVERS)),
  };
}
