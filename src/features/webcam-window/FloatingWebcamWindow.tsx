import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMinus, IconPictureInPictureOff, IconPictureInPictureOn, IconWindowMaximize, IconX } from '@tabler/icons-react';
import { useId, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { ACCESS_DENIED } from '../../media';
import { usePipWindow } from './usePipWindow';
import { useWebcamStream } from './useWebcamStream';
import { returnFocusToPage, useWindowFocus } from './useWindowFocus';
import { useWindowGeometry } from './useWindowGeometry';
import { MINIMIZED_SIZE } from './window-geometry';
import { WebcamBubble, ConnectionStatus } from './WebcamBubble';
import classes from './WebcamWindow.module.css';

/** Every arrow key, alone and with Shift: what moves the window, or resizes it from the handle. */
const ARROW_SHORTCUTS = ['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']
  .flatMap((key) => [key, `Shift+${key}`])
  .join(' ');
const MOVE_HINT = 'Arrow keys move the window; Shift moves it further.';
const RESIZE_HINT = 'Arrow keys resize the window: Right and Down make it bigger, Left and Up smaller; Shift resizes further.';

/**
 * The floating webcam window: in the page it is dragged by its header, resized from its corner and
 * moved with the arrow keys; popped out, it lives in an always-on-top window over other apps.
 */
export default function FloatingWebcamWindow({ onClose }: { onClose: () => void }) {
  const webcam = useWebcamStream({
    onCameraDenied: () => {
      notifications.show({ ...ACCESS_DENIED.webcam, color: 'red', autoClose: 8000 });
      onClose();
    },
    onMicrophoneFailed: (failure) => {
      const notice = failure.denied ? ACCESS_DENIED.microphone : { title: 'Microphone Unavailable', message: failure.message };
      notifications.show({ ...notice, color: 'red', autoClose: 8000 });
    },
  });
  const geometry = useWindowGeometry();
  const pip = usePipWindow();
  const { rect, bar, shape, minimized } = geometry;
  const { restoreRef, minimiseRef, frameRef, popInRef, requestFocus } = useWindowFocus(pip.pipWindow !== null, minimized);
  const moveHintId = useId();
  const resizeHintId = useId();

  const close = () => {
    // Focus leaves before the window does, so it never falls to <body>.
    returnFocusToPage();
    onClose();
  };
  const popIn = () => {
    requestFocus('frame');
    pip.popIn();
  };
  const minimise = (next: boolean) => {
    requestFocus(next ? 'restore' : 'minimise');
    geometry.setMinimized(next);
  };

  const closeButton = (
    <ActionIcon variant="transparent" className={classes.icon} aria-label="Close webcam window" onClick={close}>
      <IconX size={18} aria-hidden />
    </ActionIcon>
  );
  const moveKeys = {
    tabIndex: 0,
    'aria-describedby': moveHintId,
    'aria-keyshortcuts': ARROW_SHORTCUTS,
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      // Escape leaves the window (it stays open) for the page, at the button that opened it.
      if (event.key === 'Escape') {
        event.preventDefault();
        returnFocusToPage();
        return;
      }
      geometry.onKeyDown(event, 'window');
    },
  };

  if (pip.pipWindow) {
    return (
      <>
        <section aria-label="Webcam window" className={classes.bar} style={{ left: bar.x, top: bar.y, ...MINIMIZED_SIZE }}>
          <span className={classes.barTitle}>Popped out</span>
          <span className={classes.spacer} />
          <ActionIcon ref={popInRef} variant="transparent" className={classes.icon} aria-label="Return webcam to page" onClick={popIn}>
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
                    <ActionIcon variant="transparent" className={classes.icon} aria-label="Return webcam to page" onClick={popIn}>
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
        ref={frameRef}
        aria-label="Webcam window"
        className={classes.bar}
        style={{ left: bar.x, top: bar.y, ...MINIMIZED_SIZE }}
        {...moveKeys}
        {...geometry.moveHandlers}
      >
        <span className={classes.barTitle}>Webcam</span>
        <ConnectionStatus webcam={webcam} />
        <span className={classes.spacer} />
        <ActionIcon
          ref={restoreRef}
          variant="transparent"
          className={classes.icon}
          aria-label="Restore webcam window"
          onClick={() => {
            minimise(false);
          }}
        >
          <IconWindowMaximize size={18} aria-hidden />
        </ActionIcon>
        {closeButton}
        <span id={moveHintId} className={`${classes.keyHint} ${classes.barHint}`}>
          {MOVE_HINT}
        </span>
      </section>
    );
  }

  return (
    <section
      ref={frameRef}
      aria-label="Webcam window"
      className={classes.window}
      data-shape={shape}
      style={{ left: rect.x, top: rect.y, width: rect.width, height: rect.height }}
      {...moveKeys}
    >
      <WebcamBubble
        webcam={webcam}
        shape={shape}
        onCycleShape={geometry.cycleShape}
        headerHandlers={geometry.moveHandlers}
        headerActions={
          <>
            <ActionIcon
              ref={minimiseRef}
              variant="transparent"
              className={classes.icon}
              aria-label="Minimise webcam window"
              onClick={() => {
                minimise(true);
              }}
            >
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
                // In the page, focus waits on the button that brings the window back.
                requestFocus('popIn');
                pip.popOut({ width: rect.width, height: rect.height }).catch((error: unknown) => {
                  requestFocus(null);
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
      <span id={moveHintId} className={`${classes.keyHint} ${classes.moveHint}`}>
        {MOVE_HINT}
      </span>
      <button
        type="button"
        className={classes.resize}
        aria-label="Resize webcam window"
        aria-describedby={resizeHintId}
        aria-keyshortcuts={ARROW_SHORTCUTS}
        onKeyDown={(event) => {
          geometry.onKeyDown(event, 'size');
        }}
        {...geometry.resizeHandlers}
      >
        <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden>
          <path d="M11 3 3 11M11 7 7 11" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      <span id={resizeHintId} className={`${classes.keyHint} ${classes.resizeHint}`}>
        {RESIZE_HINT}
      </span>
    </section>
  );
}
