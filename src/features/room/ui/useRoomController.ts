import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { downloadUrl } from '../../../shared/download';
import { getSettingsSnapshot } from '../../settings';
import { browserRoomConnection } from '../signaling/room-connection';
import { RoomController, type RoomSnapshot } from '../room-controller';
import { recordingModeFromSearch } from '../recording/recording-mode-link';
import { showRoomNotice } from './show-room-notice';

/**
 * One controller per mounted room page. Leaving the page (in-app navigation) leaves the room;
 * closing the tab tells the room at once, since nothing asynchronous survives unload.
 */
export function useRoomController(roomId: string): { controller: RoomController; snapshot: RoomSnapshot } {
  const navigate = useNavigate();
  const [controller] = useState(
    () =>
      new RoomController({
        roomId,
        settings: getSettingsSnapshot,
        notify: showRoomNotice,
        download: downloadUrl,
        navigateHome: () => void navigate({ to: '/' }),
        connection: browserRoomConnection(),
        // "Create Podcast Room" opens a new room with Separate recording chosen.
        initialRecordingMode: recordingModeFromSearch(window.location.search),
      }),
  );

  useEffect(() => {
    void controller.checkSignaling();
    const onPageHide = () => {
      controller.leaveNow();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      void controller.leave({ notify: false, navigate: false });
    };
  }, [controller]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { controller, snapshot };
}
