import { reportingAs } from '../../shared/report-error';
/**
 * Fallback pipeline (no MediaStreamTrackProcessor: Firefox, Safari): plays a track in a hidden
 * <video> and copies each new frame to an ImageBitmap for `send`, which transfers it to a worker.
 * The next frame is taken only once `send` settles, so a slow worker never builds a backlog here.
 */
export function pumpVideoFrames(track: MediaStreamTrack, send: (frame: ImageBitmap) => Promise<void>): () => void {
  const video = document.createElement('video');
  video.muted = true;
  video.playsInline = true;
  video.srcObject = new MediaStream([track]);
  let running = true;
  const onFrame = () => {
    if (!running) return;
    void createImageBitmap(video)
      .then(send)
      .catch(reportingAs('recording: hand a camera or screen frame to the worker'))
      .finally(() => {
        if (running) video.requestVideoFrameCallback(onFrame);
      });
  };
  void video.play().then(() => video.requestVideoFrameCallback(onFrame));
  return () => {
    running = false;
    video.pause();
    video.srcObject = null;
  };
}
