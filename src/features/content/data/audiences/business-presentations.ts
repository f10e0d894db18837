import type { AudienceBody } from '../../content-types';

export const businessPresentations: AudienceBody = {
  hero: {
    headline: 'Present your slides on video, with your face beside them',
    subheadline:
      'Record a pitch, a quarterly update or a product demo once and send it to everyone. Framecast runs in the browser your company already approved, and the recording never touches a third-party server.',
  },
  benefits: [
    {
      icon: 'presentation',
      title: 'Slides plus presence',
      description: 'Your deck full screen with a webcam bubble where it does not cover your charts.',
    },
    {
      icon: 'shield',
      title: 'Confidential by design',
      description: 'Board decks and unreleased numbers stay on your laptop. Nothing is uploaded, ever.',
    },
    {
      icon: 'bolt',
      title: 'Fewer meetings',
      description: 'Send a ten-minute recording that people watch when it suits them, instead of a one-hour call.',
    },
    {
      icon: 'browser',
      title: 'No IT ticket',
      description: 'No software to install or account to provision; it works in Chrome, Edge or Firefox.',
    },
  ],
  useCaseDescription:
    'Sales teams record personalised pitches, managers record weekly updates, and product teams record demos for colleagues in other time zones. Record your presentation in PowerPoint, Keynote or Google Slides with your webcam in a corner, download the file, and share it through your company’s usual drive or chat.',
  targetAudience: 'Managers, sales teams, founders and consultants who present to people who cannot all be in one meeting.',
  commonTasks: [
    'Record a slide presentation with your webcam in the corner',
    'Send a recorded status update instead of a meeting',
    'Record a product demo for prospects or colleagues',
    'Practise a pitch and watch it back',
    'Record onboarding material for new team members',
  ],
  faqItems: [
    {
      question: 'Is it safe to record confidential material?',
      answer:
        'Recordings are processed and stored on your own computer and are never uploaded by Framecast. Where the file goes next is up to you and your company’s sharing rules.',
    },
    {
      question: 'Can people without Framecast watch my video?',
      answer:
        'Yes. You send a normal WebM file. It plays in Chrome, Edge, Firefox and VLC; use Export as MP4 if your audience uses a tool that needs that.',
    },
    {
      question: 'Can I pause while I change slides or lose my place?',
      answer: 'Yes. Pause and resume in the studio tab as often as you need (or press Alt+Shift+P there); the paused time is left out of the video.',
    },
  ],
};
