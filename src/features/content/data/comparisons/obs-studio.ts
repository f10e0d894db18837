import type { ComparisonBody } from '../../content-types';

export const obsStudio: ComparisonBody = {
  summary:
    'OBS Studio is free, open-source desktop software for recording and live streaming, with scenes, many sources, filters and plugins. It is the tool of choice for streamers and anyone who wants full control. Framecast does much less, but it runs in a browser tab and gets you from zero to recording in seconds.',
  comparisonTable: [
    { feature: 'Price', ours: 'Free', theirs: 'Free and open source', winner: 'tie' },
    { feature: 'Setup', ours: 'Open a web page', theirs: 'Install, then configure scenes, sources and output', winner: 'us' },
    { feature: 'Live streaming', ours: 'No', theirs: 'Yes: Twitch, YouTube and other services', winner: 'them' },
    { feature: 'Scenes and layouts', ours: 'One layout: screen with a webcam bubble', theirs: 'Any number of scenes, sources and transitions', winner: 'them' },
    { feature: 'Webcam overlay', ours: '9 positions, 3 shapes, 3 sizes, ready to go', theirs: 'Any size, position and filter, set up by hand', winner: 'tie' },
    { feature: 'Output formats', ours: 'WebM (VP9 + Opus), with an MP4 (H.264) export', theirs: 'MKV, MP4, MOV and more, many encoders', winner: 'them' },
    { feature: 'Crash safety', ours: 'Saved as you record; recover after a crash', theirs: 'Depends on format: MKV survives a crash, MP4 may not', winner: 'us' },
    { feature: 'Works on locked-down computers', ours: 'Yes, in the browser', theirs: 'Needs installation rights', winner: 'us' },
    { feature: 'Guests', ours: 'Peer-to-peer room with per-person recording', theirs: 'Via plugins or browser sources', winner: 'tie' },
  ],
  ourAdvantages: [
    'Nothing to install or configure: record in seconds',
    'Works on school and work computers where you cannot install software',
    'Sensible defaults instead of dozens of settings',
    'Crash-safe recording with one-click recovery',
    'Easy to hand to someone who is not technical',
  ],
  theirAdvantages: [
    'Live streaming to the major platforms',
    'Scenes, transitions, filters and a large plugin ecosystem',
    'Many output formats and hardware encoders',
    'Fine control over every audio and video source',
  ],
  bottomLine:
    'If you stream, or you want a multi-scene production, use OBS Studio. If you need a clean screen-and-webcam recording now, on any computer, without learning a tool, use Framecast.',
};
