import { useEffect, useState } from 'react';
import { takeStill, type StillSize } from './video-stills';

/** The library's picture of a recording: drawn at this size (twice the shown 160 × 90, for sharp screens). */
const SIZE: StillSize = { width: 320, height: 180 };
/** Where the picture is taken: just past the start, where the first frame is certain to be drawn. */
const AT_SECONDS = 0.1;

/** A still image of the recording at `url` (null until it is taken, or when it cannot be). */
export function useStill(url: string | null): string | null {
  const [taken, setTaken] = useState<{ url: string; still: string | null } | null>(null);
  useEffect(() => {
    if (!url) return undefined;
    const abort = new AbortController();
    void takeStill(url, AT_SECONDS, SIZE, abort.signal).then((still) => {
      if (!abort.signal.aborted) setTaken({ url, still });
    });
    return () => {
      abort.abort();
    };
  }, [url]);
  return taken?.url === url ? taken.still : null;
}
