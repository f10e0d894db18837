import { useEffect, useRef, useState } from 'react';
import type { StudioController } from './studio-controller';
import { studioAnnouncement, type AnnouncedState } from './studio-announcements';

function announced(controller: StudioController): AnnouncedState {
  const { recordingState, lastRecording } = controller.getSnapshot();
  return { recordingState, savedId: lastRecording?.id ?? null };
}

/** The text of the studio's live region: the latest change worth announcing. */
export function useStudioAnnouncements(controller: StudioController): string {
  const [text, setText] = useState('');
  const previous = useRef<AnnouncedState | null>(null);
  useEffect(() => {
    previous.current = announced(controller);
    return controller.subscribe(() => {
      const next = announced(controller);
      const message = previous.current ? studioAnnouncement(previous.current, next) : null;
      previous.current = next;
      if (message) setText(message);
    });
  }, [controller]);
  return text;
}
