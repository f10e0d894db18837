import { describe, expect, test } from 'vitest';
import { MIN_PREVIEW_WIDTH, previewSize } from '../../src/media/contract/preview-size';

const HD = { width: 1920, height: 1080 };

describe('previewSize', () => {
  test('is the recording size until the page says where the preview is shown', () => {
    expect(previewSize(HD, null)).toEqual(HD);
  });

  test('a hidden preview (an empty box) keeps the recording size rather than a degenerate one', () => {
    expect(previewSize(HD, { width: 0, height: 0 })).toEqual(HD);
  });

  test('is the shown size in the recording proportions, rounded up to even pixels', () => {
    expect(previewSize(HD, { width: 793, height: 446 })).toEqual({ width: 794, height: 448 });
    const size = previewSize({ width: 3840, height: 2160 }, { width: 1280, height: 720 });
    expect(size).toEqual({ width: 1280, height: 720 });
  });

  test('never draws larger than the recording, on a large or high-density screen', () => {
    expect(previewSize(HD, { width: 2560, height: 1440 })).toEqual(HD);
    expect(previewSize({ width: 1280, height: 720 }, { width: 1586, height: 892 })).toEqual({ width: 1280, height: 720 });
  });

  test('a box of other proportions is covered: the larger share wins', () => {
    expect(previewSize(HD, { width: 480, height: 540 })).toEqual({ width: 960, height: 540 });
  });

  test('keeps a floor so a briefly tiny box does not leave a coarse preview', () => {
    expect(previewSize(HD, { width: 100, height: 56 }).width).toBe(MIN_PREVIEW_WIDTH);
    expect(previewSize({ width: 320, height: 180 }, { width: 100, height: 56 })).toEqual({ width: 320, height: 180 });
  });
});
