/**
 * The home page's copy. Every figure is a fact about the product that anyone can check in the studio or
 * the settings (docs/decisions/0001-only-verifiable-claims.md): no ratings, user counts or
 * testimonials.
 */
import type { RecordingMode } from '../../../media';
import type { ContentIconName } from '../components/content-icons';
import type { IconPoint } from '../content-types';
import { browserMinimums } from './browsers';

export interface Stat {
  readonly value: string;
  readonly label: string;
}

export const HOME_STATS: readonly Stat[] = [
  { value: '$0', label: 'No account, no watermark, no trial' },
  { value: '0 uploads', label: 'Recordings never leave your device' },
  { value: 'Up to 4K', label: '720p, 1080p or 4K, at up to 60 fps' },
  { value: '9 positions', label: 'For your webcam bubble, in 3 shapes and 3 sizes' },
];

export const HOME_FEATURES: readonly (IconPoint & { readonly badge?: string; readonly highlighted?: boolean })[] = [
  {
    icon: 'layers',
    title: 'Canvas compositing',
    badge: 'Featured',
    highlighted: true,
    description:
      'Your screen and your webcam bubble are drawn together, frame by frame, in a background worker. The bubble is burned into the video, so the file looks the same in every player and editor.',
  },
  {
    icon: 'desktop',
    title: 'Professional screen capture',
    description:
      'Record a whole screen, one window or a single browser tab, up to 4K, with your cursor and, when you share it, the tab or system audio.',
  },
  {
    icon: 'camera',
    title: 'Advanced webcam recording',
    description:
      'Record just your camera for intros, updates and feedback, with noise suppression and echo cancellation on your microphone.',
  },
  {
    icon: 'users',
    title: 'Real-time collaboration',
    description:
      'Open a room, send the link, admit your guests from their own computers, and talk peer to peer, with screen sharing. The host records the call mixed into one file, or each person on their own computer at full quality, sent straight to the host.',
  },
];

export const HOME_BENEFITS: readonly IconPoint[] = [
  {
    icon: 'bolt',
    title: 'Instant setup, under 30 seconds',
    description: 'Open the studio, allow your screen or camera, press Start. Nothing to download, no sign-up form.',
  },
  {
    icon: 'shield',
    title: 'Privacy first',
    description: 'Capture, compositing and encoding happen on your computer. No server ever receives your video.',
  },
  {
    icon: 'world',
    title: 'Universal compatibility',
    description: `Runs in current desktop browsers on Windows, macOS, Linux and ChromeOS: ${browserMinimums()}.`,
  },
  {
    icon: 'sparkles',
    title: 'Studio quality',
    description: 'Up to 4K at up to 60 fps, VP9 video and Opus audio, and a bitrate you choose from 1 to 10 Mbps.',
  },
];

export interface UseCase {
  readonly icon: ContentIconName;
  readonly title: string;
  readonly description: string;
  /** The audience page that tells more, when there is one. */
  readonly audience?: string;
}

export const HOME_USE_CASES: readonly UseCase[] = [
  { icon: 'school', audience: 'teachers', title: 'Courses and lessons', description: 'Explain a topic with your slides on screen and your face in the corner.' },
  { icon: 'code', audience: 'software-tutorials', title: 'Tutorials and demos', description: 'Walk through software step by step, with your voice and cursor.' },
  { icon: 'presentation', audience: 'business-presentations', title: 'Business presentations', description: 'Send a recorded pitch or update instead of booking another meeting.' },
  { icon: 'gamepad', audience: 'gaming', title: 'Gaming highlights', description: 'Capture gameplay with a facecam and game audio for your channel.' },
  { icon: 'headset', audience: 'customer-support', title: 'Support and training', description: 'Show a customer or a new colleague exactly where to click.' },
  { icon: 'microphone', title: 'Podcasts and interviews', description: 'Talk with guests in a peer-to-peer room and record the conversation.' },
];

export interface QuickStartOption {
  readonly icon: ContentIconName;
  readonly title: string;
  readonly description: string;
  /** The studio mode this option preselects; none for the floating webcam, which opens a dialog. */
  readonly mode?: RecordingMode;
}

export const QUICK_START_OPTIONS: readonly QuickStartOption[] = [
  {
    icon: 'layers',
    title: 'Screen + Webcam',
    mode: 'screen-webcam',
    description: 'Your screen with your webcam bubble burned in. The choice for tutorials and presentations.',
  },
  { icon: 'desktop', title: 'Screen Only', mode: 'screen-only', description: 'Just your screen, a window or a tab, with your voice.' },
  { icon: 'camera', title: 'Webcam Only', mode: 'webcam-only', description: 'Just you, on camera, with your microphone.' },
  {
    icon: 'video',
    title: 'Persistent Webcam',
    description: 'A floating webcam window that stays visible while you work in other apps.',
  },
];

export const WHY_CHOOSE: readonly string[] = [
  'Free to use with no account, no watermark and no time-limited trial',
  'Long recordings with no plan limits (each recording stops at 3 hours to protect your disk)',
  'Crash-safe: every second is saved to your browser as you record, and an interrupted recording can be recovered',
  'Files that seek: every WebM has a proper duration and index, even after a recovery',
  'Works offline once installed, on a train or on a locked-down network',
  'Keyboard shortcuts in the studio tab for start, stop, pause and resume, and a layout that works with screen readers',
];
