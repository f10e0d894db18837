import { useEffect, useState } from 'react';
import { thumbnailTimes } from '../../shared/mp4/trim-range';

const WIDTH = 160;
const HEIGHT = 90;

/** A strip of small pictures of a recording, taken by seeking a hidden video element. */
export function useThumbnails(url: string | null, durationS: number, count: number): string[] {
  const [thumbnails, setThumbnails] = useState<string[]>([]);
  useEffect(() => {
    if (!url) return undefined;
    const state = { cancelled: false };
    const video = document.createElement('video');
    video.muted = true;
    video.preload = 'auto';
    video.src = url;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const context = canvas.getContext('2d');
    void (async () => {
      const taken: string[] = [];
      for (const time of thumbnailTimes(durationS, count)) {
        video.currentTime = time;
        await new Promise((resolve) => video.addEventListener('seeked', resolve, { once: true }));
        if (state.cancelled || !context) return;
        context.drawImage(video, 0, 0, WIDTH, HEIGHT);
        taken.push(canvas.toDataURL('image/jpeg', 0.6));
        setThumbnails([...taken]);
      }
    })();
    return () => {
      state.cancelled = true;
      video.removeAttribute('src');
      video.load();
    };
  }, [url, durationS, count]);
  return thumbnails;
}
