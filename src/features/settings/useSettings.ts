import { useSyncExternalStore } from 'react';
import type { Settings } from './settings-schema';
import { getSettingsSnapshot, subscribeSettings } from './settings-store';

export function useSettings(): Settings {
  return useSyncExternalStore(subscribeSettings, getSettingsSnapshot);
}
