/**
 * Starts the app on a content page after the page is up: when the browser is next idle after the
 * page's load, or at once when the visitor reaches for the page (a key, a press, a pointer over a
 * control). Until then the page is the prerendered HTML, read and navigated with no script: its
 * links are plain links. A control pressed before the app has adopted the page is not lost: the
 * press (a click, or a key the app answers itself, such as Escape or an arrow in a tab list) waits
 * and is made again, on the same element, once the page has mounted
 * (docs/decisions/0016-first-load.md). Tab, Enter and Space keep their native meaning: they move the
 * focus or click, and the click waits.
 */
import { reportError } from '../shared/report-error';
import { afterPageMounted } from './hydration-gate';
import { CONTROL_SELECTOR } from './start-timing';

/** The longest the browser may put off its idle moment after the page's load. */
const IDLE_TIMEOUT_MS = 1500;
/**
 * How long presses wait for the page to mount once the app has started. A page that does not mount
 * (its route failed, and the app shows the error instead) must not leave every control dead.
 */
const MOUNT_WAIT_MS = 3000;
/** What tells that the visitor is about to use the page, anywhere on it. */
const INTENT_EVENTS = ['keydown', 'pointerdown', 'touchstart', 'focusin'] as const;
/** Escape on any control the app draws: only the app answers it there. */
const ESCAPE = 'Escape';
/** Keys that move within a composite widget the app draws; on anything else they scroll the page. */
const WIDGET_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End']);
const WIDGET_SELECTOR = '[role="tab"], [role="radio"], [role="menuitem"], [role="option"], [role="slider"], [role="treeitem"]';

export function startWhenIdle(start: () => Promise<void>, target: Window = window): void {
  const replays: (() => void)[] = [];
  let lastPressed: HTMLElement | null = null;
  let started = false;
  let mounted = false;

  const controlOf = (event: Event): HTMLElement | null => {
    const control = event.target instanceof Element ? event.target.closest(CONTROL_SELECTOR) : null;
    return control instanceof HTMLElement && !control.closest('a[href]') && !control.querySelector('a[href]') ? control : null;
  };
  const holdPress = (event: MouseEvent) => {
    const control = controlOf(event);
    if (!control) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    // The same control pressed again straight away is the visitor repeating a press that seemed to do nothing.
    if (control !== lastPressed) {
      replays.push(() => {
        if (control.isConnected) control.click();
      });
    }
    lastPressed = control;
    begin();
  };
  const holdKey = (event: KeyboardEvent) => {
    const control = controlOf(event);
    // A form field answers its own keys (arrows move a radio group's choice, and click it: that click waits).
    if (!control || event.isComposing || control.matches('input, select, textarea')) return;
    if (event.key !== ESCAPE && !(WIDGET_KEYS.has(event.key) && control.matches(WIDGET_SELECTOR))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const { key, code, shiftKey, ctrlKey, altKey, metaKey } = event;
    replays.push(() => {
      if (control.isConnected) control.dispatchEvent(new KeyboardEvent('keydown', { key, code, shiftKey, ctrlKey, altKey, metaKey, bubbles: true, cancelable: true, composed: true }));
    });
    lastPressed = null;
    begin();
  };
  const onIntent = () => {
    begin();
  };
  const onPointerOver = (event: PointerEvent) => {
    if (controlOf(event)) begin();
  };

  const hold = (on: boolean) => {
    const change = on ? target.addEventListener.bind(target) : target.removeEventListener.bind(target);
    change('click', holdPress as EventListener, { capture: true });
    change('keydown', holdKey as EventListener, { capture: true });
    if (!on) {
      replays.length = 0;
      lastPressed = null;
    }
  };
  const watchIntent = (on: boolean) => {
    const change = on ? target.addEventListener.bind(target) : target.removeEventListener.bind(target);
    for (const type of INTENT_EVENTS) change(type, onIntent, { capture: true, passive: true });
    change('pointerover', onPointerOver as EventListener, { capture: true, passive: true });
  };

  function begin(): void {
    if (started) return;
    started = true;
    watchIntent(false);
    start().then(
      () => {
        target.setTimeout(() => {
          if (!mounted) hold(false);
        }, MOUNT_WAIT_MS);
      },
      (error: unknown) => {
        // Offline before the service worker holds the app, or a failed start: the page stays the HTML
        // it is, its links work, and its controls answer natively rather than wait; the visitor's
        // next key or press tries again.
        reportError('app: start on a content page', error);
        hold(false);
        started = false;
        watchIntent(true);
      },
    );
  }

  hold(true);
  watchIntent(true);
  afterPageMounted(() => {
    mounted = true;
    const waiting = replays.splice(0);
    hold(false);
    // One press a task, so the app renders each before the next (a radio pressed, then another).
    const replayNext = () => {
      waiting.shift()?.();
      if (waiting.length > 0) target.setTimeout(replayNext, 0);
    };
    replayNext();
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
