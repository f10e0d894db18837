import { describe, expect, it } from 'vitest';
import { studioAnnouncement, type AnnouncedState } from '../../src/features/studio/studio-announcements';

const state = (recordingState: AnnouncedState['recordingState'], savedId: string | null = null): AnnouncedState => ({ recordingState, savedId });

describe('studioAnnouncement', () => {
  it('announces each change of a recording once', () => {
    expect(studioAnnouncement(state('idle'), state('recording'))).toBe('Recording started');
    expect(studioAnnouncement(state('recording'), state('paused'))).toBe('Recording paused');
    expect(studioAnnouncement(state('paused'), state('recording'))).toBe('Recording resumed');
    expect(studioAnnouncement(state('recording'), state('processing'))).toBe('Recording stopped. Saving it…');
    expect(studioAnnouncement(state('processing'), state('idle', 'r1'))).toBe('Recording saved to Your recordings');
  });

  it('says nothing when nothing a listener cares about changed', () => {
    expect(studioAnnouncement(state('recording'), state('recording'))).toBeNull();
    expect(studioAnnouncement(state('idle', 'r1'), state('idle', 'r1'))).toBeNull();
    // A recording that failed to start returns to idle without news here: its notice says why.
    expect(studioAnnouncement(state('processing'), state('idle'))).toBeNull();
  });
});
