import { useState } from 'react';
import type { RoomController } from '../room-controller';
import { roomAnnouncer } from '../room-announcements';
import { useAnnouncement } from '../../../shared/ui/useAnnouncement';

/** The text of the room's live region: the latest change worth announcing. */
export function useRoomAnnouncements(controller: RoomController): string {
  const [announce] = useState(roomAnnouncer);
  return useAnnouncement(controller, () => controller.getSnapshot().room, announce);
}
