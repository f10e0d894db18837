import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { downloadUrl } from '../../shared/download';
import { getSettingsSnapshot } from '../settings/settings-store';
import { ICE_SERVERS_OVERRIDE_KEY, resolveIceServers } from './ice-config';
import { LocalSignaling } from './local-signaling';
import { RoomController, type RoomSnapshot } from './room-controller';
import { showRoomNotice } from './show-room-notice';
import { newParticipantId } from './sanitize';

const randomBytes = (count: number): Uint8Array => crypto.getRandomValues(new Uint8Array(count));

function iceServers(): RTCIceServer[] {
  let override: string | null = null;
  try {
    override = localStorage.getItem(ICE_SERVERS_OVERRIDE_KEY);
  } catch {
    // No storage: the build setting decides.
  }
  return resolveIceServers(override, import.meta.env.VITE_ICE_SERVERS);
}

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
        createSignaling: (selfId, allowCreate) => new LocalSignaling({ selfId, allowCreate }),
        newParticipantId: () => newParticipantId(randomBytes),
        iceServers: iceServers(),
      }),
  );

  useEffect(() => {
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


