import { afterEach, describe, expect, it, vi } from 'vitest';
import { REPEATS_LOGGED, reportError, reportingAs } from '../../src/shared/report-error';

describe('reportError', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('logs what the caller was doing with the failure’s name and text, whatever was thrown', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reportError('library: sweep storage', new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    reportError('room: tell the room', 'plain text');
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual([
      'library: sweep storage: QuotaExceededError: The quota has been exceeded.',
      'room: tell the room: Error: plain text',
    ]);
  });

  it('logs the same failure in the same place a few times, then only counts it', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const report = reportingAs('recorder: send a frame');
    for (let i = 0; i < 50; i += 1) report(new Error('closed'));
    expect(warn).toHaveBeenCalledTimes(REPEATS_LOGGED);
    expect(String(warn.mock.calls.at(-1)?.[0])).toContain('further repeats are not logged');
    // Another failure, or the same one elsewhere, is news again.
    report(new Error('other'));
    reportError('recorder: dispose', new Error('closed'));
    expect(warn).toHaveBeenCalledTimes(REPEATS_LOGGED + 2);
  });
});
