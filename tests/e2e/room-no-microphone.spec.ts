import { test, expect } from './support/test';
import { BASE_ARGS, DESKTOP_CHROMIUM_PATH, ROOM_MEDIA_ARGS } from './support/chromium';
import { probe } from './support/media';
import { hostRoom, newRoomId, prepareRoomContext } from './support/room';
import { downloadAll, record } from './support/room-recording';

// Without Chromium's fake permission UI, the microphone this context was not granted is refused,
// as when the user clicks "Block".
test.use({
  permissions: [],
  launchOptions: {
    executablePath: DESKTOP_CHROMIUM_PATH,
    args: [...BASE_ARGS, ...ROOM_MEDIA_ARGS.filter((a) => a !== '--use-fake-ui-for-media-stream')],
  },
});

test('a host whose microphone is refused still hosts, and records the room without it, saying so', async ({ page: host, context }, testInfo) => {
  await prepareRoomContext(context, { microphone: false });
  await hostRoom(host, newRoomId('no-mic'), 'Hana');
  await expect(host.getByText('Please allow microphone access to record audio.').first()).toBeVisible();
  await expect(host.getByRole('button', { name: 'No microphone' })).toBeDisabled();

  await record(host, 3, async () => {
    await expect(host.getByTestId('mic-unavailable')).toHaveText('Recording without microphone');
  });
  const [saved] = await downloadAll(host, 1, testInfo.outputDir);
  const info = await probe(saved?.file ?? '');
  expect(info.video).toMatchObject({ width: 1920, height: 1080 });
  expect(info.duration ?? 0).toBeGreaterThan(2.5);
  await expect(host.getByTestId('mic-unavailable')).toHaveCount(0);
});
