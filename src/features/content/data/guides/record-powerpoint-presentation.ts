import type { GuideBody } from '../../content-types';

export const recordPowerpointPresentation: GuideBody = {
  intro: 'Record a PowerPoint, Keynote or Google Slides presentation with your face in a corner and your voice, ready to send.',
  steps: [
    {
      number: 1,
      title: 'Prepare your slideshow',
      description:
        'In PowerPoint, choose Slide Show › Set Up Slide Show › Browsed by an individual (window), so the show runs in a window you can share. In Google Slides, start Present in its browser tab.',
      tips: ['Leave the bottom-right corner of your slides fairly empty: that is where your webcam bubble will sit.'],
    },
    {
      number: 2,
      title: 'Choose Screen + Webcam and place your bubble',
      description:
        'Open the studio, select Screen + Webcam and allow your camera. A small or medium circle in the bottom-right corner usually covers the least of a slide.',
    },
    {
      number: 3,
      title: 'Start and pick the slideshow',
      description:
        'Press Start and choose the slideshow window (or the Google Slides tab) in the picker. Recording starts when you confirm.',
    },
    {
      number: 4,
      title: 'Present as usual',
      description:
        'Go through your slides and talk. To pause while you find your place, switch to the studio tab and press Pause (or Alt+Shift+P there), then Resume; the pause does not appear in the video.',
    },
    {
      number: 5,
      title: 'Stop and share',
      description:
        'Press Stop. The WebM file downloads automatically. Send it, upload it to your drive or learning platform, or use Export as MP4 if the recipient needs that.',
    },
  ],
  commonIssues: [
    {
      problem: 'The slideshow covers the whole screen and I cannot reach the studio',
      solution:
        'Run the show in a window as in step 1, or switch to the browser (Alt+Tab, or Cmd+Tab on a Mac) and press Stop in the studio tab. You can also stop sharing from the browser’s sharing bar, which ends the recording cleanly.',
    },
    {
      problem: 'The text on my slides is blurry',
      solution: 'Record at 1080p or higher and a bitrate of at least 5 Mbps in Settings.',
    },
  ],
};
