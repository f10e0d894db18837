import { describe, expect, it } from 'vitest';
import { containerOf, pickMimeType } from '../../src/media/client/recorder-mime';

describe('the MediaRecorder type the fallback records with', () => {
  it('prefers WebM, VP9 first', () => {
    expect(pickMimeType(() => true)).toBe('video/webm;codecs=vp9,opus');
    expect(pickMimeType((t) => t !== 'video/webm;codecs=vp9,opus')).toBe('video/webm;codecs=vp8,opus');
  });

  it('records MP4 where the browser writes no WebM (WebKitGTK, older Safari)', () => {
    const onlyMp4 = (t: string) => t.startsWith('video/mp4');
    expect(pickMimeType(onlyMp4)).toBe('video/mp4;codecs=avc1,mp4a.40.2');
    expect(pickMimeType((t) => t === 'video/mp4')).toBe('video/mp4');
    expect(containerOf('video/mp4;codecs=avc1,mp4a.40.2')).toBe('video/mp4');
    expect(containerOf('video/webm;codecs=vp8,opus')).toBe('video/webm');
  });

  it('is null where nothing we can store is offered, so the studio says so before Start', () => {
    expect(pickMimeType(() => false)).toBeNull();
    expect(pickMimeType((t) => t === 'video/x-matroska')).toBeNull();
  });
});
