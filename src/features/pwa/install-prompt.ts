/**
 * Keeps the browser's install offer (`beforeinstallprompt`, Chromium) so an Install button can use
 * it later, and knows when the app is already installed. Call `watchInstallPrompt()` once, early:
 * the browser may offer before React has rendered.
 */

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type Listener = () => void;

let offer: BeforeInstallPromptEvent | null = null;
const listeners = new Set<Listener>();
let watching = false;

const emit = () => {
  for (const listener of [...listeners]) listener();
};

export function watchInstallPrompt(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  window.addEventListener('beforeinstallprompt', (event) => {
    // Our own button asks instead of the browser's mini bar.
    event.preventDefault();
    offer = event as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    emit();
  });
}

/** Whether the app can be installed now (false when installed or when the browser offers nothing). */
export function canInstall(): boolean {
  return offer !== null && !window.matchMedia('(display-mode: standalone)').matches;
}

export function subscribeInstallPrompt(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Shows the browser's install dialog; the offer can be used once. */
export async function promptInstall(): Promise<void> {
  const current = offer;
  if (!current) return;
  offer = null;
  emit();
  await current.prompt();
  await current.userChoice;
}
