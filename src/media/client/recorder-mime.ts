/** The MediaRecorder types the fallback pipeline records with, best first: WebM, else MP4. */
const MIME_PREFERENCE = [
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4;codecs=avc1,opus',
  'video/mp4',
];
/** The MediaRecorder type to record with, or null when the browser can record none we can store. */
export function pickMimeType(isSupported: (type: string) => boolean = (t) => MediaRecorder.isTypeSupported(t)): string | null {
  return MIME_PREFERENCE.find((type) => isSupported(type)) ?? null;
}

/** The stored file's type for a MediaRecorder type: its container, without codecs. */
export const containerOf = (mimeType: string): 'video/webm' | 'video/mp4' => (mimeType.startsWith('video/mp4') ? 'video/mp4' : 'video/webm');
