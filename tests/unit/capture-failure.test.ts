import { describe, expect, it } from 'vitest';
import { describeCaptureFailure, errorName } from '../../src/features/webcam-window/capture-failure';

describe('describeCaptureFailure', () => {
  it.each(['NotAllowedError', 'SecurityError'])('treats %s as access denied', (name) => {
    expect(describeCaptureFailure('camera', name)).toEqual({ kind: 'denied' });
    expect(describeCaptureFailure('microphone', name)).toEqual({ kind: 'denied' });
  });

  it.each(['NotFoundError', 'OverconstrainedError'])('treats %s as a missing device, not a refusal', (name) => {
    expect(describeCaptureFailure('camera', name)).toEqual({ kind: 'unavailable', message: 'No camera found. Plug one in, then press Reconnect.' });
    expect(describeCaptureFailure('microphone', name)).toMatchObject({ kind: 'unavailable', message: expect.stringMatching(/^No microphone found/) as unknown });
  });

  it.each(['NotReadableError', 'AbortError'])('treats %s as a busy device, not a refusal', (name) => {
    expect(describeCaptureFailure('camera', name)).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(/^Your camera is in use by another app/) as unknown,
    });
  });

  it.each([undefined, 'TypeError', 'Error', ''])('gives a retryable message for anything else (%s)', (name) => {
    expect(describeCaptureFailure('camera', name)).toEqual({ kind: 'unavailable', message: 'The camera could not be started. Press Reconnect to try again.' });
  });
});

describe('errorName', () => {
  it('reads the name of errors and error-like objects only', () => {
    expect(errorName(new DOMException('x', 'NotFoundError'))).toBe('NotFoundError');
    expect(errorName(new TypeError('x'))).toBe('TypeError');
    expect(errorName({ name: 'NotReadableError' })).toBe('NotReadableError');
    expect(errorName('NotAllowedError')).toBeUndefined();
    expect(errorName(null)).toBeUndefined();
    expect(errorName({ name: 42 })).toBeUndefined();
  });
});
