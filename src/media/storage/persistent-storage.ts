import { reportError } from '../../shared/report-error';
/**
 * Asks the browser to keep the app's storage (recordings) from being cleared under disk pressure.
 * Chromium answers at once, without asking; Firefox shows a "store data in persistent storage?"
 * prompt that can stay open indefinitely. So the question never blocks a recording: it is asked
 * without waiting, and when the answer takes long enough that a prompt must be showing, the user is
 * told what it is. Recording works either way (the data is then kept on a best-effort basis).
 */
/** An answer slower than this came from a person, not the browser. */
const PROMPT_AFTER_MS = 1000;

export const PERSISTENCE_PROMPT_NOTICE = {
  title: 'Your browser asks about storage',
  message:
    'It asks whether Framecast may store data in persistent storage. Allow keeps your recordings from being cleared when the disk runs low. Recording goes on whatever you answer.',
};

let asked = false;

export function askForPersistentStorage(onPromptShown: () => void): void {
  if (asked || typeof navigator === 'undefined' || !('storage' in navigator) || typeof navigator.storage.persist !== 'function') return;
  asked = true;
  void (async () => {
    try {
      if (await navigator.storage.persisted()) return;
      let answered = false;
      const timer = setTimeout(() => {
        if (!answered) onPromptShown();
      }, PROMPT_AFTER_MS);
      try {
        await navigator.storage.persist();
      } finally {
        answered = true;
        clearTimeout(timer);
      }
    } catch (error) {
      // Persistence is best effort; recording works without it.
      reportError('storage: ask for persistent storage', error);
    }
  })();
}
