import type { StudioController } from './studio-controller';
import { studioAnnouncement, type AnnouncedState } from './studio-announcements';
import { useAnnouncement } from '../../shared/ui/useAnnouncement';

function announced(controller: StudioController): AnnouncedState {
  const { recordingState, lastRecording } = controller.getSnapshot();
  return { recordingState, savedId: lastRecording?.id ?? null };
}

/** The text of the studio's live region: the latest change worth announcing. */
export function useStudioAnnouncements(controller: StudioController): string {
  return useAnnouncement(controller, () => announced(controller), studioAnnouncement);
}
