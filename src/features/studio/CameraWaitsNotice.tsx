import { Alert } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';

/** Shown while a webcam mode waits for a first click, so a camera that stays off is not a mystery. */
export function CameraWaitsNotice() {
  return (
    <Alert variant="light" color="blue" icon={<IconCamera aria-hidden />} data-testid="camera-waits-for-click">
      Click anywhere in the studio to turn on your camera. Framecast never turns a camera on by itself for a page
      opened from outside the app.
    </Alert>
  );
}
