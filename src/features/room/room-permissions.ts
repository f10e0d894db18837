/**
 * What a participant who is not the host gets when they press a host control
 * (docs/decisions/0011-room-host-and-guests.md): a "Permission Denied" notice for recording start/stop
 * and guest decisions, silence for the rest.
 */
import { ROOM_ERRORS } from '../../protocol';

export type HostAction = 'start-recording' | 'stop-recording' | 'approve-guest' | 'reject-guest' | 'pause-recording' | 'resume-recording' | 'kick' | 'change-mode' | 'auto-admit';

export type PermissionOutcome = { allowed: true } | { allowed: false; notice: string | null };

const NOTICES: Partial<Record<HostAction, string>> = {
  'start-recording': ROOM_ERRORS.hostOnlyStart,
  'stop-recording': ROOM_ERRORS.hostOnlyStop,
  'approve-guest': ROOM_ERRORS.hostOnlyApprove,
  'reject-guest': ROOM_ERRORS.hostOnlyReject,
};

export const PERMISSION_DENIED_TITLE = 'Permission Denied';
export const GUEST_DIALOG_NOTICE = 'Only the host can approve or reject guest requests.';

export function checkHostAction(isHost: boolean, action: HostAction): PermissionOutcome {
  if (isHost) return { allowed: true };
  return { allowed: false, notice: NOTICES[action] ?? null };
}
