import { useEffect, useRef, useState } from 'react';
import { modeNeedsWebcam } from '../recording/mode-needs';
import type { StudioController, StudioSnapshot } from '../recording/studio-controller';
import { useSettings } from '../settings/useSettings';
import { shouldAutoStart } from './auto-start';

/**
 * Runs the Settings "auto-start" rule for this studio visit; returns whether it is still waiting.
 * Call it after useStudioController: effects run in order, so the studio is attached first.
 */
export function useAutoStart(controller: StudioController, snapshot: StudioSnapshot): boolean {
  const enabled = useSettings().video.autoStart;
  const started = useRef(false);
  const [done, setDone] = useState(false);
  const { mode } = snapshot;

  // The camera needs no click, so auto-start brings it up; the screen picker does need one.
  useEffect(() => {
    if (enabled && !started.current && modeNeedsWebcam(mode)) void controller.connectWebcam();
  }, [enabled, mode, controller]);

  useEffect(() => {
    if (!shouldAutoStart(enabled, started.current, snapshot)) return;
    started.current = true;
    setDone(true);
    void controller.start();
  }, [enabled, snapshot, controller]);

  return enabled && !done && snapshot.recordingState === 'idle';
}
