/**
 * Wires a signaling transport's events to one participant's room. Events that only change the
 * room state or show a notice are handled here; the rest go to the session. The session that
 * subscribed unsubscribes when it ends, so a room the user left changes nothing.
 */
import type { IncomingEvents, ParticipantInfo, PeerSignal } from '../../protocol';
import type { RoomNotice } from './room-notice';
import { announcedRecordingState } from './recording/room-recording-machine';
import type { RoomStore } from './room-store';
import type { SignalingTransport } from './signaling/signaling-transport';

export type Announcement = 'recording-started' | 'recording-paused' | 'recording-resumed' | 'recording-stopped';

export interface RoomEventTarget {
  store: RoomStore;
  notify(notice: RoomNotice): void;
  guestDialogOpen(): boolean;
  roomJoined(joined: IncomingEvents['room-joined']): void;
  /** Fresh TURN credentials from the signaling server. */
  iceServers(servers: IncomingEvents['ice-servers']['iceServers']): void;
  participantJoined(participant: ParticipantInfo): void;
  participantLeft(participantId: string, reason: IncomingEvents['participant-left']['reason']): void;
  /** The host's recorder: the room confirmed its stop. */
  recordingStopped(): void;
  /**
   * Anyone in the room heard the host start, pause, resume or stop (with the mode and the room's
   * start of the recording, for a start: the same on every computer, docs/decisions/0015-podcast-tracks.md).
   */
  recordingAnnounced(event: Announcement, mode: IncomingEvents['recording-started']['mode'] | null, startedAt: number | null): void;
  roomEnded(): void;
  /** A refusal from the room (a rejected join, for one). */
  error(message: string): void;
  signal(signal: PeerSignal): void;
}

/** Subscribes to every room event; returns the unsubscribers. */
export function listenToRoom(signaling: SignalingTransport, target: RoomEventTarget): (() => void)[] {
  const { store } = target;
  const unsubscribe: (() => void)[] = [];
  const on = <E extends keyof IncomingEvents>(event: E, handler: (payload: IncomingEvents[E]) => void) => {
    unsubscribe.push(signaling.on(event, handler));
  };
  on('connect', () => {
    store.dispatch({ type: 'connected', connected: true });
  });
  on('disconnect', () => {
    store.dispatch({ type: 'connected', connected: false });
  });
  on('room-joined', (joined) => {
    target.roomJoined(joined);
  });
  on('ice-servers', ({ iceServers }) => {
    target.iceServers(iceServers);
  });
  on('participant-joined', ({ participant }) => {
    target.participantJoined(participant);
  });
  on('participant-left', ({ participantId, reason }) => {
    target.participantLeft(participantId, reason);
  });
  on('guest-request', ({ guest }) => {
    if (!target.guestDialogOpen()) target.notify({ title: 'Guest Request', message: `${guest.name} wants to join the room.`, tone: 'info', quiet: true });
  });
  on('pending-guests', ({ guests }) => {
    store.dispatch({ type: 'pending-guests', guests });
  });
  on('auto-admit-changed', ({ enabled }) => {
    store.dispatch({ type: 'auto-admit', enabled });
  });
  on('recording-started', ({ mode, startedAt }) => {
    onRecordingAnnounced(target, 'recording-started', mode, startedAt);
  });
  for (const event of ['recording-paused', 'recording-resumed', 'recording-stopped'] as const) {
    on(event, () => {
      onRecordingAnnounced(target, event, null, null);
    });
  }
  on('room-ended', () => {
    target.roomEnded();
  });
  on('error', ({ message }) => {
    target.error(message);
  });
  on('signaling-message', (signal) => {
    target.signal(signal);
  });
  return unsubscribe;
}

function onRecordingAnnounced(target: RoomEventTarget, event: Announcement, mode: IncomingEvents['recording-started']['mode'] | null, startedAt: number | null): void {
  const { store } = target;
  if (store.room.isHost) {
    // The host's own state moves with its recorder; only the stop waits for the room's word.
    if (event === 'recording-stopped') target.recordingStopped();
    target.recordingAnnounced(event, mode, startedAt);
    return;
  }
  store.dispatch({ type: 'recording-state', state: announcedRecordingState(event) });
  target.recordingAnnounced(event, mode, startedAt);
  if (event === 'recording-started') {
    const message = mode === 'separate' ? 'The host is recording this room. Your camera and microphone are recorded on this computer and sent to the host.' : 'The host is recording this room.';
    target.notify({ title: 'Recording Started', message, tone: 'info' });
  }
  if (event === 'recording-stopped') target.notify({ title: 'Recording Stopped', message: 'The host stopped recording.', tone: 'info' });
}
