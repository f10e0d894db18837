import type { AudienceBody } from '../../content-types';

export const customerSupport: AudienceBody = {
  hero: {
    headline: 'Show customers the answer instead of describing it',
    subheadline:
      'A 60-second screen recording with your voice often settles what five emails could not. Record in the browser you already work in, and attach the file to your reply.',
  },
  benefits: [
    {
      icon: 'headset',
      title: 'Faster resolutions',
      description: 'Customers follow your clicks instead of guessing from a written description.',
    },
    {
      icon: 'bolt',
      title: 'Ready in seconds',
      description: 'Open the studio in a tab next to your help desk and record: no install and no login.',
    },
    {
      icon: 'desktop',
      title: 'Only what you choose',
      description: 'Share a single tab so other customers’ tickets never appear in the video.',
    },
    {
      icon: 'lock',
      title: 'Customer data stays put',
      description: 'Recordings are processed locally and never uploaded to a third-party video service.',
    },
  ],
  useCaseDescription:
    'Support and success teams record quick answers to tricky questions, reusable how-to clips for the knowledge base, and training for new agents. Record one browser tab, talk through the fix, and attach the file to the ticket or save it to your knowledge base for the next customer who asks.',
  targetAudience: 'Customer support agents, success managers and help-desk teams.',
  commonTasks: [
    'Record a quick answer to a customer’s question',
    'Make a reusable how-to clip for the knowledge base',
    'Record a bug for the engineering team with the exact steps',
    'Train new agents on your tools and processes',
    'Record a walkthrough of a new feature for customers',
  ],
  faqItems: [
    {
      question: 'How do I keep other customers’ data out of a recording?',
      answer:
        'Share a single browser tab or window rather than the entire screen, and close anything you do not want to show before you start.',
    },
    {
      question: 'Are the files small enough to email?',
      answer:
        'A one-minute recording at 720p and 2.5 Mbps is about 19 MB. Lower the resolution and bitrate in Settings for short support clips, or share the file through your help desk’s attachments or a shared drive.',
    },
    {
      question: 'Does my customer need anything to watch it?',
      answer: 'Only a browser or a video player: WebM plays in Chrome, Edge, Firefox and VLC.',
    },
  ],
};
