/**
 * The About page's copy. No founders' names, no invented history
 * (docs/decisions/0001-only-verifiable-claims.md).
 */
import type { IconPoint } from '../content-types';

export const STORY: readonly string[] = [
  'Recording your screen should be as easy as taking a screenshot. Yet most recorders ask for an installer, an account, or a subscription before the first second of video, and many of them upload what you record to their servers.',
  'We wanted a recorder we could send to anyone, a teacher, a support agent, a gamer, with one link. Modern browsers can capture a screen, encode video and store gigabytes locally, so we built Framecast on exactly that: a studio that runs entirely in the browser and keeps every recording on the computer that made it.',
];

export const MISSION =
  'Make good screen and webcam recording free and private for everyone, with nothing to install and nothing to upload.';

export interface Milestone {
  readonly title: string;
  readonly description: string;
}

/** How the product grew, in the order it was built. */
export const MILESTONES: readonly Milestone[] = [
  {
    title: 'A studio in a browser tab',
    description: 'Screen, webcam and screen with a burned-in webcam bubble, with microphone and system audio, and no install.',
  },
  {
    title: 'Recording that survives a crash',
    description: 'Compositing and encoding moved into a worker, and every second is stored in IndexedDB as it is recorded.',
  },
  {
    title: 'Files that seek everywhere',
    description: 'Each recording is finished as a WebM with a duration and cue index, including recovered ones.',
  },
  {
    title: 'Offline, installable',
    description: 'Install the app and it records with no network at all.',
  },
  {
    title: 'Rooms for guests',
    description: 'Peer-to-peer rooms where a host admits guests and records the conversation.',
  },
];

export const EXPERTISE: readonly IconPoint[] = [
  {
    icon: 'video',
    title: 'Media in the browser',
    description: 'Screen capture, WebCodecs encoding and WebM muxing, measured on ordinary laptops rather than fast workstations.',
  },
  {
    icon: 'users',
    title: 'Real-time communication',
    description: 'WebRTC peer connections with reconnects, connection-quality monitoring and per-person recording.',
  },
  {
    icon: 'offline',
    title: 'Offline-first web apps',
    description: 'Service workers, local storage that survives crashes, and apps that install like native ones.',
  },
  {
    icon: 'accessible',
    title: 'Accessible interfaces',
    description: 'Keyboard shortcuts, labelled controls and contrast that passes WCAG AA, checked automatically on every page.',
  },
];

export const VALUES: readonly IconPoint[] = [
  {
    icon: 'lock',
    title: 'Privacy is the default',
    description: 'Your recordings never leave your device. We do not run analytics on what you record, or on you.',
  },
  {
    icon: 'heart',
    title: 'Honest claims',
    description: 'We publish facts you can check, not ratings or user counts we cannot back up.',
  },
  {
    icon: 'accessible',
    title: 'Built for everyone',
    description: 'Works with a keyboard and a screen reader, in light and dark schemes, on modest hardware.',
  },
  {
    icon: 'rocket',
    title: 'Craft over features',
    description: 'A recording that never loses a second matters more than a long list of half-finished extras.',
  },
];

export const TECHNOLOGIES: readonly string[] = [
  'TypeScript',
  'React',
  'Web Workers',
  'OffscreenCanvas',
  'WebCodecs',
  'WebM (VP9, VP8, Opus)',
  'IndexedDB',
  'WebRTC',
  'Service Worker',
  'Screen Capture API',
  'Web Audio',
  'Vite',
];
