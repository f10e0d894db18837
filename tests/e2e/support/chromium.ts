import path from 'node:path';

/**
 * The tests drive Debian's Chromium headless shell: the same engine (Blink, V8, WebRTC, the media
 * stack) without the desktop browser's UI layer, which is what Playwright itself runs headless. On two
 * cores it does the same pages for about 40 % less CPU than the full browser (docs/architecture.md,
 * Tests and the gate). `npm run bench` keeps the full browser, as people run it.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';
/**
 * The desktop browser, for the tests that run without the fake permission UI: it refuses a device the
 * site was not granted, as a person's "Block" would, and picks a shared tab by title
 * (`--auto-select-tab-capture-source-by-title`). The shell has no prompt or picker: it leaves the
 * request waiting. Also the installability test's browser, and the rooms benchmark's.
 */
export const DESKTOP_CHROMIUM_PATH = process.env.DESKTOP_CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIXTURES_DIR = path.resolve(import.meta.dirname, '../../fixtures/generated');
export const CAMERA_FIXTURE = path.join(FIXTURES_DIR, 'camera.y4m');
/** The same picture at 15 fps, for the room's tests (see ROOM_MEDIA_ARGS). */
export const ROOM_CAMERA_FIXTURE = path.join(FIXTURES_DIR, 'room-camera.y4m');
export const BUSY_CAMERA_FIXTURE = path.join(FIXTURES_DIR, 'busy-camera.y4m');
/** Grey noise that changes every frame: content no encoder on this machine keeps up with at 1080p. */
export const NOISE_CAMERA_FIXTURE = path.join(FIXTURES_DIR, 'noise-camera.y4m');
export const MIC_FIXTURE = path.join(FIXTURES_DIR, 'mic.wav');
export const SILENT_MIC_FIXTURE = path.join(FIXTURES_DIR, 'silence.wav');

/** Flags that let headless Chromium run as root on a machine with no GPU and no network. */
export const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Fake camera, microphone and screen picker, playing the fixture media. */
export const FAKE_MEDIA_ARGS = [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${CAMERA_FIXTURE}`,
  `--use-file-for-fake-audio-capture=${MIC_FIXTURE}`,
];

/**
 * The room's tests run two or three participants on one machine, each capturing, sending, receiving
 * and often recording a camera: with a 15 fps camera (a common webcam rate) they check the same room
 * behaviour for less of the machine (docs/architecture.md, Tests and the gate). The studio's tests,
 * which measure frame rates, keep the 30 fps camera.
 */
export const ROOM_MEDIA_ARGS = FAKE_MEDIA_ARGS.map((arg) => (arg.startsWith('--use-file-for-fake-video-capture=') ? `--use-file-for-fake-video-capture=${ROOM_CAMERA_FIXTURE}` : arg));

/**
 * A room participant's browser. With no ICE servers, Chromium hides local addresses behind mDNS names
 * that the other page must resolve over multicast; on a loaded test machine that now and then stalls
 * for over 30 s. Plain local addresses take the network's multicast out of what the room tests depend on.
 */
export const ROOM_ARGS = [...BASE_ARGS, ...ROOM_MEDIA_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'];

/** Several checkouts can run their suites side by side, each on its own `TEST_PORT`. */
export const TEST_PORT = process.env.TEST_PORT ?? '4173';
export const BASE_URL = `http://127.0.0.1:${TEST_PORT}`;
