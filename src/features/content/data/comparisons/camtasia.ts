import type { ComparisonBody } from '../../content-types';

export const camtasia: ComparisonBody = {
  summary:
    'Camtasia by TechSmith is a paid desktop recorder and video editor, known for its timeline, annotations, cursor effects and interactive quizzes. Framecast is a free recorder without an editor. Camtasia is the better tool for polished, edited training videos; Framecast is the quicker, free way to record when you do not need an editing suite.',
  comparisonTable: [
    { feature: 'Price', ours: 'Free', theirs: 'Paid licence or subscription (at the time of writing)', winner: 'us' },
    { feature: 'Editing', ours: 'None: use any editor afterwards', theirs: 'Full timeline editor with effects', winner: 'them' },
    { feature: 'Annotations and cursor effects', ours: 'No', theirs: 'Yes: callouts, zooms, cursor highlights', winner: 'them' },
    { feature: 'Install', ours: 'None, runs in the browser', theirs: 'Desktop app for Windows and macOS', winner: 'us' },
    { feature: 'Time to first recording', ours: 'Seconds', theirs: 'After download, install and sign-in', winner: 'us' },
    { feature: 'Webcam recording', ours: 'Bubble burned in: 9 positions, 3 shapes', theirs: 'Separate camera track you can edit', winner: 'them' },
    { feature: 'Output', ours: 'WebM (VP9 + Opus), up to 4K, with an MP4 (H.264) export', theirs: 'MP4 and other formats', winner: 'them' },
    { feature: 'Privacy', ours: 'Everything stays on your device', theirs: 'Local projects; optional cloud features', winner: 'tie' },
    { feature: 'Watermark', ours: 'Never', theirs: 'On exports from the free trial', winner: 'us' },
  ],
  ourAdvantages: [
    'Free, with no trial and no watermark',
    'No installation or licence to manage',
    'Runs in a current desktop Chrome, Edge, Firefox or Safari, on Windows, macOS, Linux or ChromeOS',
    'Ready to record in seconds',
  ],
  theirAdvantages: [
    'A complete video editor in the same app',
    'Annotations, zooms, captions and cursor effects',
    'Webcam on its own track, editable after recording',
    'MP4 export and publishing presets',
  ],
  bottomLine:
    'For edited courses with callouts and quizzes, Camtasia is worth its price. For recordings that need little or no editing, or when you cannot install software, Framecast does the job for free.',
};
