import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMinus, IconPictureInPictureOff, IconPictureInPictureOn, IconWindowMaximize, IconX } from '@tabler/icons-react';
import { createPortal } from 'react-dom';
import { ACCESS_DENIED } from '../../shared/media-access';
import { usePipWindow } from './usePipWindow';
import { useWebcamStream } from './useWebcamStream';
import { useWindowGeometry } from './useWindowGeometry';
import { MINIMIZED_SIZE } from './window-geometry';
import { WebcamBubble, ConnectionStatus } from './WebcamBubble';
import classes from './WebcamWindow.module.css';

/**
 * The floating webcam window: in the page it is dragged by its header, resized from its corner and
 * moved with the arrow keys; popped out, it lives in an always-on-top window over other apps.
 */
export default function FloatingWebcamWindow({ onClose }: { onClose: () => void }) {
  const webcam = useWebcamStream(() => {
    notifications.show({ ...ACCESS_DENIED.webcam, color: 'red', autoClose: 8000 });
    onClose();
  });
  const geometry = useWindowGeometry();
  const pip = usePipWindow();
  const { rect, bar, shape, minimized } = geometry;

  const closeButton = (
    <ActionIcon variant="transparent" className={classes.icon} aria-label="Close webcam window" onClick={onClose}>
      <IconX size={18} aria-hidden />
    </ActionIcon>
  );

  if (pip.pipWindow) {
    return (
      <>
        <section aria-label="Webcam window" className={classes.bar} style={{ left: bar.x, top: bar.y, ...MINIMIZED_SIZE }}>
          <span className={classes.barTitle}>Popped out</span>
          <span className={classes.spacer} />
          <ActionIcon variant="transparent" className={classes.icon} aria-label="Return webcam to page" onClick={pip.popIn}>
            <IconPictureInPictureOff size={18} aria-hidden />
          </ActionIcon>
          {closeButton}
        </section>
        {createPortal(
          <div className={classes.pip}>
            <section className={classes.pipFrame} data-shape={shape} aria-label="Webcam window">
              <WebcamBubble
                webcam={webcam}
                shape={shape}
                onCycleShape={geometry.cycleShape}
                headerActions={
                  <>
                    <ActionIcon variant="transparent" className={classes.icon} aria-label="Return webcam to page" onClick={pip.popIn}>
                      <IconPictureInPictureOff size={18} aria-hidden />
                    </ActionIcon>
                    {closeButton}
                  </>
                }
              />
            </section>
          </div>,
          pip.pipWindow.document.body,
        )}
      </>
    );
  }

  if (minimized) {
    return (
      <section
        aria-label="Webcam window"
        className={classes.bar}
        style={{ left: bar.x, top: bar.y, ...MINIMIZED_SIZE }}
        tabIndex={0}
        onKeyDown={(event) => {
          geometry.onKeyDown(event, 'window');
        }}
        {...geometry.moveHandlers}
      >
        <span className={classes.barTitle}>Webcam</span>
        <ConnectionStatus webcam={webcam} />
        <span className={classes.spacer} />
        <ActionIcon variant="transparent" className={classes.icon} aria-label="Restore webcam window" onClick={() => { geometry.setMinimized(false); }}>
          <IconWindowMaximize size={18} aria-hidden />
        </ActionIcon>
        {closeButton}
      </section>
    );
  }

  return (
    <section
      aria-label="Webcam window"
      className={classes.window}
      data-shape={shape}
      style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
      tabIndex={0}
      onKeyDown={(event) => {
        geometry.onKeyDown(event, 'window');
      }}
    >
      <WebcamBubble
        webcam={webcam}
        shape={shape}
        onCycleShape={geometry.cycleShape}
        headerHandlers={geometry.moveHandlers}
        headerActions={
          <>
            <ActionIcon variant="transparent" className={classes.icon} aria-label="Minimise webcam window" onClick={() => { geometry.setMinimized(true); }}>
              <IconMinus size={18} aria-hidden />
            </ActionIcon>
            {closeButton}
          </>
        }
        extraControls={
          pip.supported ? (
            <ActionIcon
              variant="transparent"
              className={classes.icon}
              aria-label="Pop out webcam window"
              onClick={() => {
                pip.popOut({ width: rect.width, height: rect.height }).catch((error: unknown) => {
                  // The browser refuses, e.g. while another pop-out is being opened; the window stays in the page.
                  notifications.show({
                    title: 'Could not pop out the webcam',
                    message: error instanceof Error ? error.message : String(error),
                    color: 'red',
                  });
                });
              }}
            >
              <IconPictureInPictureOn size={18} aria-hidden />
            </ActionIcon>
          ) : null
        }
      />
      <button
        type="button"
        className={classes.resize}
        aria-label="Resize webcam window"
        onKeyDown={(event) => {
          geometry.onKeyDown(event, 'size');
        }}
        {...geometry.resizeHandlers}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden>
          <path d="M11 3 3 11M11 7 7 11" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </section>
  );
}
