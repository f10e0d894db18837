import { lazy, Suspense } from 'react';
import { HomePage } from '../features/content';

// Loads with the Persistent Webcam dialog, not with the home page.
const WebcamWindowLauncher = lazy(() => import('../features/webcam-window/WebcamWindowLauncher'));

export default function HomeRoute() {
  return (
    <HomePage
      webcamLauncher={(onOpened) => (
        <Suspense fallback={null}>
          <WebcamWindowLauncher onOpened={onOpened} />
        </Suspense>
      )}
    />
  );
}
