/**
 * The one path for a failure the app carries on after (docs/architecture.md, "Failures"). The caller
 * names what it was doing; the failure is logged with that context as a console warning, where a bug
 * report, the browser's console and the tests see it. What the user must know is shown by the caller
 * in the studio's or the room's own words; this is for everything else, so that nothing disappears.
 * The same failure in the same place is logged a few times and then no more, so a loop that fails
 * every frame cannot flood the console.
 */
import { errorIdentity } from './error-identity';

/** Times the same failure in the same place is logged before it is only counted. */
export const REPEATS_LOGGED = 3;
/** Distinct failures remembered for that; beyond it they are all news again. */
const REMEMBERED = 200;

const seen = new Map<string, number>();

export function reportError(context: string, error: unknown): void {
  const { name, message } = errorIdentity(error);
  const key = `${context}\n${name}\n${message}`;
  const count = (seen.get(key) ?? 0) + 1;
  if (seen.size >= REMEMBERED && !seen.has(key)) seen.clear();
  seen.set(key, count);
  if (count > REPEATS_LOGGED) return;
  const again = count === REPEATS_LOGGED ? ' (further repeats are not logged)' : '';
  // The error itself goes along, so the console shows where it was thrown.
  console.warn(`${context}: ${name}: ${message}${again}`, error);
}

/** `reportError` bound to what the caller was doing, for a promise's `.catch`. */
export function reportingAs(context: string): (error: unknown) => void {
  return (error) => {
    reportError(context, error);
  };
}
