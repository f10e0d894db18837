/** A failure's name (QuotaExceededError, NotReadableError…) and text, whatever was thrown. */
export function errorIdentity(error: unknown): { name: string; message: string } {
  return {
    name: error instanceof DOMException || error instanceof Error ? error.name : 'Error',
    message: error instanceof Error ? error.message : String(error),
  };
}
