/**
 * Whether the browser has room to rewrite a stored file: a rewrite writes the whole new file beside
 * the original before letting the original go, so it needs about the file's size free. Pure but for
 * `checkRewriteSpace`, which asks the browser.
 */
import { storageEstimate } from './storage-estimate';
import { formatFileSize } from '../../shared/format';

/** Room kept on top of the file's size: cues, a little growth, and what the rest of the app writes meanwhile. */
const MARGIN_BYTES = 8 * 1024 * 1024;

export interface RewriteSpace {
  /** Bytes the rewrite needs free. */
  needed: number;
  /** Bytes free for this site. */
  free: number;
}

export function rewriteSpace(fileBytes: number, estimate: { quota?: number; usage?: number }): RewriteSpace {
  const needed = Math.ceil(fileBytes * 1.01) + MARGIN_BYTES;
  const free = Math.max(0, (estimate.quota ?? Infinity) - (estimate.usage ?? 0));
  return { needed, free };
}

/** Too little space to rewrite a recording: says how much to free, and that nothing was lost. */
export class NotEnoughSpaceError extends Error {
  override readonly name = 'NotEnoughSpaceError';

  constructor(
    readonly space: RewriteSpace,
    action = 'Finishing this recording',
  ) {
    super(
      `${action} needs ${formatFileSize(space.needed)} of free storage and only ${formatFileSize(space.free)} is free. ` +
        `Free up ${formatFileSize(space.needed - space.free)} (delete old recordings or other files), then try again: nothing recorded is lost`,
    );
  }
}

/** Throws NotEnoughSpaceError before a rewrite of `fileBytes` starts, if the browser says it cannot fit. */
export async function checkRewriteSpace(fileBytes: number, action?: string): Promise<void> {
  // With no estimate (older Safari) the rewrite is tried, and a full disk stops it without harm.
  const estimate = await storageEstimate();
  if (!estimate) return;
  const space = rewriteSpace(fileBytes, estimate);
  if (space.free < space.needed) throw new NotEnoughSpaceError(space, action);
}
