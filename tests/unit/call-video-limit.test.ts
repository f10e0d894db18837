import { describe, expect, it } from 'vitest';
import { SEPARATE_RECORDING_CALL_VIDEO, encodingUnder } from '../../src/features/room/peers/call-video-limit';

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
