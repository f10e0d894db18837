import type { AudienceBody } from '../../content-types';

export const youtubeContentCreators: AudienceBody = {
  hero: {
    headline: 'Record YouTube videos with your screen, your face and your voice',
    subheadline:
      'A free recorder for explainers, reviews, reactions and tutorials: your camera burned in as a bubble, up to 4K and 60 fps, and no watermark on anything you make.',
  },
  benefits: [
    {
      icon: 'sparkles',
      title: 'Upload-ready quality',
      description: 'Up to 4K at up to 60 fps with VP9 video and Opus audio, formats YouTube accepts directly.',
    },
    {
      icon: 'layers',
      title: 'Facecam in one step',
      description: 'No separate camera track to line up in an editor: the bubble is already in the video.',
    },
    {
      icon: 'fileCheck',
      title: 'No watermark',
      description: 'Nothing is stamped on your video, and there is no paid plan to remove it.',
    },
    {
      icon: 'users',
      title: 'Guests for interviews',
      description: 'Invite guests into a peer-to-peer room and record the conversation: mixed into one file, or each person recorded on their own computer at full quality and sent to you.',
    },
  ],
  useCaseDescription:
    'Creators use Framecast for tutorials, software and product reviews, commentary over a browser window, reaction videos and interviews. Record in the browser, download the WebM file, and upload it to YouTube as it is, or cut it together in your editor first.',
  targetAudience: 'YouTubers and video creators who want facecam recordings without paid software or watermarks.',
  commonTasks: [
    'Record a tutorial or explainer with your facecam',
    'Review a website, app or product on screen',
    'Record commentary or a reaction over a browser tab',
    'Interview a guest in a room and record both of you',
    'Record a short intro or update on camera',
  ],
  faqItems: [
    {
      question: 'Can I upload the WebM file to YouTube directly?',
      answer: 'Yes. YouTube accepts WebM uploads, including VP9 video and Opus audio.',
    },
    {
      question: 'Can I move the facecam after recording?',
      answer:
        'No. The bubble is burned into the video, so choose its position, size and shape before you start. If you need to move it later in an editor, record the screen and the webcam as two separate recordings.',
    },
    {
      question: 'Is there a limit on how many videos I can record?',
      answer:
        'No. Record as many videos as your disk can hold. Each recording stops automatically after 3 hours to protect your disk.',
    },
  ],
};
