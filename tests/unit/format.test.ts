import { describe, expect, it } from 'vitest';
import { formatDuration, formatFileSize, recordingFileName, titleCase } from '../../src/shared/format';

describe('formatDuration', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [60, '01:00'],
    [61.5, '01:01'],
    [599, '09:59'],
    [3599, '59:59'],
    [3600, '60:00'],
    [3 * 3600, '180:00'],
    [3 * 3600 + 59.99, '180:59'],
  ])('%s s → %s', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });

  it.each([[-1], [-0.5], [Number.NaN], [Number.POSITIVE_INFINITY]])('%s → 00:00', (seconds) => {
    expect(formatDuration(seconds)).toBe('00:00');
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 B'],
    [1, '1.00 B'],
    [512, '512.00 B'],
    [1023, '1023.00 B'],
    [1024, '1.00 KB'],
    [1536, '1.50 KB'],
    [1024 * 1024 - 1024, '1023.00 KB'],
    [1024 * 1024, '1.00 MB'],
    [5 * 1024 * 1024, '5.00 MB'],
    [1024 ** 3 - 1024 ** 2, '1023.00 MB'],
    [1024 ** 3, '1.00 GB'],
    [2.5 * 1024 ** 3, '2.50 GB'],
    [1024 ** 4, '1024.00 GB'],
  ])('%s bytes → %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });

  it.each([[-5], [Number.NaN]])('%s → 0 B', (bytes) => {
    expect(formatFileSize(bytes)).toBe('0 B');
  });
});

describe('recordingFileName', () => {
  it('uses the mode and an ISO timestamp without colons', () => {
    const date = new Date(Date.UTC(2024, 2, 5, 14, 7, 9, 123));
    expect(recordingFileName('screen', date)).toBe('recording-screen-2024-03-05T14-07-09.123Z.webm');
  });

  it('keeps other modes verbatim', () => {
    const date = new Date(Date.UTC(2025, 11, 31, 23, 59, 59, 0));
    expect(recordingFileName('screen-camera', date)).toBe('recording-screen-camera-2025-12-31T23-59-59.000Z.webm');
  });
});

describe('titleCase', () => {
  it.each([
    ['bottom-right', 'Bottom Right'],
    ['rounded-rectangle', 'Rounded Rectangle'],
    ['small', 'Small'],
    ['center-center', 'Center Center'],
    ['', ''],
  ])('%j → %j', (value, expected) => {
    expect(titleCase(value)).toBe(expected);
  });
});
