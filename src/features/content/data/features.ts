/** The Features page's copy: recording modes, the technology under them and quality (browsers: browsers.ts). */
import type { ContentIconName } from '../components/content-icons';
import type { IconPoint } from '../content-types';

export interface ModeCard {
  readonly icon: ContentIconName;
  readonly title: string;
  readonly description: string;
  readonly badges: readonly string[];
  readonly benefits: readonly string[];
  readonly featured?: boolean;
}

export const MODE_CARDS: readonly ModeCard[] = [
  {
    icon: 'layers',
    title: 'Screen + Webcam',
    featured: true,
    badges: ['Featured', 'Burned-in bubble'],
    description: 'Your screen with your camera in a bubble, composited live into one video.',
    benefits: [
      '9 positions: every corner, the middle of each edge, or the centre',
      '3 shapes (circle, rounded rectangle, square) and 3 sizes',
      'The bubble is part of the video, so it shows in every player and editor',
      'Microphone and tab or system audio mixed into one track',
    ],
  },
  {
    icon: 'desktop',
    title: 'Screen Only',
    badges: ['Up to 4K'],
    description: 'A whole screen, one window or a single browser tab.',
    benefits: [
      'Your cursor is captured, or hidden if you prefer',
      'Tab audio, or system audio where your browser offers it',
      'Stops cleanly when you end the share from the browser bar',
    ],
  },
  {
    icon: 'camera',
    title: 'Webcam Only',
    badges: ['Camera + mic'],
    description: 'Just you, for intros, video messages and feedback.',
    benefits: [
      'Live preview of exactly what is recorded',
      'Noise suppression and echo cancellation on the microphone',
      'A warning when your microphone has been silent for a few seconds',
    ],
  },
  {
    icon: 'users',
    title: 'Podcast Room',
    badges: ['Peer to peer'],
    description: 'A room where a host admits guests and records the conversation.',
    benefits: [
      'Guests join from their own computers with the invite link, through the app’s signaling server',
      'Video and audio travel directly between participants over WebRTC, or through the site’s media server in rooms of up to 30',
      'The host approves or rejects each guest',
      'Anyone in the room can share their screen',
      'Pin anyone to see them large, or turn on Speaker view to follow whoever is talking',
      'Separate recording: each person is recorded on their own computer at full quality, and the file reaches the host directly, checked byte for byte',
      'Or record the call as seen, everyone mixed into one file, or only your own streams',
    ],
  },
];

export const TECHNOLOGY: readonly IconPoint[] = [
  {
    icon: 'layers',
    title: 'Compositing in a worker',
    description:
      'A Web Worker draws each frame on an OffscreenCanvas, so the recording keeps its frame rate when the tab is in the background or the page is busy.',
  },
  {
    icon: 'video',
    title: 'Modern encoding',
    description:
      'WebCodecs encodes VP9 video and Opus audio in a background worker, in Chrome and Edge and, with the page handing it each picture, in Firefox and Safari. VP8 takes over where VP9 is missing or too slow, and for a week in a browser whose recordings had to be made smaller to keep up. Older Safari records through MediaRecorder, as WebM or MP4.',
  },
  {
    icon: 'disk',
    title: 'Crash-safe storage',
    description:
      'Every second of video is written to IndexedDB as it is recorded. If the tab or the computer crashes, you recover the recording with one click.',
  },
  {
    icon: 'fileCheck',
    title: 'Files that seek',
    description:
      'Each WebM gets its duration and a cue index when you stop, so players can jump anywhere at once, even in a three-hour recording.',
  },
  {
    icon: 'offline',
    title: 'Works offline',
    description: 'Install the app from your browser and record with no connection: on a train, in a classroom, on a locked network.',
  },
  {
    icon: 'refresh',
    title: 'Adapts to your computer',
    description: 'It aims for 30 or 60 fps and steps down smoothly, to as low as 15 fps, when your machine cannot keep up, instead of stuttering.',
  },
];

export interface QualityRow {
  readonly resolution: string;
  readonly pixels: string;
  /** A common reference bitrate for this resolution, megabits per second. */
  readonly mbps: number;
  /** What Framecast offers at this resolution. */
  readonly note: string;
}

export const QUALITY_ROWS: readonly QualityRow[] = [
  { resolution: '720p', pixels: '1280 × 720', mbps: 2.5, note: 'A setting; smallest files, fine for a webcam message' },
  { resolution: '1080p', pixels: '1920 × 1080', mbps: 5, note: 'A setting, and the default (at 5 Mbps)' },
  { resolution: '1440p', pixels: '2560 × 1440', mbps: 8, note: 'Not a setting: choose 4K to keep every pixel of a 1440p screen' },
  { resolution: '4K', pixels: '3840 × 2160', mbps: 15, note: 'A setting, recorded at up to 10 Mbps (the slider’s maximum)' },
];

/** Size of one minute of video at a bitrate, in megabytes (audio adds about 1 MB). */
export function megabytesPerMinute(mbps: number): number {
  return Math.round((mbps * 60) / 8);
}

export const PRIVACY_POINTS: readonly IconPoint[] = [
  {
    icon: 'lock',
    title: 'Processed on your device',
    description: 'Capture, compositing and encoding run in your browser. Your video is never sent to a server to be processed.',
  },
  {
    icon: 'cloudOff',
    title: 'Nothing uploaded',
    description: 'Recordings go to your browser storage and your downloads folder. There is no upload, with or without your consent.',
  },
  {
    icon: 'shield',
    title: 'No account, no tracking',
    description: 'No sign-in, no analytics and no advertising cookies. Settings live in your browser and nowhere else.',
  },
  {
    icon: 'download',
    title: 'You stay in control',
    description: 'Download a recording whenever you like and delete it from the browser when you are done.',
  },
];
