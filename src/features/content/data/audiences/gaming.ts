import type { AudienceBody } from '../../content-types';

export const gaming: AudienceBody = {
  hero: {
    headline: 'Record gameplay with a facecam, straight from your browser',
    subheadline:
      'Capture a game window or your whole screen with your camera in a bubble and the game audio, at up to 60 fps. No installer, no watermark, and the file stays on your machine.',
  },
  benefits: [
    {
      icon: 'gamepad',
      title: 'Facecam built in',
      description: 'Put your camera in any corner, edge or the centre, as a circle, rounded rectangle or square.',
    },
    {
      icon: 'sparkles',
      title: 'Up to 60 fps',
      description: 'Choose 30 or 60 fps and up to 4K in Settings. The recorder steps down smoothly if your PC is busy.',
    },
    {
      icon: 'microphone',
      title: 'Game audio and voice',
      description: 'Share tab or system audio with the screen and your microphone is mixed in on the same track.',
    },
    {
      icon: 'bolt',
      title: 'Quick clips',
      description: 'Press Start, play, then stop from the browser’s sharing bar (or with Alt+Shift+R in the studio tab). The file downloads as soon as it is ready.',
    },
  ],
  useCaseDescription:
    'Framecast suits browser games, casual and strategy games, let’s-plays and tutorials for your channel or your friends. For long competitive sessions on a demanding game, a dedicated desktop tool can use less of your computer; for quick highlights and commentary, recording in the browser is the fastest way to start.',
  targetAudience: 'Gamers and game creators who want facecam recordings without setting up capture software.',
  commonTasks: [
    'Record a browser game with your facecam and voice',
    'Capture a desktop game window with game audio',
    'Record a short tutorial or strategy explanation',
    'Save a highlight to share with friends',
    'Record reactions to a trailer or a match',
  ],
  faqItems: [
    {
      question: 'Will recording slow my game down?',
      answer:
        'Recording uses some CPU for encoding. If your frame rate drops, lower the game’s graphics settings, close background apps, or record at 1080p and 30 fps instead of 4K or 60 fps.',
    },
    {
      question: 'Can I record full-screen games?',
      answer:
        'Share the entire screen in the browser’s picker to capture a full-screen game. If you see a black picture or the audio drifts out of sync, switch the game to windowed full-screen (borderless) mode.',
    },
    {
      question: 'Can I stream live with it?',
      answer: 'No. Framecast records to a file on your computer; it does not stream to Twitch or YouTube Live.',
    },
  ],
};
