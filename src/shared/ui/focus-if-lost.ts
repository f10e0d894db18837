/**
 * When the focused control goes away (a form replaced by what it opened, a row removed, a page left),
 * the browser puts focus on the body, and a keyboard or screen-reader user starts again from the top
 * of the page. These put it somewhere meaningful instead, but never take it from where the user put it.
 */
export function focusIsLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body;
}

export function focusIfLost(target: HTMLElement | null | undefined): void {
  if (target && focusIsLost()) target.focus();
}
