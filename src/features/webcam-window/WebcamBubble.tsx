import { ActionIcon, Button } from '@mantine/core';
import {
  IconCamera,
  IconCameraOff,
  IconCircle,
  IconGripHorizontal,
  IconMicrophone,
  IconMicrophoneOff,
  IconRectangle,
  IconSquare,
} from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import type { WebcamStream } from './useWebcamStream';
import type { GestureHandlers } from './useWindowGeometry';
import { nextShape, type WindowShape } from './window-geometry';
import { LevelMeter } from '../../shared/ui/LevelMeter';
import classes from './WebcamWindow.module.css';
import { useMicLevel } from './useMicLevel';

const SHAPE_ICONS = { rectangle: IconRectangle, square: IconSquare, circle: IconCircle } as const;

/** Connected / Disconnected, announced politely when it changes. */
export function ConnectionStatus({ webcam }: { webcam: WebcamStream }) {
  const label = webcam.failure ? 'Disconnected' : webcam.connecting ? 'Connecting…' : webcam.connected ? 'Connected' : 'Disconnected';
  return (
    <span className={classes.status} role="status" data-connected={webcam.connected && !webcam.connecting} data-testid="webcam-status">
      <span className={classes.dot} aria-hidden />
      {label}
    </span>
  );
}

/** What covers the picture: why there is none, with Reconnect where trying again can help. */
function StageNotice({ webcam }: { webcam: WebcamStream }) {
  const reason = webcam.failure ?? (webcam.stream && !webcam.connected && !webcam.connecting ? 'Camera disconnected' : null);
  if (reason) {
    return (
      <div className={classes.notice}>
        <span role="status">{reason}</span>
        <Button size="compact-xs" variant="white" color="dark" onClick={webcam.reconnect}>
          Reconnect
        </Button>
      </div>
    );
  }
  if (!webcam.cameraOn) {
    return (
      <div className={classes.notice}>
        <IconCameraOff size={22} aria-hidden />
        <span>Camera off</span>
      </div>
    );
  }
  return null;
}

function LiveVideo({ stream }: { stream: MediaStream | null }) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.srcObject = stream;
    // A muted camera preview may always play; only a newer stream (a rejection of this one) interrupts it.
    if (stream) void element.play().catch(() => undefined);
  }, [stream]);
  // Muted, so it may autoplay; the picture carries no sound anyway.
  return <video ref={video} className={classes.video} muted playsInline autoPlay aria-label="Live webcam" data-testid="webcam-window-video" />;
}

/** While the microphone is on, its live level: the toggle visibly does something. */
function WindowMicMeter({ stream }: { stream: MediaStream | null }) {
  return <LevelMeter percent={useMicLevel(stream)} label="Microphone level" className={classes.micMeter} />;
}

interface WebcamBubbleProps {
  webcam: WebcamStream;
  shape: WindowShape;
  onCycleShape: () => void;
  /** Dragging the header moves the window (in the page; the pop-out window is moved by the system). */
  headerHandlers?: GestureHandlers;
  headerActions: ReactNode;
  extraControls?: ReactNode;
}

/** The live picture with its header (status, window buttons) and its control bar. */
export function WebcamBubble({ webcam, shape, onCycleShape, headerHandlers, headerActions, extraControls }: WebcamBubbleProps) {
  const ShapeIcon = SHAPE_ICONS[shape];
  const cameraLabel = webcam.cameraOn ? 'Turn camera off' : 'Turn camera on';
  const micLabel = webcam.micOn ? 'Turn microphone off' : 'Turn microphone on';
  return (
    <>
      <div className={classes.stage}>
        <LiveVideo stream={webcam.stream} />
        <StageNotice webcam={webcam} />
      </div>
      <div className={classes.header} data-testid="webcam-window-header" {...headerHandlers}>
        {headerHandlers ? <IconGripHorizontal size={16} aria-hidden /> : null}
        <ConnectionStatus webcam={webcam} />
        <span className={classes.spacer} />
        {headerActions}
      </div>
      <div className={classes.controls}>
        <ActionIcon variant="transparent" className={classes.icon} aria-label={cameraLabel} onClick={webcam.toggleCamera}>
          {webcam.cameraOn ? <IconCamera size={18} aria-hidden /> : <IconCameraOff size={18} aria-hidden />}
        </ActionIcon>
        <ActionIcon variant="transparent" className={classes.icon} aria-label={micLabel} onClick={webcam.toggleMic}>
          {webcam.micOn ? <IconMicrophone size={18} aria-hidden /> : <IconMicrophoneOff size={18} aria-hidden />}
        </ActionIcon>
        {webcam.micOn ? <WindowMicMeter stream={webcam.micStream} /> : null}
        <ActionIcon variant="transparent" className={classes.icon} aria-label={`Shape: ${shape}. Change to ${nextShape(shape)}`} onClick={onCycleShape}>
          <ShapeIcon size={18} aria-hidden />
        </ActionIcon>
        {extraControls}
      </div>
    </>
  );
}
