import { useEffect } from 'react';
import type { StudioController } from './studio-controller';
import { getSettingsSnapshot, subscribeSettings } from '../settings';
import { liveSettingsChange } from './live-settings';

/**
 * Settings changed while the studio is open (here or in another tab) reach the live capture: the
 * preview size, the camera and screen constraints, and the microphone's processing. A recording in
 * progress keeps what it started with; the change is applied once the studio is idle again.
 */
export function useFollowSettings(controller: StudioController): void {
  useEffect(() => {
    let applied = getSettingsSnapshot();
    let applying = false;
    let live = true;

    const follow = async (): Promise<void> => {
      if (applying || !live) return;
      const next = getSettingsSnapshot();
      const change = liveSettingsChange(applied, next);
      if (!change) return;
      applying = true;
      const done = await controller.followSettings(change).finally(() => {
        applying = false;
      });
      if (!done) return;
      applied = next;
      // Settings may have changed again while this was applied.
      await follow();
    };
    const onChange = () => {
      void follow();
    };

    const stopSettings = subscribeSettings(onChange);
    // A change that arrived mid-recording is applied when the studio comes back to idle.
    const stopStudio = controller.subscribe(onChange);
    return () => {
      live = false;
      stopSettings();
      stopStudio();
    };
  }, [controller]);
}
