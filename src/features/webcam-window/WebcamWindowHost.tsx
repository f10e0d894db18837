import { Suspense, lazy } from 'react';
import { closeWebcamWindow, useWebcamWindowOpen } from './webcam-window-store';

// The window's code loads on first open, so pages that never open it pay only for this host.
const FloatingWebcamWindow = lazy(() => import('./FloatingWebcamWindow'));

/** Mounted once by the app shell; shows the floating webcam window while it is open. */
export function WebcamWindowHost() {
  const open = useWebcamWindowOpen();
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <FloatingWebcamWindow onClose={closeWebcamWindow} />
    </Suspense>
  );
}
