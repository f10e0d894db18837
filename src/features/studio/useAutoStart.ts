import { useEffect, useRef, useState } from 'react';
import type { StudioController, StudioSnapshot } from './studio-controller';
import { useSettings } from '../settings';
import { autoStartSpent, shouldAutoStart } from './auto-start';

/**
 * Runs the Settings "auto-start" rule for this studio visit; returns whether it is still waiting.
 * Call it after useStudioController: effects run in order, so the studio is attached first.
 */
export function useAutoStart(controller: StudioController, snapshot: StudioSnapshot): boolean {
  const enabled = useSettings().video.autoStart;
  const spent = useRef(false);
  const [done, setDone] = useState(false);

  // Every change of the studio is seen here, not only those React renders: a Start pressed by hand
  // that fails at once is acquiring for a moment, and that moment must use auto-start up too.
  useEffect(() => {
    const check = () => {
      if (spent.current || !autoStartSpent(controller.getSnapshot())) return;
      spent.current = true;
      setDone(true);
    };
    check();
    return controller.subscribe(check);
  }, [controller]);

  useEffect(() => {
    if (!shouldAutoStart(enabled, spent.current, snapshot)) return;
    spent.current = true;
    setDone(true);
    void controller.start();
  }, [enabled, snapshot, controller]);

  return enabled && !done && snapshot.recordingState === 'idle';
}
