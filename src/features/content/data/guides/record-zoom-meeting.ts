import type { GuideBody } from '../../content-types';

export const recordZoomMeeting: GuideBody = {
  intro:
    'Record a Zoom meeting, with everyone’s voices and your own, even when you are not the host and cloud recording is not available to you. Always tell participants that you are recording.',
  steps: [
    {
      number: 1,
      title: 'Ask for consent',
      description:
        'Tell everyone in the meeting that you want to record it and get their agreement. In many places, recording a conversation without consent is against the law.',
    },
    {
      number: 2,
      title: 'Decide how Zoom will run',
      description:
        'Browsers can capture a tab’s audio everywhere, but the whole computer’s audio only on Windows and ChromeOS. On Windows or ChromeOS you can use the Zoom desktop app. On macOS or Linux, join the meeting with Zoom’s web client in a Chrome or Edge tab, so you can share that tab with its audio.',
      tips: ['Wear headphones so the other participants’ voices are not picked up a second time by your microphone.'],
    },
    {
      number: 3,
      title: 'Set up the studio',
      description:
        'Open the studio in another tab or window and choose Screen Only, or Screen + Webcam if you want your own face in a corner. If you will share the whole screen on Windows or ChromeOS, turn on "Capture system audio" in Settings.',
    },
    {
      number: 4,
      title: 'Start and share the meeting',
      description:
        'Press Start. In the picker, choose the Zoom web-client tab and switch on tab audio, or choose the entire screen and tick the system-audio option. Your microphone is mixed in, so your voice is recorded too.',
      tips: ['Recording keeps running at full frame rate when you switch back to the meeting tab.'],
    },
    {
      number: 5,
      title: 'Record, then stop',
      description:
        'Go back to the meeting. When it ends, return to the studio and press Stop (or press Alt+Shift+R). The WebM file downloads and a copy stays in your local library.',
    },
  ],
  commonIssues: [
    {
      problem: 'Other people’s voices are missing',
      solution:
        'Tab or system audio was not shared. Stop, then start again and make sure the audio switch in the browser’s picker is on. On macOS and Linux, use the Zoom web client in a tab.',
    },
    {
      problem: 'My own voice is missing',
      solution: 'Check the microphone permission for the studio and that the audio toggle in the control bar is on.',
    },
    {
      problem: 'There is an echo',
      solution: 'Use headphones, so your microphone does not pick up the meeting audio from your speakers.',
    },
  ],
};
