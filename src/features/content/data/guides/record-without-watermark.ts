import type { GuideBody } from '../../content-types';

export const recordWithoutWatermark: GuideBody = {
  intro:
    'Many free recorders stamp their logo on your video or cap free recordings at a few minutes. Framecast adds no watermark and has no plan limits. Here is the whole process.',
  steps: [
    {
      number: 1,
      title: 'Open the studio',
      description:
        'There is nothing to install and no account to create. Open the studio in Chrome, Edge or Firefox on your computer.',
    },
    {
      number: 2,
      title: 'Choose what to record',
      description:
        'Pick Screen Only, Webcam Only, or Screen + Webcam for a camera bubble burned into the video.',
    },
    {
      number: 3,
      title: 'Press Start',
      description: 'Allow the camera and microphone if asked, choose a screen, window or tab in the picker, and record.',
    },
    {
      number: 4,
      title: 'Stop and download',
      description:
        'Press Stop. You get a clean WebM file with no logo, no watermark and no end card. Each recording can run for up to 3 hours, and you can record as many as your disk holds.',
      tips: ['Install the app from your browser’s address bar to record offline too.'],
    },
  ],
  commonIssues: [
    {
      problem: 'My editor or platform does not accept WebM',
      solution:
        'Most do, including YouTube and the major browsers. If yours does not, use Export as MP4 in your recordings; no watermark is added.',
    },
  ],
};
