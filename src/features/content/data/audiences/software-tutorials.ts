import type { AudienceBody } from '../../content-types';

export const softwareTutorials: AudienceBody = {
  hero: {
    headline: 'Clear software tutorials, recorded in your browser',
    subheadline:
      'Show every click with your cursor, explain it with your voice, and add your face when it helps. Record one browser tab, one window or the whole screen, sharp at 1080p or 4K.',
  },
  benefits: [
    {
      icon: 'code',
      title: 'Sharp text',
      description: 'Record at 1080p or 4K with a bitrate up to 10 Mbps so code and small UI text stay readable.',
    },
    {
      icon: 'desktop',
      title: 'Record just a tab',
      description: 'Share a single browser tab to keep notifications, bookmarks and other windows out of the video.',
    },
    {
      icon: 'refresh',
      title: 'Pause between steps',
      description: 'Pause while you set up the next step; the paused time never appears in the file.',
    },
    {
      icon: 'disk',
      title: 'Never lose a take',
      description: 'The recording is saved as you go. If the browser crashes mid-take, recover it on the next visit.',
    },
  ],
  useCaseDescription:
    'Developers, technical writers and product teams use Framecast to record how-to videos, bug reproductions, release walkthroughs and onboarding for internal tools. Because it records straight from the browser, it is especially quick for web apps: share the tab, talk through the steps, and attach the file to your docs, ticket or pull request.',
  targetAudience: 'Technical writers, developers, trainers and product teams who explain software on video.',
  commonTasks: [
    'Record a step-by-step how-to for your documentation',
    'Capture a bug reproduction to attach to a ticket',
    'Walk through a new release or feature',
    'Record onboarding for an internal tool',
    'Explain code with your editor on screen and your webcam in a corner',
  ],
  faqItems: [
    {
      question: 'Can I hide my cursor?',
      answer: 'Yes. Turn off "Capture cursor" in Settings before you select your screen.',
    },
    {
      question: 'Which resolution should I use for code?',
      answer:
        'Record at 1080p or higher and make your editor font larger than usual. If your screen is larger than 1080p, choose 4K in Settings to keep every pixel.',
    },
    {
      question: 'Can I edit the recording afterwards?',
      answer:
        'Framecast does not include an editor. The WebM file opens in most editors, such as Shotcut, Kdenlive and DaVinci Resolve, for trimming and captions.',
    },
  ],
};
