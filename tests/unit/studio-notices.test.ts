import { describe, expect, it } from 'vitest';
import { AcquisitionError } from '../../src/media';
import { acquisitionNotice, engineFailureNotice, storageLowNotice } from '../../src/features/studio/studio-notices';

describe('studio notices', () => {
  it('says how much of a failed recording was saved', () => {
    expect(engineFailureNotice('Encoder crashed', 'EncodingError', 65_000)).toEqual({
      title: 'Recording Failed',
      message: 'Encoder crashed. The first 01:05 was saved to Your recordings and is ready to download.',
      tone: 'error',
    });
    expect(engineFailureNotice('', 'Error', null).message).toBe('Recording failed due to an error');
  });

  it('gives a full disk its own advice, whether or not anything could be repaired', () => {
    const repaired = engineFailureNotice('quota', 'QuotaExceededError', 3000);
    expect(repaired.title).toBe('Storage is full');
    expect(repaired.message).toContain('The first 00:03 was saved');
    expect(engineFailureNotice('quota', 'QuotaExceededError', null).message).toContain(
      'What was recorded is kept and can be recovered once there is space.',
    );
  });

  it('says how much storage to free when finishing a recording needs more', () => {
    const notice = engineFailureNotice('Finishing this recording needs 3.00 GB of free storage and only 1.00 GB is free. Free up 2.00 GB', 'NotEnoughSpaceError', null);
    expect(notice.title).toBe('Not enough storage to finish');
    expect(notice.message).toBe(
      'Finishing this recording needs 3.00 GB of free storage and only 1.00 GB is free. Free up 2.00 GB. The recording is kept as it was stored and offered for recovery under "A recording was interrupted".',
    );
  });

  it("uses the spec's notice for a refused device and the error's own words otherwise", () => {
    expect(acquisitionNotice(new AcquisitionError('webcam', new Error('NotAllowedError')))).toEqual({
      title: 'Webcam Access Denied',
      message: 'Please allow camera access to record videos.',
      tone: 'error',
    });
    expect(acquisitionNotice(new Error('mixer broke'))).toEqual({ title: 'Recording Failed', message: 'mixer broke', tone: 'error' });
  });

  it('counts the minutes left in the right number', () => {
    expect(storageLowNotice(1_000_000, 1).message).toContain('about 1 minute of recording');
    expect(storageLowNotice(1_000_000, 4).message).toContain('about 4 minutes of recording');
  });
});
