import { describe, expect, it } from 'vitest';
import { SEPARATE_RECORDING_CALL_VIDEO, callVideoHeld, encodingUnder } from '../../src/features/room/peers/call-video-limit';

describe('the call video under a limit', () => {
  it('scales a larger camera down to the limit’s height and caps the bitrate', () => {
    expect(encodingUnder(SEPARATE_RECORDING_CALL_VIDEO, 720)).toEqual({ maxBitrate: 600_000, scaleResolutionDownBy: 2 });
    expect(encodingUnder(SEPARATE_RECORDING_CALL_VIDEO, 1080)).toEqual({ maxBitrate: 600_000, scaleResolutionDownBy: 3 });
  });

  it('never scales a camera up, nor one whose size is unknown', () => {
    expect(encodingUnder(SEPARATE_RECORDING_CALL_VIDEO, 240)).toEqual({ maxBitrate: 600_000, scaleResolutionDownBy: 1 });
    expect(encodingUnder(SEPARATE_RECORDING_CALL_VIDEO, undefined)).toEqual({ maxBitrate: 600_000, scaleResolutionDownBy: 1 });
  });

  it('without a limit, leaves the picture and the bitrate to the browser', () => {
    expect(encodingUnder(null, 720)).toEqual({ maxBitrate: undefined, scaleResolutionDownBy: 1 });
  });
});

describe('when the call video is held under the limit', () => {
  const idle = { separateRecording: false, ownTrack: null, incoming: [] };

  it('while a Separate recording runs, whatever the tracks do', () => {
    expect(callVideoHeld({ ...idle, separateRecording: true })).toBe(true);
    expect(callVideoHeld({ ...idle, separateRecording: true, ownTrack: 'sent', incoming: ['received'] })).toBe(true);
  });

  it('after Stop, while this guest still records or sends its own track', () => {
    expect(callVideoHeld({ ...idle, ownTrack: 'recording' })).toBe(true);
    expect(callVideoHeld({ ...idle, ownTrack: 'sending' })).toBe(true);
    expect(callVideoHeld({ ...idle, ownTrack: 'sent' })).toBe(false);
    expect(callVideoHeld({ ...idle, ownTrack: 'failed' })).toBe(false);
  });

  it('after Stop, while the host still receives or checks a track', () => {
    expect(callVideoHeld({ ...idle, incoming: ['received', 'sending'] })).toBe(true);
    expect(callVideoHeld({ ...idle, incoming: ['checking'] })).toBe(true);
    expect(callVideoHeld({ ...idle, incoming: ['recording'] })).toBe(true);
    expect(callVideoHeld({ ...idle, incoming: ['received', 'received'] })).toBe(false);
  });

  it('not for a track waiting for its participant to come back, which moves nothing', () => {
    expect(callVideoHeld({ ...idle, ownTrack: 'waiting' })).toBe(false);
    expect(callVideoHeld({ ...idle, incoming: ['waiting', 'received'] })).toBe(false);
  });

  it('not outside a Separate recording', () => {
    expect(callVideoHeld(idle)).toBe(false);
  });
});
