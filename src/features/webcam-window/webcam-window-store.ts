/**
 * Whether the floating webcam window is open. Module-level, so a launcher anywhere (the studio,
 * Home's Quick Start modal) opens the one window the app shell hosts, and the window outlives the
 * launcher: closing the modal or changing page keeps it open.
 */
import { useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();
let open = false;

function setOpen(next: boolean): void {
  if (next === open) return;
  open = next;
  for (const listener of [...listeners]) listener();
}

export const openWebcamWindow = (): void => {
  setOpen(true);
};

export const closeWebcamWindow = (): void => {
  setOpen(false);
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useWebcamWindowOpen(): boolean {
  // The window is never open in prerendered HTML.
  return useSyncExternalStore(subscribe, () => open, () => false);
}
