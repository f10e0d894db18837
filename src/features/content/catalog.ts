/**
 * The list of every audience, guide and comparison page with what the head and the
 * index pages need (slug, title, description, keywords). Kept small and eager; the
 * page bodies live in their own lazily loaded data modules.
 */

export interface CatalogEntry {
  readonly slug: string;
  readonly title: string;
  readonly metaDescription: string;
  readonly keywords: readonly string[];
}

export interface AudienceEntry extends CatalogEntry {
  /** As a title: "YouTube Content Creators". */
  readonly name: string;
  /** Inside a sentence, with proper names kept: "YouTube content creators". */
  readonly nameInSentence: string;
}

export interface GuideEntry extends CatalogEntry {
  readonly difficulty: 'beginner' | 'intermediate' | 'advanced';
  /** Human text such as "5 minutes"; its first number is the HowTo totalTime. */
  readonly duration: string;
}

export interface ComparisonEntry extends CatalogEntry {
  readonly competitor: string;
}

export const AUDIENCES: readonly AudienceEntry[] = [
  {
    slug: 'teachers',
    name: 'Teachers',
    nameInSentence: 'teachers',
    title: 'Free Screen Recorder for Teachers',
    metaDescription:
      'Record lessons, feedback and walkthroughs with your screen and webcam, right in the browser. Free, private, no account and no watermark.',
    keywords: ['screen recorder for teachers', 'record lessons', 'flipped classroom video', 'free lesson recorder'],
  },
  {
    slug: 'gaming',
    name: 'Gamers',
    nameInSentence: 'gamers',
    title: 'Free Gameplay Recorder in Your Browser',
    metaDescription:
      'Capture gameplay with a facecam bubble and game audio, straight from the browser. No install, no watermark, files stay on your machine.',
    keywords: ['gameplay recorder', 'record gameplay with facecam', 'browser game recorder', 'free game capture'],
  },
  {
    slug: 'business-presentations',
    name: 'Business Presenters',
    nameInSentence: 'business presenters',
    title: 'Record Business Presentations with Your Webcam',
    metaDescription:
      'Record pitch decks, updates and demos with your face beside your slides. Private by design: recordings never leave your computer.',
    keywords: ['record presentation', 'presentation recorder with webcam', 'async video update', 'pitch recording'],
  },
  {
    slug: 'software-tutorials',
    name: 'Software Tutorial Authors',
    nameInSentence: 'software tutorial authors',
    title: 'Screen Recorder for Software Tutorials',
    metaDescription:
      'Make clear software tutorials and product walkthroughs with screen, microphone and a webcam overlay. Free, in the browser, up to 4K.',
    keywords: ['software tutorial recorder', 'record product demo', 'how-to video recorder', 'screencast tool'],
  },
  {
    slug: 'youtube-content-creators',
    name: 'YouTube Content Creators',
    nameInSentence: 'YouTube content creators',
    title: 'Free Screen and Webcam Recorder for YouTube Creators',
    metaDescription:
      'Record screen, webcam and audio for YouTube videos in the browser, with a burned-in camera bubble and up to 60 fps. No watermark.',
    keywords: ['youtube screen recorder', 'record video for youtube', 'facecam recorder', 'no watermark recorder'],
  },
  {
    slug: 'customer-support',
    name: 'Customer Support Teams',
    nameInSentence: 'customer support teams',
    title: 'Screen Recorder for Customer Support Teams',
    metaDescription:
      'Show customers exactly how to fix a problem with a quick screen recording and your voice. Free, private, nothing to install.',
    keywords: ['support screen recording', 'customer support video', 'record how-to for customers', 'help desk recorder'],
  },
];

export const GUIDES: readonly GuideEntry[] = [
  {
    slug: 'record-screen-with-webcam',
    title: 'How to Record Your Screen with Your Webcam',
    metaDescription:
      'Step-by-step: record your screen with a webcam bubble burned into the video, choose its size, shape and position, and download a WebM.',
    keywords: ['record screen with webcam', 'screen and webcam recorder', 'webcam overlay recording'],
    difficulty: 'beginner',
    duration: '5 minutes',
  },
  {
    slug: 'record-zoom-meeting',
    title: 'How to Record a Zoom Meeting',
    metaDescription:
      'Record a Zoom meeting from your browser with system audio and your microphone, even when you are not the host. Ask for consent first.',
    keywords: ['record zoom meeting', 'zoom recording without host', 'record video call'],
    difficulty: 'intermediate',
    duration: '7 minutes',
  },
  {
    slug: 'record-powerpoint-presentation',
    title: 'How to Record a PowerPoint Presentation with Webcam',
    metaDescription:
      'Record a PowerPoint or Google Slides presentation with your face in the corner and your voice, then share the WebM file.',
    keywords: ['record powerpoint with webcam', 'record presentation', 'slides recording'],
    difficulty: 'beginner',
    duration: '4 minutes',
  },
  {
    slug: 'record-google-meet',
    title: 'How to Record a Google Meet Call',
    metaDescription:
      'Record a Google Meet call in the browser with the meeting audio and your microphone, without a Workspace plan. Ask for consent first.',
    keywords: ['record google meet', 'google meet recording free', 'record meet call'],
    difficulty: 'intermediate',
    duration: '5 minutes',
  },
  {
    slug: 'record-gameplay',
    title: 'How to Record Gameplay with a Facecam',
    metaDescription:
      'Record browser or desktop gameplay with a facecam and game audio at up to 60 fps, and keep your frame rate smooth while you play.',
    keywords: ['record gameplay', 'gameplay with facecam', 'record game audio'],
    difficulty: 'intermediate',
    duration: '10 minutes',
  },
  {
    slug: 'create-tutorial-videos',
    title: 'How to Create Tutorial Videos',
    metaDescription:
      'Plan, record and deliver a clear tutorial video: script, screen setup, webcam overlay, audio checks and a tidy final file.',
    keywords: ['create tutorial videos', 'how to make a tutorial', 'screencast tutorial'],
    difficulty: 'advanced',
    duration: '10 minutes',
  },
  {
    slug: 'record-without-watermark',
    title: 'How to Record Your Screen Without a Watermark',
    metaDescription:
      'Record your screen for free with no watermark, no account and no time-limited trial, and keep the file on your own computer.',
    keywords: ['screen recorder no watermark', 'free recorder without watermark', 'record screen free'],
    difficulty: 'beginner',
    duration: '3 minutes',
  },
];

export const COMPARISONS: readonly ComparisonEntry[] = [
  {
    slug: 'loom',
    competitor: 'Loom',
    title: 'Framecast vs Loom: Free Private Alternative',
    metaDescription:
      'Compare Framecast and Loom: recording limits, privacy, watermarks, sharing and price. See which screen recorder fits your work.',
    keywords: ['loom alternative', 'framecast vs loom', 'free loom alternative'],
  },
  {
    slug: 'obs-studio',
    competitor: 'OBS Studio',
    title: 'Framecast vs OBS Studio: Browser or Desktop?',
    metaDescription:
      'Compare Framecast and OBS Studio: setup time, webcam overlays, streaming, scenes and control. When a browser recorder is enough.',
    keywords: ['obs alternative', 'framecast vs obs', 'obs studio browser alternative'],
  },
  {
    slug: 'camtasia',
    competitor: 'Camtasia',
    title: 'Framecast vs Camtasia: Free Recorder or Paid Editor?',
    metaDescription:
      'Compare Framecast and Camtasia: price, editing, webcam recording and output. Pick the right tool for tutorials and training videos.',
    keywords: ['camtasia alternative', 'framecast vs camtasia', 'free camtasia alternative'],
  },
  {
    slug: 'screencast-o-matic',
    competitor: 'Screencast-O-Matic',
    title: 'Framecast vs Screencast-O-Matic (ScreenPal)',
    metaDescription:
      'Compare Framecast and Screencast-O-Matic (now ScreenPal): free-plan limits, watermarks, installs and privacy.',
    keywords: ['screencast-o-matic alternative', 'screenpal alternative', 'framecast vs screencast-o-matic'],
  },
];
