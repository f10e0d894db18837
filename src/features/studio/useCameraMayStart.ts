import { useEffect, useState } from 'react';
import { isActingKey, mayOpenCameraUnasked } from './page-arrival';

function arrivedFromThisApp(): boolean {
  if (typeof window === 'undefined') return false;
  const [entry] = performance.getEntriesByType('navigation');
  return mayOpenCameraUnasked({
    referrer: document.referrer,
    origin: window.location.origin,
    landingPath: entry ? new URL(entry.name).pathname : window.location.pathname,
    path: window.location.pathname,
  });
}

/**
 * True once this studio visit may turn the camera on by itself: at once for a visit that began in
 * Framecast, otherwise after the first click or key press in the page. The switch waits one task
 * after that event, so the mode it chose (a click on Screen Only) is in place before the camera
 * decision is made.
 */
export function useCameraMayStart(): boolean {
  const [trusted, setTrusted] = useState(arrivedFromThisApp);

  useEffect(() => {
    if (trusted) return;
    let timer: number | undefined;
    const trust = () => {
      timer ??= window.setTimeout(() => {
        setTrusted(true);
      }, 0);
    };
    const onKey = (event: KeyboardEvent) => {
      if (isActingKey(event.key)) trust();
    };
    window.addEventListener('click', trust);
    window.addEventListener('keyup', onKey);
    return () => {
      window.removeEventListener('click', trust);
      window.removeEventListener('keyup', onKey);
      window.clearTimeout(timer);
    };
  }, [trusted]);

  return trusted;
}
