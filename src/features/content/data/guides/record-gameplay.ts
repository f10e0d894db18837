import type { GuideBody } from '../../content-types';

export const recordGameplay: GuideBody = {
  intro:
    'Record a game with your facecam and the game’s audio at up to 60 fps, and keep the game running smoothly while you do.',
  steps: [
    {
      number: 1,
      title: 'Set quality for games',
      description:
        'In Settings, choose 60 fps for fast action and 1080p for a good balance of sharpness and load. Raise the bitrate to 8–10 Mbps: fast motion needs more data than a slide deck.',
      tips: ['4K at 60 fps is demanding. Start at 1080p and go higher only if your computer keeps up.'],
    },
    {
      number: 2,
      title: 'Run the game in windowed full-screen',
      description:
        'Set the game to windowed full-screen (also called borderless) mode. Exclusive full-screen games can show up black in screen capture, and can drift out of sync.',
    },
    {
      number: 3,
      title: 'Add your facecam',
      description:
        'Choose Screen + Webcam, then a small circle or rounded rectangle in a corner where the game shows the least important information, away from the minimap or health bar.',
    },
    {
      number: 4,
      title: 'Share the screen with audio',
      description:
        'Browser games: press Start, choose the game’s tab and switch on tab audio. Desktop games on Windows: turn on "Capture system audio" in Settings, press Start, choose the entire screen and tick the system-audio option.',
      tips: ['Your microphone is mixed in automatically for commentary; mute it with the audio toggle if you want game sound only.'],
    },
    {
      number: 5,
      title: 'Play, then stop',
      description:
        'Play as usual. Press Alt+Shift+R in the studio tab (or stop sharing from the browser bar) to stop. The file downloads when it is ready and stays in your local library.',
    },
    {
      number: 6,
      title: 'Check the result',
      description:
        'Watch the first seconds of the file. If the motion is choppy, lower the game’s graphics settings or the recording resolution; if the picture is blocky, raise the bitrate.',
    },
  ],
  commonIssues: [
    {
      problem: 'The game’s frame rate drops while recording',
      solution: 'Lower the game’s graphics settings, close background apps, and record at 1080p and 30 fps instead of 60.',
    },
    {
      problem: 'Audio is out of sync',
      solution: 'Use windowed full-screen instead of exclusive full-screen, or restart the browser before recording.',
    },
    {
      problem: 'The recording is black',
      solution: 'The game is in exclusive full-screen mode. Switch it to windowed full-screen (borderless) and start again.',
    },
  ],
};
