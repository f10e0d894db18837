/**
 * Whether a screen capture honours the "Capture cursor" setting. Browsers may accept the `cursor`
 * constraint and ignore it: Chromium does not list it among its supported constraints, records the
 * pointer on every real screen, window and tab, and reports that in the track's settings ('always'
 * or 'motion') whatever was asked. Pure, so the rule is tested without a browser.
 */
export type CursorSetting = 'always' | 'motion' | 'never';

/** The constraint value asked for: the setting on asks for the pointer, off asks for none. */
export const cursorConstraint = (captureCursor: boolean): CursorSetting => (captureCursor ? 'always' : 'never');

/**
 * True when the user turned the pointer off and the capture records it anyway. `reported` is the
 * track's `cursor` setting (undefined where the browser does not say); `constraintSupported` is
 * `getSupportedConstraints().cursor`. A browser that neither reports nor supports it ignored the wish.
 * Only the "off" wish is checked: real captures always have a pointer to draw when it is wanted.
 */
export function pointerRecordedAgainstWish(captureCursor: boolean, reported: string | undefined, constraintSupported: boolean): boolean {
  if (captureCursor) return false;
  if (reported === undefined) return !constraintSupported;
  return reported !== 'never';
}
