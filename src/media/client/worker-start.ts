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

/** Why a call to a worker did not complete: the worker was ended (the studio or room was left). */
export class WorkerEndedError extends Error {
  override readonly name = 'WorkerEndedError';
}

/**
 * The calls still waiting on one worker. Ending a worker leaves comlink's pending calls unsettled
 * for good, keeping whatever awaits them alive; `end` settles every one of them instead.
 */
export class WorkerCalls {
  private readonly pending = new Set<(error: WorkerEndedError) => void>();
  private ended: WorkerEndedError | null = null;

  get count(): number {
    return this.pending.size;
  }

  track<T>(call: Promise<T>): Promise<T> {
    if (this.ended) {
      // The call was already sent to a worker that is gone; let its own settlement go unheard.
      call.catch(() => undefined);
      return Promise.reject(this.ended);
    }
    return new Promise<T>((resolve, reject) => {
      this.pending.add(reject);
      call.then(resolve, reject).finally(() => this.pending.delete(reject));
    });
  }

  /** A call whose result nobody needs: settles quietly when the worker was ended, fails loudly otherwise. */
  fireAndForget(call: Promise<unknown>): Promise<void> {
    return this.track(call).then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof WorkerEndedError)) throw error;
      },
    );
  }

  end(reason: string): void {
    this.ended ??= new WorkerEndedError(reason);
    for (const reject of this.pending) reject(this.ended);
    this.pending.clear();
  }
}
