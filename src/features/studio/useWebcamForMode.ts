import { useEffect } from 'react';
import { modeNeedsWebcam } from '../../media';
import { type StudioController } from './studio-controller';
import type { RecordingMode } from '../../media';

/**
 * The webcam modes bring the camera up on their own, when the studio opens in one and when one is
 * chosen, so the preview is live before Start; auto-start then finds the camera ready. Only once the
 * visit may turn a camera on (see useCameraMayStart).
 */
export function useWebcamForMode(controller: StudioController, mode: RecordingMode, cameraMayStart: boolean): void {
  useEffect(() => {
    if (cameraMayStart && modeNeedsWebcam(mode)) void controller.connectWebcam();
  }, [controller, mode, cameraMayStart]);
}
