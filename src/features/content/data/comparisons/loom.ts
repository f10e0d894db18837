import type { ComparisonBody } from '../../content-types';

export const loom: ComparisonBody = {
  summary:
    'Loom is a popular cloud service for async video messages: you record, it uploads, and you share a link with comments and view tracking. Framecast is a free recorder that keeps everything on your computer and gives you a file. If you want instant share links and team features, Loom is built for that. If you want privacy, long recordings without paying, and a file you own, Framecast fits better.',
  comparisonTable: [
    { feature: 'Price', ours: 'Free, no paid plans', theirs: 'Free plan with limits; paid plans per user (at the time of writing)', winner: 'us' },
    { feature: 'Recording length', ours: 'No plan limits (3 hours per recording)', theirs: 'Free plan limited to a few minutes per video (5 at the time of writing)', winner: 'us' },
    { feature: 'Account required', ours: 'No', theirs: 'Yes', winner: 'us' },
    { feature: 'Where recordings go', ours: 'Stay on your device', theirs: 'Uploaded to Loom’s cloud', winner: 'us' },
    { feature: 'Sharing', ours: 'You share the file yourself', theirs: 'Instant share link with comments and reactions', winner: 'them' },
    { feature: 'Viewer insights', ours: 'None', theirs: 'Views and engagement on paid plans', winner: 'them' },
    { feature: 'Webcam bubble', ours: 'Burned in: 9 positions, 3 shapes, 3 sizes', theirs: 'Camera bubble you can move while recording', winner: 'tie' },
    { feature: 'Works offline', ours: 'Yes, once installed', theirs: 'Needs a connection to upload', winner: 'us' },
    { feature: 'Install', ours: 'None, runs in the browser', theirs: 'Desktop app or browser extension', winner: 'us' },
    { feature: 'Output', ours: 'WebM file (VP9 + Opus), up to 4K', theirs: 'Hosted video; download available', winner: 'tie' },
  ],
  ourAdvantages: [
    'Free, with long recordings and no plan limits',
    'Nothing is uploaded: suitable for confidential material',
    'No account, no extension, no installer',
    'Works offline once installed',
    'You get a file you own and can put anywhere',
  ],
  theirAdvantages: [
    'One-click share links, comments and reactions',
    'Viewer analytics and team workspaces',
    'Editing and transcription features on paid plans',
    'Desktop and mobile apps',
  ],
  bottomLine:
    'Choose Loom if your team lives on share links and wants comments and analytics, and you are happy with cloud storage. Choose Framecast if you want a private, free recorder with no plan limits that hands you the file.',
};
