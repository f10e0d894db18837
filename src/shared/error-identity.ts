/** A failure's name (QuotaExceededError, NotReadableError…) and text, whatever was thrown. */
export function errorIdentity(error: unknown): { name: string; message: string } {
  return {
    name: error instanceof DOMException || error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
}

/** Whatever was thrown, as an Error to throw again (the original when it already is one). */
export function toError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}
