import type { GuideBody } from '../../content-types';

export const recordGoogleMeet: GuideBody = {
  intro:
    'Record a Google Meet call with the meeting audio and your microphone, without needing a Workspace plan that includes Meet recording. Always ask participants for consent first.',
  steps: [
    {
      number: 1,
      title: 'Get everyone’s consent',
      description: 'Tell the other participants you would like to record, and record only if they agree.',
    },
    {
      number: 2,
      title: 'Join the call in Chrome or Edge',
      description:
        'Join the meeting in a browser tab as usual. Google Meet runs in the browser, so its audio can be shared from the tab on every operating system.',
      tips: ['Use headphones to avoid echo and to keep the other voices clean in the recording.'],
    },
    {
      number: 3,
      title: 'Open the studio in a second tab',
      description:
        'Choose Screen Only to record the call as it appears, or Screen + Webcam to add your own camera as a bubble.',
    },
    {
      number: 4,
      title: 'Press Start and share the Meet tab with audio',
      description:
        'In the picker, choose the Chrome Tab (or Edge tab) option, select the Meet tab and make sure "Share tab audio" is on. Your microphone is added automatically.',
    },
    {
      number: 5,
      title: 'Return to the call',
      description:
        'Switch back to the Meet tab and talk as usual. The studio keeps recording smoothly in the background. When you are done, press Stop in the studio tab, or stop sharing from the browser bar.',
    },
  ],
  commonIssues: [
    {
      problem: 'The recording has no sound from the other people',
      solution: 'The tab was shared without audio. Start again and switch on "Share tab audio" in the picker.',
    },
    {
      problem: 'My voice is recorded twice',
      solution: 'Your speakers are feeding the microphone. Use headphones.',
    },
    {
      problem: 'Audio drifts out of sync',
      solution: 'Close other heavy tabs and apps. If it persists, restart the browser before the next recording.',
    },
  ],
};
