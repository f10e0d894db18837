/**
 * A worker whose script cannot load (its file missing from an outdated offline cache, a network
 * error, a refused policy) fires one `error` event and never answers; a comlink call to it would
 * wait forever and leave the page stuck on "starting". The first call is raced against that event.
 */
export class WorkerLoadError extends Error {
  override readonly name = 'WorkerLoadError';
}

/** Resolves with `firstCall`, or rejects with a WorkerLoadError(`message`) if the worker fails to load first. */
export async function firstAnswer<T>(worker: Worker, firstCall: Promise<T>, message: string): Promise<T> {
  let onError: (() => void) | undefined;
  const loadFailed = new Promise<never>((_, reject) => {
    onError = () => {
      reject(new WorkerLoadError(message));
    };
    worker.addEventListener('error', onError, { once: true });
  });
  try {
    return await Promise.race([firstCall, loadFailed]);
  } finally {
    if (onError) worker.removeEventListener('error', onError);
  }
}
