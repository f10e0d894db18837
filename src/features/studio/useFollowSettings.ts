import { useEffect } from 'react';
import type { StudioController } from '../recording/studio-controller';
import { getSettingsSnapshot, subscribeSettings } from '../settings/settings-store';

/**
 * A quality changed while the studio is open (here or in another tab) resizes the preview at once;
 * a recording in progress keeps the size it started with.
 */
export function useFollowSettings(controller: StudioController): void {
  useEffect(() => {
    let quality = getSettingsSnapshot().video.quality;
    return subscribeSettings((settings) => {
      if (settings.video.quality === quality) return;
      quality = settings.video.quality;
      controller.applySettings();
    });
  }, [controller]);
}
