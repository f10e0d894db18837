import type { GuideBody } from '../../content-types';

export const createTutorialVideos: GuideBody = {
  intro:
    'A good tutorial is planned before it is recorded. Follow these steps to go from an idea to a clear, tidy video that people can follow along with.',
  steps: [
    {
      number: 1,
      title: 'Define one goal',
      description:
        'Write one sentence: "After this video, the viewer can …". Cut anything that does not serve it. Several short videos beat one long one that covers everything.',
    },
    {
      number: 2,
      title: 'Outline the steps',
      description:
        'List the steps in the order the viewer will do them, with the exact clicks and values. Do a dry run and fix anything that surprises you before the camera is on.',
      tips: ['Prepare example data and accounts in advance, so you never type passwords or personal details on screen.'],
    },
    {
      number: 3,
      title: 'Prepare your screen',
      description:
        'Turn on do-not-disturb, close unrelated windows and tabs, and enlarge fonts and the zoom level so text is readable on a phone. Record a single tab or window where you can.',
    },
    {
      number: 4,
      title: 'Choose the right mode and quality',
      description:
        'Screen + Webcam builds trust for introductions and explanations; Screen Only keeps attention on detailed work. 1080p at 5 Mbps suits most tutorials; choose 4K if your screen is larger than 1080p and detail matters.',
    },
    {
      number: 5,
      title: 'Check your audio',
      description:
        'Clear audio matters more than a perfect picture. Use a headset or a USB microphone if you have one, keep noise suppression on in Settings, and watch the level meter while you speak.',
      tips: ['The studio warns you if your microphone has been silent for a few seconds while recording.'],
    },
    {
      number: 6,
      title: 'Record in sections',
      description:
        'Record one section at a time and pause between them in the studio tab (Pause, or Alt+Shift+P there) to check your outline. Paused time is left out of the file, so the result plays as one continuous video.',
    },
    {
      number: 7,
      title: 'Review and deliver',
      description:
        'Watch the whole video once as a viewer would. Add captions or trim in your editor if needed, then publish the WebM file, or use Export as MP4 if your platform needs that.',
    },
  ],
  commonIssues: [
    {
      problem: 'Viewers cannot read the text',
      solution: 'Increase font sizes and zoom before recording, record at a higher resolution, and share only the window you are working in.',
    },
    {
      problem: 'The webcam image is dark or grainy',
      solution: 'Add light in front of you, not behind; close other apps so the computer is not overloaded; and choose a higher resolution.',
    },
    {
      problem: 'No sound on the recording',
      solution: 'Check the microphone permission in the browser and your system’s input device, and make sure the audio toggle is on.',
    },
  ],
};
