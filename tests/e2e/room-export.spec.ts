/**
 * Room recordings export and trim the same way as studio takes
 * (docs/decisions/0009-mp4-export-and-trim.md): a room recording, listed in the studio's library,
 * becomes an H.264 MP4 with every frame, and a trimmed copy of the length chosen.
 */
import { test, expect } from './support/test';
import { packetTimes, probe } from './support/media';
import { hostRoom, newRoomId, prepareRoomContext } from './support/room';
import { downloadAll, record } from './support/room-recording';
import { exportMp4, saveTrimmedCopy } from './support/media-jobs';

test.beforeEach(async ({ context }) => {
  await prepareRoomContext(context);
});

test('a room recording exports as MP4 and trims from the library', async ({ page: host }, testInfo) => {
  test.setTimeout(180_000);
  await hostRoom(host, newRoomId('export'), 'Hana');
  await host.getByRole('radio', { name: 'Local only' }).check();
  await record(host, 3);
  const [saved] = await downloadAll(host, 1, testInfo.outputDir);
  const source = saved?.file ?? '';

  await host.getByRole('button', { name: 'Leave Room' }).click();
  await host.goto('/studio');
  const item = host.getByTestId('library-item');
  await expect(item).toHaveCount(1);

  await item.getByRole('button', { name: 'Export as MP4' }).click();
  const exporting = host.getByRole('dialog', { name: 'Export as MP4' });
  const mp4 = testInfo.outputPath('room.mp4');
  await exportMp4(host, exporting, mp4);
  await exporting.getByRole('button', { name: 'Close', exact: true }).click();

  const [sourceInfo, mp4Info, sourceFrames, mp4Frames] = await Promise.all([probe(source), probe(mp4), packetTimes(source, 'v:0'), packetTimes(mp4, 'v:0')]);
  console.log(`room export: ${String(mp4Info.video?.codecName)} + ${String(mp4Info.audio?.codecName)}, ${String(mp4Info.duration)} s (source ${String(sourceInfo.duration)} s), ${String(mp4Frames.count)} frames (source ${String(sourceFrames.count)})`);
  expect(mp4Info.video?.codecName).toBe('h264');
  expect({ width: mp4Info.video?.width, height: mp4Info.video?.height }).toEqual({ width: sourceInfo.video?.width, height: sourceInfo.video?.height });
  expect(mp4Info.audio).not.toBeNull();
  expect(Math.abs((mp4Info.duration ?? 0) - (sourceInfo.duration ?? 0))).toBeLessThanOrEqual(0.1);
  expect(mp4Frames.count).toBe(sourceFrames.count);

  // Trim the room's WebM (not the MP4 just made).
  const webm = item.filter({ has: host.getByTestId('library-format').getByText('WebM', { exact: true }) });
  await webm.getByRole('button', { name: 'Trim recording' }).click();
  const trimming = host.getByRole('dialog', { name: 'Trim recording' });
  await trimming.getByLabel('Trim end (seconds)').fill('2.5');
  await trimming.getByLabel('Trim start (seconds)').fill('0.5');
  const copy = testInfo.outputPath('room-trimmed.webm');
  await saveTrimmedCopy(host, trimming, copy);
  const copyInfo = await probe(copy);
  console.log(`room trim: copy lasts ${String(copyInfo.duration)} s`);
  expect(Math.abs((copyInfo.duration ?? 0) - 2)).toBeLessThanOrEqual(0.05);
  await expect(host.getByTestId('library-item')).toHaveCount(3);
});
