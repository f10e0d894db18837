/**
 * What the signaling service stores for one room, and the pure rules that change it: the room's
 * authoritative state (room-authority), one resume token per place, and each place's presence. A
 * place is held by one connection at a time; when that connection goes, the departure carries its own
 * deadline, stored with the room, so whichever node sweeps next finishes it (docs/signaling.md).
 * No I/O here: the store runs these functions inside its atomic update.
 */
import {
  capacityOf,
  autoAdmitsDue,
  decideAll,
  nextAutoAdmitAt,
  type AuthorityRequest,
  type AuthorityState,
  type DecidedRun,
} from '../src/protocol';

/** The connection holding a place, and the node it is on (so a dead node's places can be found). */
export interface Held {
  conn: string;
  node: string;
}
/** A place whose connection went: it is given up at `awayUntil` unless a connection takes it back. */
export interface Away {
  awayUntil: number;
}
export type Presence = Held | Away;

export interface RoomRecord {
  authority: AuthorityState;
  /** Participant id → its one resume token (members and waiting guests only). */
  tokens: Record<string, string>;
  /** Participant id → who holds the place now (members and waiting guests only). */
  presence: Record<string, Presence>;
}

export const isHeld = (presence: Presence | undefined): presence is Held => !!presence && 'conn' in presence;

const isMember = (state: AuthorityState, id: string): boolean => state.participants.some((p) => p.id === id);
export const isKnown = (state: AuthorityState, id: string): boolean => isMember(state, id) || state.pending.some((g) => g.id === id);

/** Drops tokens and presence of anyone no longer in the room or waiting: the record stays bounded. */
export function pruned(record: RoomRecord): RoomRecord {
  const keep = <T>(map: Record<string, T>) => Object.fromEntries(Object.entries(map).filter(([id]) => isKnown(record.authority, id)));
  return { authority: record.authority, tokens: keep(record.tokens), presence: keep(record.presence) };
}

/** The participant a resume token belongs to, while that participant is still in the room or waiting. */
export function placeOfToken(record: RoomRecord | null, token: string): string | null {
  if (!record) return null;
  for (const [id, held] of Object.entries(record.tokens)) if (held === token && isKnown(record.authority, id)) return id;
  return null;
}

/**
 * `conn` on `node` now holds `id`'s place. Returns the connection it replaced, if another one still
 * held it (a replayed token, or a client back before the server noticed its old connection drop).
 */
export function hold(record: RoomRecord, id: string, held: Held): { record: RoomRecord; replaced: Held | null } {
  const before = record.presence[id];
  const replaced = isHeld(before) && before.conn !== held.conn ? before : null;
  return { record: { ...record, presence: { ...record.presence, [id]: held } }, replaced };
}

/**
 * `conn` went away. The place waits until `awayUntil` only if this connection still held it: a newer
 * connection of the same participant is not undone by an older one's late departure.
 */
export function depart(record: RoomRecord, id: string, conn: string, awayUntil: number): RoomRecord {
  const now = record.presence[id];
  if (!isHeld(now) || now.conn !== conn) return record;
  return { ...record, presence: { ...record.presence, [id]: { awayUntil } } };
}

/** How long a place waits for its connection: a waiting guest's grace is shorter (the queue is short). */
export interface Grace {
  memberMs: number;
  waitingMs: number;
}

/** `depart`, with the deadline the place's grace gives from `wentAt`. */
export function departAfterGrace(record: RoomRecord, id: string, conn: string, wentAt: number, grace: Grace): RoomRecord {
  const waiting = record.authority.pending.some((g) => g.id === id);
  return depart(record, id, conn, wentAt + (waiting ? grace.waitingMs : grace.memberMs));
}

/** Every place held on `node` (which stopped answering) waits from now on as if its connection dropped. */
export function departNode(record: RoomRecord, node: string, awayUntil: number): RoomRecord {
  const presence = Object.fromEntries(
    Object.entries(record.presence).map(([id, p]): [string, Presence] => [id, isHeld(p) && p.node === node ? { awayUntil } : p]),
  );
  return { ...record, presence };
}

/** The next moment something falls due in this room (a place given up, a guest auto-admitted), or null. */
export function nextDeadline(record: RoomRecord): number | null {
  // A full room admits nobody: its waiting guests fall due again when someone leaves (a new record).
  const full = record.authority.participants.length >= capacityOf(record.authority);
  let next = full ? null : nextAutoAdmitAt(record.authority);
  for (const [id, presence] of Object.entries(record.presence)) {
    if (isHeld(presence) || !isKnown(record.authority, id)) continue;
    next = next === null ? presence.awayUntil : Math.min(next, presence.awayUntil);
  }
  return next;
}

/** What falls due at `now`: guests admitted, then places given up (the host's last, since it ends the room). */
export function dueRequests(record: RoomRecord, now: number): AuthorityRequest[] {
  const state = record.authority;
  const requests = autoAdmitsDue(state, now);
  const gone = Object.entries(record.presence)
    .filter(([id, p]) => !isHeld(p) && p.awayUntil <= now && isKnown(state, id))
    .map(([id]) => id)
    .sort((a, b) => Number(a === state.hostId) - Number(b === state.hostId));
  // An away guest is not let in just as its place is given up.
  const leaving = new Set(gone);
  return [...requests.filter((r) => r.type !== 'auto-admit' || !leaving.has(r.guestId)), ...gone.map((from): AuthorityRequest => ({ type: 'leave', from, reason: 'disconnected' }))];
}

export interface Applied extends DecidedRun {
  /** The room's next record; null when the room ended or emptied (it is deleted). */
  record: RoomRecord | null;
}

/** Decides requests in order on the room (decideAll); the room goes when it ends or has nobody left in it. */
export function applyRequests(record: RoomRecord, requests: readonly AuthorityRequest[]): Applied {
  const run = decideAll(record.authority, requests);
  return { ...run, record: run.gone ? null : pruned({ ...record, authority: run.state }) };
}

/**
 * The nodes that take a place in the room with this change (a join, a resume, a place taken back):
 * each must have the room listed as one of its own in the same step, so that if it dies the others
 * find the places it held.
 */
export function nodesTakingPlaces(before: RoomRecord | null, after: RoomRecord | null): string[] {
  if (!after) return [];
  const nodes = new Set<string>();
  for (const [id, now] of Object.entries(after.presence)) {
    const was = before?.presence[id];
    if (isHeld(now) && !(isHeld(was) && was.node === now.node)) nodes.add(now.node);
  }
  return [...nodes];
}
