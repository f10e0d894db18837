/**
 * The server's failure log. Every failure is logged with what it was doing, never swallowed; the same
 * failure repeating (every request while Redis is down) is written once per interval with a count,
 * so an outage cannot fill the disk.
 */
const REPEAT_INTERVAL_MS = 10_000;

export type Log = (context: string, error: unknown) => void;

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

export function createLog(write: (line: string) => void = (line) => console.error(line), now: () => number = Date.now): Log {
  const seen = new Map<string, { at: number; repeats: number }>();
  return (context, error) => {
    const key = `${context}\u0000${describe(error)}`;
    const entry = seen.get(key);
    const at = now();
    if (entry && at - entry.at < REPEAT_INTERVAL_MS) {
      entry.repeats += 1;
      return;
    }
    const repeats = entry?.repeats ? ` (and ${String(entry.repeats)} more like it)` : '';
    seen.set(key, { at, repeats: 0 });
    if (seen.size > 1000) seen.delete(seen.keys().next().value ?? '');
    const cause = error instanceof Error && error.cause !== undefined ? ` (cause: ${describe(error.cause)})` : '';
    write(`signaling: ${context}: ${describe(error)}${cause}${repeats}`);
  };
}
