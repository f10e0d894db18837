/** What an MP4 export is called and what its audio plays in: the dialog's words, kept pure. */
export type Mp4AudioCodec = 'aac' | 'opus';

/** The library name of an MP4 exported from a recording named `name`. */
export function mp4Name(name: string): string {
  return `${name} (MP4)`.slice(0, 120);
}

/** What the dialog says about the audio an export will carry. */
export function mp4AudioNote(codec: Mp4AudioCodec): string {
  return codec === 'aac'
    ? 'H.264 video with AAC audio: plays everywhere, including QuickTime, iPhone and Windows.'
    : 'H.264 video with Opus audio (this browser cannot encode AAC). It plays in Chrome, Edge, Firefox, VLC and Safari 17 or later; some older players and editors play the picture without sound.';
}

/** "1:05 left" style estimate from progress so far, or null until there is enough to go on. */
export function timeLeft(fraction: number, elapsedMs: number): number | null {
  if (fraction < 0.02 || elapsedMs < 1000) return null;
  return Math.max(0, (elapsedMs / fraction) * (1 - fraction));
}
