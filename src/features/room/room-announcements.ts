/**
 * What the room's live region says: the changes no toast already announces (toasts are alerts, so
 * saying those here too would say them twice). That is waiting for the host, a guest asking to come
 * in, and a connection lost and back, to a participant or to the room's server. Said once per
 * change, never per second. Pure, so each transition is unit-tested.
 */
import type { Participant, PeerState, RoomState } from './room-state';

export type AnnouncedRoom = Pick<RoomState, 'phase' | 'isHost' | 'isConnected' | 'participants' | 'pendingGuests'>;

const isDown = (state: PeerState) => state === 'reconnecting' || state === 'failed';

function waiting(previous: AnnouncedRoom, next: AnnouncedRoom): string[] {
  return previous.phase !== 'waiting' && next.phase === 'waiting' ? ['Waiting for the host to let you in'] : [];
}

function guestsAsking(previous: AnnouncedRoom, next: AnnouncedRoom): string[] {
  if (!next.isHost) return [];
  const known = new Set(previous.pendingGuests.map((g) => g.id));
  return next.pendingGuests.filter((g) => !known.has(g.id)).map((g) => `${g.name} is asking to join`);
}

/**
 * Connections lost and back. A lost connection is rebuilt through "connecting" before it is up
 * again, so "back" is told from a first connection by remembering who was lost.
 */
function peerConnections(previous: AnnouncedRoom, next: AnnouncedRoom, lost: Set<string>): string[] {
  const before = new Map(previous.participants.map((p): [string, Participant] => [p.id, p]));
  const said: string[] = [];
  for (const person of next.participants) {
    const was = before.get(person.id)?.connectionState;
    if (was === undefined || person.isLocal || was === person.connectionState) continue;
    if (was === 'connected' && isDown(person.connectionState)) {
      lost.add(person.id);
      said.push(`Connection to ${person.name} lost. Reconnecting…`);
    } else if (person.connectionState === 'connected' && lost.delete(person.id)) {
      said.push(`Connection to ${person.name} is back`);
    }
  }
  for (const id of lost) if (!next.participants.some((p) => p.id === id)) lost.delete(id);
  return said;
}

function serverConnection(previous: AnnouncedRoom, next: AnnouncedRoom): string[] {
  if (previous.phase !== 'joined' || next.phase !== 'joined' || previous.isConnected === next.isConnected) return [];
  return [next.isConnected ? 'Connection to the room is back' : 'Connection to the room lost. Reconnecting…'];
}

/**
 * The room's announcer: compares each room state with the one before and returns one text for
 * everything worth saying, or null. It remembers whose connection was lost, so keep one per room page.
 */
export function roomAnnouncer(): (previous: AnnouncedRoom, next: AnnouncedRoom) => string | null {
  const lost = new Set<string>();
  return (previous, next) => {
    const said = [...waiting(previous, next), ...guestsAsking(previous, next), ...peerConnections(previous, next, lost), ...serverConnection(previous, next)];
    return said.length > 0 ? said.join('. ') : null;
  };
}
