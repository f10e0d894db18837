import { FULL_PIPELINE_BROWSERS, PAGE_FED_BROWSERS } from './browsers';

export type FaqCategory =
  | 'Recording'
  | 'Audio'
  | 'Formats'
  | 'Storage'
  | 'Collaboration'
  | 'Quality'
  | 'Technical'
  | 'Troubleshooting';

export interface FaqEntry {
  readonly question: string;
  readonly answer: string;
  readonly category: FaqCategory;
}

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  'Recording',
  'Audio',
  'Formats',
  'Storage',
  'Collaboration',
  'Quality',
  'Technical',
  'Troubleshooting',
];

export const FAQ: readonly FaqEntry[] = [
  {
    category: 'Recording',
    question: 'Do I need an account or to install anything?',
    answer:
      'No. Open the studio, allow access to your screen, camera or microphone, and press Start. There is no sign-in, no download and no watermark. You can also install the app from your browser to use it offline.',
  },
  {
    category: 'Recording',
    question: 'How long can a recording be?',
    answer:
      'There are no plan limits. A single recording stops automatically after 3 hours to protect your disk; you can start a new one right away. Recordings are written to your browser storage as they happen, so a long session is safe even if the tab crashes.',
  },
  {
    category: 'Recording',
    question: 'Can I place my webcam anywhere on the screen?',
    answer:
      'Yes. In Screen + Webcam mode the camera bubble can sit in any of 9 positions (the four corners, the middle of each edge, or the centre), in 3 sizes (small, medium, large) and 3 shapes (circle, rounded rectangle, square). It is burned into the video permanently.',
  },
  {
    category: 'Audio',
    question: 'Can I record system audio and my microphone together?',
    answer:
      'Yes. Turn on "Capture system audio" in Settings and tick "Share audio" in the browser\'s screen picker. Your microphone and the shared audio are mixed into one track. Chrome and Edge can share tab audio on every system and full-system audio on Windows and ChromeOS.',
  },
  {
    category: 'Audio',
    question: 'Why is my recording silent?',
    answer:
      'Check that the browser may use your microphone (the camera icon in the address bar), that the microphone toggle in the studio is on, and that the right input is selected in your system settings. The studio warns you when your microphone has been silent for a few seconds while recording.',
  },
  {
    category: 'Formats',
    question: 'What file format do I get?',
    answer:
      'A WebM file with VP9 video and Opus audio. VP8 takes VP9’s place on browsers without VP9, and for a week in a browser where a recording had to be made smaller to keep up: it encodes detailed moving pictures faster. It has a proper duration and seek index, so it plays and seeks in Chrome, Firefox, Edge, VLC and most editors. If a tool needs MP4, use Export as MP4 after recording or in your recordings: it makes an H.264 copy on this device, offline.',
  },
  {
    category: 'Storage',
    question: 'Where are my recordings stored? Are they uploaded?',
    answer:
      'Nowhere but your own computer. Recordings are processed in your browser, kept in its local storage until you delete them, and saved to disk when you download them. Nothing is uploaded.',
  },
  {
    category: 'Storage',
    question: 'How much disk space does a recording need?',
    answer:
      'It follows the bitrate you choose in Settings more than the resolution: each 1 Mbps of video takes about 7.5 MB per minute. At the default 5 Mbps a minute of 1080p takes about 38 MB, at the maximum 10 Mbps about 75 MB, plus about 2 MB for high-quality audio. If your disk fills up, the recording stops cleanly and everything recorded so far is kept.',
  },
  {
    category: 'Collaboration',
    question: 'Can I record a conversation with a guest?',
    answer:
      'Yes. Open a room, send your guest the invite link, and admit them when they ask to join from their own computer. The app’s signaling server introduces your browsers; video and audio then travel directly between them over WebRTC (or, on a site that runs a media server, through it), and anyone in the room can share their screen. The host records the call mixed into one file, or chooses Separate: then each person is recorded on their own computer at full quality, whatever the connection did to the call, and the file is sent to the host directly between the browsers while it is recorded (meanwhile, and until every file has arrived, the call itself is sent at 360p, leaving each computer’s power to its own recording and its transfer); the library lists the tracks together, and can download them cut to begin at the same moment. If a guest drops out, their file stays in their own library and the rest is sent when they open the invite link again. If no signaling server answers (offline, or a copy of the app hosted without one), the room page says so and the room connects tabs of that one browser only. A room takes up to 8 people; a site that runs a media server takes up to 30, shows nine a page (four on a phone), and everyone stays heard.',
  },
  {
    category: 'Quality',
    question: 'What quality can I record in?',
    answer:
      'Choose 720p, 1080p or 4K and a bitrate from 1,000 to 10,000 kbps in Settings, at 30 or 60 frames per second. The studio adapts the frame rate down to 15 fps when your computer cannot keep up, rather than dropping the recording.',
  },
  {
    category: 'Technical',
    question: 'Which browsers are supported?',
    answer:
      `${FULL_PIPELINE_BROWSERS} record with the full pipeline: WebCodecs encoding in a background worker, smooth even while the tab is in the background. ${PAGE_FED_BROWSERS} encode in the same kind of worker, with the page handing it each picture: Firefox records WebM at full frame rate, and Safari records WebM, or MP4 where its MediaRecorder writes only MP4 (the studio shows the format before you start). Keep the studio tab visible there for the smoothest video. Firefox may ask whether Framecast can use persistent storage: Allow keeps recordings from being cleared when the disk runs low, and recording goes on whatever you answer. Rooms need WebRTC; a browser without it is told so on the room page. Screen recording needs a desktop browser.`,
  },
  {
    category: 'Troubleshooting',
    question: 'My webcam does not appear. What can I do?',
    answer:
      'Check the browser\'s camera permission for this site and refresh the page. Close other apps that may be using the camera, such as video-call apps, then press Connect Webcam again.',
  },
];
