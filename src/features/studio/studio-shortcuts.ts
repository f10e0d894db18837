/**
 * Studio keyboard shortcuts. Alt+Shift combinations avoid the browser's and screen readers' own
 * bindings, and `code` keeps them working on layouts where Alt changes the typed character.
 */
export const SHORTCUTS = {
  startStop: { code: 'KeyR', label: 'Alt+Shift+R' },
  pause: { code: 'KeyP', label: 'Alt+Shift+P' },
} as const;

export type ShortcutName = keyof typeof SHORTCUTS;

export function matchShortcut(event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>): ShortcutName | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
  for (const name of Object.keys(SHORTCUTS) as ShortcutName[]) {
    if (SHORTCUTS[name].code === event.code) return name;
  }
  return null;
}
