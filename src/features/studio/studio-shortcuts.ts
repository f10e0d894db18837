/**
 * Studio keyboard shortcuts. Alt+Shift combinations avoid the browser's and screen readers' own
 * bindings, and `code` keeps them working on layouts where Alt changes the typed character.
 */
export const SHORTCUTS = {
  startStop: { code: 'KeyR', label: 'Alt+Shift+R', action: 'Start or stop recording' },
  pause: { code: 'KeyP', label: 'Alt+Shift+P', action: 'Pause or resume recording' },
} as const;

/** Every key the studio answers to, as the "Keyboard shortcuts" dialog lists them. */
export const SHORTCUT_LIST: readonly { keys: string; action: string }[] = [
  { keys: SHORTCUTS.startStop.label, action: SHORTCUTS.startStop.action },
  { keys: SHORTCUTS.pause.label, action: SHORTCUTS.pause.action },
  { keys: '?', action: 'Show these keyboard shortcuts' },
  { keys: 'Escape', action: 'Close a dialog or the floating webcam window' },
  { keys: 'Tab / Shift+Tab', action: 'Move between controls' },
];

/** Whether keys pressed now are text being typed (into a field, a list box or editable text). */
export function isTyping(element: { tagName: string; isContentEditable?: boolean; type?: string } | null): boolean {
  if (!element) return false;
  if (element.isContentEditable) return true;
  if (element.tagName === 'TEXTAREA' || element.tagName === 'SELECT') return true;
  if (element.tagName !== 'INPUT') return false;
  return !['button', 'checkbox', 'radio', 'range', 'submit', 'reset', 'color', 'file', 'image'].includes(element.type ?? 'text');
}

/** The "?" that opens the shortcuts dialog (Shift+/ on most layouts, whatever key makes it). */
export function isHelpKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  return event.key === '?' && !event.altKey && !event.ctrlKey && !event.metaKey;
}

export type ShortcutName = keyof typeof SHORTCUTS;

export function matchShortcut(event: Pick<KeyboardEvent, 'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey' | 'code'>): ShortcutName | null {
  if (!event.altKey || !event.shiftKey || event.ctrlKey || event.metaKey) return null;
  for (const name of Object.keys(SHORTCUTS) as ShortcutName[]) {
    if (SHORTCUTS[name].code === event.code) return name;
  }
  return null;
}
