import type { GuideBody } from '../../content-types';

export const recordScreenWithWebcam: GuideBody = {
  intro:
    'By the end you will have a WebM video of your screen with your webcam in a bubble, burned into the picture, plus your voice.',
  steps: [
    {
      number: 1,
      title: 'Open the studio and choose Screen + Webcam',
      description:
        'Go to the studio and select Screen + Webcam in the recording mode selector. Your browser asks once for camera permission; allow it and your camera appears in the preview.',
      tips: ['Use Chrome or Edge for the smoothest recording, especially if you switch to other tabs while recording.'],
    },
    {
      number: 2,
      title: 'Place your webcam bubble',
      description:
        'Pick a shape (circle, rounded rectangle or square), a size (small, medium or large) and one of 9 positions: the four corners, the middle of each edge, or the centre. The preview shows exactly what will be recorded.',
      tips: [
        'Bottom-right is the usual choice for slides and documents; top-right keeps a taskbar or toolbar visible.',
        'The bubble is burned in: it cannot be moved after recording, so check the preview first.',
      ],
    },
    {
      number: 3,
      title: 'Check your microphone and quality',
      description:
        'Speak and watch the microphone level meter move. The defaults (1080p, 5 Mbps, 30 fps) suit most recordings; change them under Recording Settings if you need 4K, 60 fps or smaller files.',
      tips: ['Sit facing a window or a lamp: light on your face matters more for webcam quality than the camera itself.'],
    },
    {
      number: 4,
      title: 'Press Start and choose what to share',
      description:
        'Press Start. The browser’s picker opens: choose an entire screen, a window or a browser tab. Recording begins as soon as you confirm, and the preview shows a REC badge.',
      tips: [
        'To include sound from a video or a call, share a tab and switch on "Share tab audio" in the picker.',
        'Sharing a single tab or window keeps notifications and other windows out of the video.',
      ],
    },
    {
      number: 5,
      title: 'Pause, resume and stop',
      description:
        'Pause whenever you need a break and resume when ready; paused time is left out of the video. Press Stop when you are done. While the studio tab is in front you can also press Alt+Shift+R to start or stop and Alt+Shift+P to pause or resume.',
    },
    {
      number: 6,
      title: 'Get your file',
      description:
        'After Stop, the WebM file downloads automatically (or press Download if you switched auto-save off). A copy stays in your browser’s local library until you delete it, so a cancelled download loses nothing.',
    },
  ],
  commonIssues: [
    {
      problem: 'The webcam does not appear',
      solution:
        'Check the camera permission in your browser’s address bar and refresh the page. Close other apps that may be using the camera, such as video-call apps, then press Connect Webcam.',
    },
    {
      problem: 'The recording has no sound',
      solution:
        'Check the microphone permission and that the audio toggle is on. For sound from your computer, share a tab with tab audio, or turn on "Capture system audio" in Settings and tick the audio option in the picker.',
    },
    {
      problem: 'The video looks blurry',
      solution: 'Select a higher resolution or bitrate in Settings, improve the lighting on your face, and close other heavy apps.',
    },
  ],
};
