import { describe, expect, it } from 'vitest';
import { routeAddresses } from '../../scripts/vite/pwa';
import { acceptUpdate, updatePromptView } from '../../src/features/pwa/update-prompt-state';
import { isRecordingActive, setRecordingActive, subscribeRecordingActivity } from '../../src/media/client/recording-activity';
import { ACTIVITY_LOCK_PREFIX, otherTabRecords } from '../../src/media/client/recording-activity-tabs';

describe('the update prompt', () => {
  it('stays hidden until a new version waits, and after Later', () => {
    expect(updatePromptView('none', false).visible).toBe(false);
    expect(updatePromptView('dismissed', false).visible).toBe(false);
    expect(updatePromptView('waiting', false)).toMatchObject({ visible: true, canReload: true });
  });

  it('never offers to reload while a recording runs', () => {
    const view = updatePromptView('waiting', true);
    expect(view).toMatchObject({ visible: true, canReload: false });
    expect(view.message).toMatch(/once your recording is finished/);
    expect(acceptUpdate('waiting', true)).toBe('waiting');
  });

  it('applies the update once when accepted with nothing recording', () => {
    expect(acceptUpdate('waiting', false)).toBe('applying');
    expect(acceptUpdate('none', false)).toBe('none');
    expect(updatePromptView('applying', false).canReload).toBe(false);
  });
});

describe('recording activity', () => {
  it('is active while any source records, and tells listeners only on changes', () => {
    let calls = 0;
    const stop = subscribeRecordingActivity(() => calls++);
    setRecordingActive('studio', true);
    setRecordingActive('room', true);
    setRecordingActive('studio', false);
    expect(isRecordingActive()).toBe(true);
    setRecordingActive('room', false);
    expect(isRecordingActive()).toBe(false);
    expect(calls).toBe(2);
    stop();
  });
});

describe('recording in other tabs', () => {
  const own = `${ACTIVITY_LOCK_PREFIX}mine`;

  it('counts another tab’s recording lock, not this tab’s own and not other locks', () => {
    expect(otherTabRecords([`${ACTIVITY_LOCK_PREFIX}theirs`], own)).toBe(true);
    expect(otherTabRecords([own], own)).toBe(false);
    expect(otherTabRecords(['framecast-recording:abc', undefined], null)).toBe(false);
    expect(otherTabRecords([], null)).toBe(false);
  });
});

describe('routeAddresses', () => {
  it('precaches each route page under its address and keeps the fallbacks as files', async () => {
    const entries = ['index.html', 'about/index.html', 'how-to/record-gameplay/index.html', 'room/index.html', '404.html', 'assets/a.js'].map(
      (url) => ({ url, revision: 'r', size: 1 }),
    );
    const result = await routeAddresses(entries);
    expect(result.manifest.map((e) => e.url)).toEqual(['index.html', 'about', 'how-to/record-gameplay', 'room/index.html', '404.html', 'assets/a.js']);
  });
});
