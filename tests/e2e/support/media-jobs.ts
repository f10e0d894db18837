/**
 * Drives the library's Export as MP4 and Trim recording dialogs like a user: start the job, wait
 * for the saved item, download the result.
 */
import type { Download, Locator, Page } from '@playwright/test';
import { expect } from './test';

/** How long a job on a few seconds of recording may take on a busy 2-core machine. */
const JOB_TIMEOUT_MS = 120_000;

/** Clicks the dialog's download button `name` and saves what it downloads into `file`. */
export async function downloadFromDialog(page: Page, dialog: Locator, name: string, file: string): Promise<Download> {
  const download = page.waitForEvent('download');
  await dialog.getByRole('button', { name }).click();
  const saved = await download;
  await saved.saveAs(file);
  return saved;
}

/** Runs the open Export as MP4 dialog's export and downloads the saved MP4 into `file`. */
export async function exportMp4(page: Page, dialog: Locator, file: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByRole('status')).toContainText('(MP4)', { timeout: JOB_TIMEOUT_MS });
  await downloadFromDialog(page, dialog, 'Download MP4', file);
}

/** Saves the open Trim recording dialog's selection and downloads the copy into `file`. */
export async function saveTrimmedCopy(page: Page, dialog: Locator, file: string): Promise<void> {
  await dialog.getByRole('button', { name: 'Save trimmed copy' }).click();
  await expect(dialog.getByRole('status')).toContainText('(trimmed)', { timeout: JOB_TIMEOUT_MS });
  await downloadFromDialog(page, dialog, 'Download trimmed copy', file);
}
