import { useEffect, useState } from 'react';
import { thumbnailTimes } from '../../media';
import { drawAt, hiddenVideo } from './video-stills';
import { reportingAs } from '../../shared/report-error';

const WIDTH = 160;
const HEIGHT = 90;

/** A strip of small pictures of a recording, taken by seeking a hidden video element. */
export function useThumbnails(url: string | null, durationS: number, count: number): string[] {
  const [thumbnails, setThumbnails] = useState<string[]>([]);
  useEffect(() => {
    if (!url) return undefined;
    const state = { cancelled: false };
    const { video, release } = hiddenVideo(url);
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const context = canvas.getContext('2d');
    void (async () => {
      if (!context) return;
      const taken: string[] = [];
      for (const time of thumbnailTimes(durationS, count)) {
        await drawAt(video, time, context);
        if (state.cancelled) return;
        taken.push(canvas.toDataURL('image/jpeg', 0.6));
        setThumbnails([...taken]);
      }
      release();
    })().catch(reportingAs('library: thumbnails'));
    return () => {
      state.cancelled = true;
      release();
    };
  }, [url, durationS, count]);
  return thumbnails;
}
