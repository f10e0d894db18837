import { Button, type ButtonProps } from '@mantine/core';
import { IconCameraSelfie } from '@tabler/icons-react';
import { closeWebcamWindow, openWebcamWindow, useWebcamWindowOpen } from './webcam-window-store';

interface WebcamWindowLauncherProps extends Omit<ButtonProps, 'children' | 'onClick'> {
  /** Called after the window was opened, e.g. to close the modal the launcher sits in. */
  onOpened?: () => void;
}

/**
 * Opens (or closes) the floating webcam window. Self-contained: the window itself is hosted by the
 * app shell, so this button can sit in a modal that closes right after. Default export for lazy().
 */
export function WebcamWindowLauncher({ onOpened, ...buttonProps }: WebcamWindowLauncherProps) {
  const open = useWebcamWindowOpen();
  return (
    <Button
      leftSection={<IconCameraSelfie size={16} aria-hidden />}
      // The window returns focus here when it is closed from its own Close button.
      data-webcam-window-launcher
      {...buttonProps}
      onClick={() => {
        if (open) {
          closeWebcamWindow();
          return;
        }
        openWebcamWindow();
        onOpened?.();
      }}
    >
      {open ? 'Close Floating Webcam' : 'Open Floating Webcam'}
    </Button>
  );
}

export default WebcamWindowLauncher;
