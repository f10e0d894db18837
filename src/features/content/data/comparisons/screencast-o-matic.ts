import type { ComparisonBody } from '../../content-types';

export const screencastOMatic: ComparisonBody = {
  summary:
    'Screencast-O-Matic, now called ScreenPal, is an easy screen recorder with a free plan and low-cost paid plans that add editing, hosting and more. Its free plan has historically capped recordings at 15 minutes and added a watermark. Framecast is free with neither, and needs no launcher or account.',
  comparisonTable: [
    { feature: 'Price', ours: 'Free', theirs: 'Free plan; paid plans for more features (at the time of writing)', winner: 'us' },
    { feature: 'Free recording length', ours: 'No plan limits (3 hours per recording)', theirs: 'Limited on the free plan (15 minutes historically)', winner: 'us' },
    { feature: 'Watermark', ours: 'Never', theirs: 'On free-plan videos', winner: 'us' },
    { feature: 'Install', ours: 'None, runs in the browser', theirs: 'Desktop launcher or app', winner: 'us' },
    { feature: 'Account', ours: 'Not needed', theirs: 'Needed for most features', winner: 'us' },
    { feature: 'Editing', ours: 'None', theirs: 'Editor on paid plans', winner: 'them' },
    { feature: 'Hosting and sharing', ours: 'You share the file', theirs: 'Hosting and share links', winner: 'them' },
    { feature: 'Webcam overlay', ours: '9 positions, 3 shapes, 3 sizes', theirs: 'Webcam overlay', winner: 'tie' },
    { feature: 'Mobile app', ours: 'No', theirs: 'Yes', winner: 'them' },
  ],
  ourAdvantages: [
    'No watermark and no 15-minute cap, without paying',
    'No launcher, no account',
    'Recordings never leave your computer',
    'Works offline once installed',
  ],
  theirAdvantages: [
    'A built-in editor and stock media on paid plans',
    'Video hosting with share links',
    'Mobile apps',
    'Quizzes and interactive features for education on paid plans',
  ],
  bottomLine:
    'If you want editing and hosting in one inexpensive subscription, ScreenPal is a good choice. If you want long recordings with no plan limits and no watermark, for free and in private, choose Framecast.',
};
