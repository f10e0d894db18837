/** The control bar's status line: recording, paused, and who is sharing. */
import type { RoomState } from '../room-state';

export function participantCountText(count: number): string {
  return count === 1 ? '1 participant' : `${String(count)} participants`;
}

export function roomStatusTexts(room: Pick<RoomState, 'recordingState' | 'screenSharingParticipant' | 'participants' | 'selfId'>): string[] {
  const texts: string[] = [];
  if (room.recordingState === 'recording') texts.push('Recording in progress');
  else if (room.recordingState === 'paused') texts.push('Recording paused');
  const sharer = room.screenSharingParticipant;
  if (sharer) {
    if (sharer === room.selfId) texts.push('You are sharing your screen');
    else {
      const name = room.participants.find((p) => p.id === sharer)?.name ?? 'Someone';
      texts.push(`${name} is sharing their screen`);
    }
  }
  return texts;
}
