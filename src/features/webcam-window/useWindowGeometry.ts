import { useEffect, useState, useSyncExternalStore, type KeyboardEvent, type PointerEvent } from 'react';
import { applyShape, arrowDelta, defaultRect, isArrowKey, keepBarInside, keepInside, moveBy, nextShape, nudge, nudgeSize, resizeBy, type Rect, type Viewport } from './window-geometry';
import type { WindowState } from './window-state';
import { loadWindowState, saveWindowState } from './window-storage';

function subscribeViewport(notify: () => void): () => void {
  window.addEventListener('resize', notify);
  return () => {
    window.removeEventListener('resize', notify);
  };
}

// The layout viewport without scrollbars: a window under a scrollbar could not be grabbed.
const viewportWidth = () => document.documentElement.clientWidth;
const viewportHeight = () => document.documentElement.clientHeight;

function useViewport(): Viewport {
  const width = useSyncExternalStore(subscribeViewport, viewportWidth);
  const height = useSyncExternalStore(subscribeViewport, viewportHeight);
  return { width, height };
}

interface Gesture {
  kind: 'move' | 'resize';
  pointerId: number;
  startX: number;
  startY: number;
  start: Rect;
}

/** Pointer handlers for an element that starts a gesture; the pointer is captured until release. */
export interface GestureHandlers {
  onPointerDown: (event: PointerEvent<HTMLElement>) => void;
  onPointerMove: (event: PointerEvent<HTMLElement>) => void;
  onPointerUp: (event: PointerEvent<HTMLElement>) => void;
  onPointerCancel: (event: PointerEvent<HTMLElement>) => void;
}

/**
 * The window's remembered position, size, shape and minimised state, and the pointer and keyboard
 * gestures that change them. What is drawn is always kept inside the current viewport; what is
 * remembered is the user's own choice, so a narrow window for a moment does not lose it.
 */
export function useWindowGeometry() {
  const [state, setState] = useState<WindowState>(loadWindowState);
  // In state rather than a ref: the move handlers of the next render read where the gesture began.
  const [gesture, setGesture] = useState<Gesture | null>(null);
  const gesturing = gesture !== null;
  const viewport = useViewport();
  const { shape, minimized } = state;
  const rect = keepInside(state.rect ?? defaultRect(viewport), viewport, shape);
  const bar = keepBarInside(rect, viewport);

  // Saved once a gesture ends rather than on every pointer move.
  useEffect(() => {
    if (!gesturing) saveWindowState(state);
  }, [state, gesturing]);

  const setRect = (next: Rect) => {
    setState((current) => ({ ...current, rect: next }));
  };

  const gestureHandlers = (kind: Gesture['kind']): GestureHandlers => ({
    onPointerDown: (event) => {
      // Buttons in the header keep their clicks; only the bare header drags.
      if (event.button !== 0 || (kind === 'move' && (event.target as Element).closest('button'))) return;
      event.preventDefault();
      event.stopPropagation();
      event.currentTarget.setPointerCapture(event.pointerId);
      const start = minimized ? { ...rect, ...bar } : rect;
      setGesture({ kind, pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, start });
    },
    onPointerMove: (event) => {
      const active = gesture;
      if (active?.kind !== kind || active.pointerId !== event.pointerId) return;
      const dx = event.clientX - active.startX;
      const dy = event.clientY - active.startY;
      if (active.kind === 'resize') setRect(resizeBy(active.start, dx, dy, viewport, shape));
      else if (minimized) setRect({ ...active.start, ...keepBarInside({ x: active.start.x + dx, y: active.start.y + dy }, viewport) });
      else setRect(moveBy(active.start, dx, dy, viewport, shape));
    },
    onPointerUp: (event) => {
      if (gesture?.pointerId === event.pointerId) setGesture(null);
    },
    onPointerCancel: (event) => {
      if (gesture?.pointerId === event.pointerId) setGesture(null);
    },
  });

  /** Arrow keys move the window (Shift: further); on the resize handle they resize it. */
  const onKeyDown = (event: KeyboardEvent<HTMLElement>, target: 'window' | 'size') => {
    if (!isArrowKey(event.key)) return;
    event.preventDefault();
    event.stopPropagation();
    if (target === 'size') setRect(nudgeSize(rect, event.key, event.shiftKey, viewport, shape));
    else if (minimized) {
      const [dx, dy] = arrowDelta(event.key, event.shiftKey);
      setRect({ ...rect, ...keepBarInside({ x: bar.x + dx, y: bar.y + dy }, viewport) });
    }
    else setRect(nudge(rect, event.key, event.shiftKey, viewport, shape));
  };

  const cycleShape = () => {
    const next = nextShape(shape);
    setState((current) => ({ ...current, shape: next, rect: applyShape(rect, next, viewport) }));
  };

  const setMinimized = (next: boolean) => {
    setState((current) => ({ ...current, rect, minimized: next }));
  };

  return { rect, bar, shape, minimized, moveHandlers: gestureHandlers('move'), resizeHandlers: gestureHandlers('resize'), onKeyDown, cycleShape, setMinimized };
}
