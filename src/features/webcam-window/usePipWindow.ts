import { useEffect, useState } from 'react';
import { documentPip } from './pip-support';

const SCHEME_ATTRIBUTE = 'data-mantine-color-scheme';

/** The pop-out window gets the page's styles, so the same components look the same there. */
function copyStyles(pip: Window): void {
  const target = pip.document;
  for (const node of document.head.querySelectorAll('link[rel="stylesheet"], style')) {
    target.head.append(node.cloneNode(true));
  }
  target.title = 'Webcam';
  target.body.style.margin = '0';
}

/** Mirrors the page's colour scheme into the pop-out window while it is open. */
function followColorScheme(pip: Window): () => void {
  const target = pip.document;
  const syncScheme = () => {
    const scheme = document.documentElement.getAttribute(SCHEME_ATTRIBUTE);
    if (scheme) target.documentElement.setAttribute(SCHEME_ATTRIBUTE, scheme);
  };
  syncScheme();
  const observer = new MutationObserver(syncScheme);
  observer.observe(document.documentElement, { attributes: true, attributeFilter: [SCHEME_ATTRIBUTE] });
  return () => {
    observer.disconnect();
  };
}

export interface PipWindowControl {
  /** Whether this browser can pop the window out at all; where it cannot, no button is shown. */
  supported: boolean;
  pipWindow: Window | null;
  popOut: (size: { width: number; height: number }) => Promise<void>;
  popIn: () => void;
}

/** An always-on-top Document Picture-in-Picture window; closing it (any way) brings content back. */
export function usePipWindow(): PipWindowControl {
  const [pipWindow, setPipWindow] = useState<Window | null>(null);
  const api = documentPip(window);

  useEffect(() => {
    if (!pipWindow) return;
    const stopSync = followColorScheme(pipWindow);
    const onClosed = () => {
      setPipWindow(null);
    };
    pipWindow.addEventListener('pagehide', onClosed);
    return () => {
      stopSync();
      pipWindow.removeEventListener('pagehide', onClosed);
      pipWindow.close();
    };
  }, [pipWindow]);

  return {
    supported: api !== null,
    pipWindow,
    popOut: async ({ width, height }) => {
      if (!api) return;
      const pip = await api.requestWindow({ width, height });
      copyStyles(pip);
      setPipWindow(pip);
    },
    popIn: () => {
      setPipWindow(null);
    },
  };
}
