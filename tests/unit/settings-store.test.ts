// Runs in Node, where localStorage does not exist: the store must keep working in memory, which is
// also what a browser with storage disabled gets.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '../../src/features/settings/settings-schema';
import {
  getSettingsSnapshot,
  resetSettings,
  subscribeSettings,
  updateSettings,
  type DeepPartial,
} from '../../src/features/settings/settings-store';
import {
  colorSchemeForTheme,
  settingsColorSchemeManager,
  themeForColorScheme,
} from '../../src/features/settings/settings-color-scheme';
import { themeFromStoredText } from '../../src/features/settings/theme-preference';

beforeEach(() => {
  resetSettings();
});

describe('settings store without localStorage', () => {
  it('starts from the defaults and applies valid changes', () => {
    expect(getSettingsSnapshot()).toEqual(DEFAULT_SETTINGS);
    updateSettings({ video: { bitrate: 2000 }, theme: 'dark' });
    expect(getSettingsSnapshot().video.bitrate).toBe(2000);
    expect(getSettingsSnapshot().theme).toBe('dark');
  });

  it('ignores invalid values and keeps every current one', () => {
    updateSettings({ video: { quality: '720p', bitrate: 2000 } });
    const before = getSettingsSnapshot();
    const garbage = [
      { video: { bitrate: 999_999 } },
      { video: { quality: 'x'.repeat(100_000) } },
      { theme: null },
      { audio: [] },
      { webcam: 'big' },
      { storage: { autoSave: 'yes' } },
    ] as unknown as DeepPartial<Settings>[];
    for (const patch of garbage) updateSettings(patch);
    expect(getSettingsSnapshot()).toBe(before);
  });

  it('tells subscribers about a change once, and not about a no-op', () => {
    const seen: Settings[] = [];
    const stop = subscribeSettings((settings) => seen.push(settings));
    updateSettings({ audio: { quality: 'low' } });
    updateSettings({ audio: { quality: 'low' } });
    stop();
    updateSettings({ audio: { quality: 'medium' } });
    expect(seen.map((s) => s.audio.quality)).toEqual(['low']);
  });
});

describe('colour scheme from settings.theme', () => {
  it('maps the theme to Mantine and back', () => {
    expect(colorSchemeForTheme('system')).toBe('auto');
    expect(colorSchemeForTheme('dark')).toBe('dark');
    expect(themeForColorScheme('auto')).toBe('system');
    expect(themeForColorScheme('light')).toBe('light');
  });

  it('reads and writes the theme setting, so the toggle and the Settings page share one value', async () => {
    const manager = settingsColorSchemeManager();
    expect(manager.get('light')).toBe('auto');
    manager.set('dark');
    await vi.waitFor(() => {
      expect(getSettingsSnapshot().theme).toBe('dark');
    });
    manager.clear();
    await vi.waitFor(() => {
      expect(getSettingsSnapshot().theme).toBe('system');
    });
  });

  it('tells Mantine when the theme changes elsewhere, and only then', async () => {
    const manager = settingsColorSchemeManager();
    const updates: string[] = [];
    manager.subscribe((scheme) => updates.push(scheme));
    // The store loads in the background; a change made meanwhile is caught up on.
    updateSettings({ theme: 'light' });
    await vi.waitFor(() => {
      expect(updates).toEqual(['light']);
    });
    updateSettings({ video: { bitrate: 3000 } });
    updateSettings({ theme: 'system' });
    manager.unsubscribe();
    updateSettings({ theme: 'dark' });
    expect(updates).toEqual(['light', 'auto']);
  });

  it('stops listening when unsubscribed before the store has loaded', async () => {
    const manager = settingsColorSchemeManager();
    const updates: string[] = [];
    manager.subscribe((scheme) => updates.push(scheme));
    manager.unsubscribe();
    updateSettings({ theme: 'dark' });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(updates).toEqual([]);
  });
});

describe('themeFromStoredText', () => {
  it.each([
    [null, 'system'],
    ['{"theme":"dark"}', 'dark'],
    ['{"theme":"light","video":{}}', 'light'],
    ['{"theme":"neon"}', 'system'],
    ['{"theme":42}', 'system'],
    ['[]', 'system'],
    ['null', 'system'],
    ['not json', 'system'],
  ])('reads %s as %s, the schema\'s rule', (text, theme) => {
    expect(themeFromStoredText(text)).toBe(theme);
  });
});
