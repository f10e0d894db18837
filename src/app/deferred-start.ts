/**
 * Starts the app on a content page after the page is up: when the browser is next idle after the
 * page's load, or at once when the visitor reaches for the page (a key, a press, a pointer over a
 * control). Until then the page is the prerendered HTML, read and navigated with no script: its
 * links are plain links. A control pressed before the app has adopted the page is not lost: the
 * press (a click, or a key the app answers itself, such as Escape or an arrow) waits and is made
 * again, on the same element, once the page has mounted (docs/decisions/0016-first-load.md). Tab,
 * Enter and Space keep their native meaning: they move the focus or click, and the click waits.
 */
import { reportError } from '../shared/report-error';
import { afterPageMounted } from './hydration-gate';
import { CONTROL_SELECTOR } from './start-timing';

/** The longest the browser may put off its idle moment after the page's load. */
const IDLE_TIMEOUT_MS = 1500;
/** What tells that the visitor is about to use the page, anywhere on it. */
const INTENT_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Keys on a control that only the app answers (the browser does nothing with them there but scroll). */
const APP_KEYS = new Set(['Escape', 'ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);

export function startWhenIdle(start: () => Promise<void>, target: Window = window): void {
  const clicked = new Set<HTMLElement>();
  const replays: (() => void)[] = [];
  let started = false;

  const controlOf = (event: Event): HTMLElement | null => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL_SELECTOR) : null;
    return control instanceof HTMLElement && !control.closest('a[href]') ? control : null;
  };
  const holdPress = (event: MouseEvent) => {
    const control = controlOf(event);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // A second press of the same control is the visitor repeating the first, which seemed to do nothing.
    if (!clicked.has(control)) {
      clicked.add(control);
      replays.push(() => {
        if (control.isConnected) control.click();
      });
    }
    begin();
  };
  const holdKey = (event: KeyboardEvent) => {
    const control = controlOf(event);
    // A form field answers its own keys (arrows move a radio group's choice, and click it: that click waits).
    if (!control || !APP_KEYS.has(event.key) || event.isComposing || control.matches('input, select, textarea')) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    replays.push(() => {
      if (control.isConnected) control.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true, composed: true }));
    });
    begin();
  };
  const onIntent = () => {
    begin();
  };
  const onPointerOver = (event: PointerEvent) => {
    if (controlOf(event)) begin();
  };
  const stopHolding = () => {
    target.removeEventListener('click', holdPress, { capture: true });
    target.removeEventListener('keydown', holdKey, { capture: true });
  };

  function begin(): void {
    if (started) return;
    started = true;
    for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, { capture: true });
    target.removeEventListener('pointerover', onPointerOver, { capture: true });
    start().catch((error: unknown) => {
      // Offline before the service worker holds the app, or a failed start: the page stays the
      // HTML it is, its links work, and its controls answer natively rather than waiting forever.
      reportError('app: start on a content page', error);
      stopHolding();
      replays.length = 0;
    });
  }

  target.addEventListener('click', holdPress, { capture: true });
  target.addEventListener('keydown', holdKey, { capture: true });
  for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, { capture: true, passive: true });
  target.addEventListener('pointerover', onPointerOver, { capture: true, passive: true });
  afterPageMounted(() => {
    stopHolding();
    for (const replay of replays.splice(0)) replay();
  });

  const whenIdle = () => {
    if (typeof target.requestIdleCallback === 'function') target.requestIdleCallback(begin, { timeout: IDLE_TIMEOUT_MS });
    else target.setTimeout(begin, 0);
  };
  if (target.document.readyState === 'complete') whenIdle();
  else target.addEventListener('load', whenIdle, { once: true });
}

/** Fetches modules the app is about to import, beside it rather than after it. */
export function preloadModules(urls: readonly string[], doc: Document = document): void {
  for (const url of urls) {
    if (doc.querySelector(`link[href="${CSS.escape(url)}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = url;
    doc.head.append(link);
  }
}
