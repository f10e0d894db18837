/**
 * What only the host may do in a room (docs/decisions/0011-room-host-and-guests.md): decide on waiting
 * guests, remove participants, change the recording mode and auto-admit. A non-host pressing these gets
 * a Permission Denied notice, or silence for the quieter actions; the host's tab checks again.
 */
import { ROOM_ERRORS, type RoomRecordingMode } from '../../protocol';
import type { RoomNotice } from './room-notice';
import { checkHostAction, PERMISSION_DENIED_TITLE, type HostAction } from './room-permissions';
import type { RoomStore } from './room-store';
import type { SignalingTransport } from './signaling/signaling-transport';
import { reportError, reportingAs } from '../../shared/report-error';

export interface HostActionsDeps {
  store: RoomStore;
  signaling: SignalingTransport;
  notify: (notice: RoomNotice) => void;
}

export class HostActions {
  constructor(private readonly deps: HostActionsDeps) {}

  /** Whether this participant may do `action` now; a non-host is told, or not, by action. */
  allowed(action: HostAction): boolean {
    const { room } = this.deps.store;
    if (room.phase !== 'joined') return false;
    const outcome = checkHostAction(room.isHost, action);
    if (outcome.allowed) return true;
    if (outcome.notice) this.deps.notify({ title: PERMISSION_DENIED_TITLE, message: outcome.notice, tone: 'error' });
    return false;
  }

  approveGuest(guestId: string): Promise<void> {
    return this.decideGuest(guestId, 'approve-guest');
  }

  rejectGuest(guestId: string): Promise<void> {
    return this.decideGuest(guestId, 'reject-guest');
  }

  async kick(participantId: string): Promise<void> {
    const { signaling } = this.deps;
    if (!this.allowed('kick')) return;
    const { room } = this.deps.store;
    const participant = room.participants.find((p) => p.id === participantId);
    const ack = await signaling.emit('kick-participant', { participantId, roomId: room.roomId }).catch((error: unknown) => {
      reportError('room: remove a participant', error);
      return null;
    });
    if (ack && !ack.success) reportError('room: remove a participant', ack.error ?? 'refused');
    if (ack?.success) this.deps.notify({ title: 'Participant Removed', message: `${participant?.name ?? 'The participant'} was removed from the room.`, tone: 'info' });
  }

  setRecordingMode(mode: RoomRecordingMode): void {
    if (!this.allowed('change-mode') || this.deps.store.room.recordingState !== 'idle') return;
    this.deps.store.dispatch({ type: 'recording-mode', mode });
  }

  async setAutoAdmit(enabled: boolean): Promise<void> {
    const { signaling } = this.deps;
    if (!this.allowed('auto-admit')) return;
    await signaling.emit('set-auto-admit', { roomId: this.deps.store.room.roomId, enabled }).catch(reportingAs('room: change auto-admit'));
  }

  /**
   * Approve or reject: the row shows "Processing..." until the room answers; a failure is only logged
   * (the row stays, to try again).
   */
  private async decideGuest(guestId: string, event: 'approve-guest' | 'reject-guest'): Promise<void> {
    const { store, notify, signaling } = this.deps;
    const { guestActions } = store.getSnapshot();
    if (!this.allowed(event) || guestActions.includes(guestId)) return;
    const guest = store.room.pendingGuests.find((g) => g.id === guestId);
    store.update({ guestActions: [...guestActions, guestId] });
    try {
      const ack = await signaling.emit(event, { guestId, roomId: store.room.roomId });
      if (!ack.success) {
        console.warn(`Room: could not ${event === 'approve-guest' ? 'approve' : 'reject'} the guest:`, ack.error ?? ROOM_ERRORS.unknownGuest);
        return;
      }
      const name = guest?.name ?? 'The guest';
      if (event === 'approve-guest') notify({ title: 'Guest Approved', message: `${name} is joining the room.`, tone: 'success' });
      else notify({ title: 'Guest Rejected', message: `${name} was not let in.`, tone: 'info' });
    } catch (error) {
      reportError('room: approve or reject a guest', error);
    } finally {
      store.update({ guestActions: store.getSnapshot().guestActions.filter((id) => id !== guestId) });
    }
  }
}
