/** Releases every track of `stream` (the camera light and the browser's recording indicator go off). */
export function stopStream(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => {
    track.stop();
  });
}
