import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { StudioController, type Notice, type StudioSnapshot } from './studio-controller';
import { getSettingsSnapshot, subscribeSettings } from '../settings';
import { downloadBlob } from '../../shared/download';
import { announceRecordingsChanged } from '../../media';
import { BROWSER_ENGINE } from './studio-engine';

const TONE_COLORS: Record<Notice['tone'], string> = { success: 'teal', error: 'red', warning: 'yellow', info: 'blue' };

/**
 * One controller per mounted studio. The preview canvas is created here rather than rendered by
 * React, because a canvas can hand its control to a worker only once and React may remount.
 */
export function useStudioController(container: React.RefObject<HTMLDivElement | null>): {
  controller: StudioController;
  snapshot: StudioSnapshot;
} {
  const queryClient = useQueryClient();
  const [controller] = useState(() => createController(queryClient));

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const canvas = document.createElement('canvas');
    canvas.className = 'studio-preview-canvas';
    canvas.dataset.testid = 'studio-preview';
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', 'Live preview of the recording');
    host.append(canvas);
    void controller.attach(canvas).catch((error: unknown) => {
      notifications.show({ title: 'Recording Failed', message: error instanceof Error ? error.message : String(error), color: 'red' });
    });
    return () => {
      controller.detach();
      canvas.remove();
    };
  }, [container, controller]);

  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
  return { controller, snapshot };
}

function createController(queryClient: ReturnType<typeof useQueryClient>): StudioController {
  return new StudioController({
    settings: getSettingsSnapshot,
    subscribeSettings,
    notify: ({ title, message, tone }) => {
      notifications.show({ title, message, color: TONE_COLORS[tone], autoClose: tone === 'error' ? 8000 : 4000 });
    },
    download: downloadBlob,
    onRecordingsChanged: () => {
      void queryClient.invalidateQueries({ queryKey: ['recordings'] });
      announceRecordingsChanged();
    },
  }, BROWSER_ENGINE);
}
