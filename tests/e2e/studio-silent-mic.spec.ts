import { test, expect } from './support/test';
import { BASE_ARGS, CHROMIUM_PATH, FAKE_MEDIA_ARGS, MIC_FIXTURE, SILENT_MIC_FIXTURE } from './support/chromium';
import { openStudio, startRecording } from './support/studio';

// The microphone plays silence.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...BASE_ARGS, ...FAKE_MEDIA_ARGS.map((a) => a.replace(MIC_FIXTURE, SILENT_MIC_FIXTURE))],
  },
});

test('a microphone silent for 5 s while recording raises a warning', async ({ page }) => {
  await openStudio(page, 'Webcam Only');
  await startRecording(page);
  const warning = page.getByText('No sound from your microphone');
  await expect(warning).toBeHidden();
  await expect(warning).toBeVisible({ timeout: 9000 });
  await expect(page.getByRole('progressbar', { name: 'Microphone level' })).toHaveAttribute('aria-valuenow', '0');
});
