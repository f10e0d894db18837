/** The notice for each capture device the browser refused; shared by the studio and the webcam window. */
export type DeviceKind = 'screen' | 'webcam' | 'microphone';

export const ACCESS_DENIED: Record<DeviceKind, { title: string; message: string }> = {
  webcam: { title: 'Webcam Access Denied', message: 'Please allow camera access to record videos.' },
  microphone: { title: 'Microphone Access Denied', message: 'Please allow microphone access to record audio.' },
  screen: { title: 'Screen Capture Denied', message: 'Please allow screen capture to record your screen.' },
};
