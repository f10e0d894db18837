import { useEffect, useRef } from 'react';

/** The control that should have keyboard focus after the window changes form. */
export type FocusTarget = 'restore' | 'minimise' | 'frame' | 'popIn';

/**
 * Keeps keyboard focus with the window when it changes form: the button that was pressed goes away
 * (Minimise becomes Restore, the pop-out replaces the picture), and focus would fall to <body>.
 * `request` names where focus goes once the next form is on screen; returning from the pop-out,
 * however it was closed, focuses the window.
 */
export function useWindowFocus(poppedOut: boolean, minimized: boolean) {
  const restore = useRef<HTMLButtonElement>(null);
  const minimise = useRef<HTMLButtonElement>(null);
  const frame = useRef<HTMLElement>(null);
  const popIn = useRef<HTMLButtonElement>(null);
  const pending = useRef<FocusTarget | null>(null);
  const wasPoppedOut = useRef(poppedOut);

  useEffect(() => {
    if (wasPoppedOut.current && !poppedOut) pending.current ??= 'frame';
    wasPoppedOut.current = poppedOut;
    const target = pending.current;
    pending.current = null;
    if (target) ({ restore, minimise, frame, popIn })[target].current?.focus();
  }, [poppedOut, minimized]);

  return {
    restoreRef: restore,
    minimiseRef: minimise,
    frameRef: frame,
    popInRef: popIn,
    /** Null forgets a request whose change did not happen. */
    requestFocus: (target: FocusTarget | null) => {
      pending.current = target;
    },
  };
}

/**
 * Where focus goes when the window closes from its own Close button: back to a launcher on the
 * page (the studio's), else to the page's main content, never to <body>.
 */
export function returnFocusToPage(): void {
  const launcher = document.querySelector<HTMLElement>('[data-webcam-window-launcher]');
  (launcher ?? document.getElementById('main'))?.focus();
}
