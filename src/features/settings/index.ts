/** The settings feature's public face: the settings' shape and the live store other features read. */
export { audioBitrateKbps, type Settings } from './settings-schema';
export { getSettingsSnapshot, subscribeSettings } from './settings-store';
export { useSettings } from './useSettings';

export { SettingsPage } from './SettingsPage';
export { settingsColorSchemeManager } from './settings-color-scheme';
export { themeBootScript } from './theme-preference';
