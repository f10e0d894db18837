/**
 * One tab's (or worker's) connection to the app's database, kept safe when a newer version of the
 * app, in another tab, upgrades the schema:
 * - While this context is writing a recording (a hold), the newer tab waits: the connection closes
 *   only when the last hold is let go, so a recording is never cut off mid-write. The newer tab
 *   hears that it is blocked ('waiting') and can say so.
 * - Once closed for a newer version, this (older) code cannot use the database any more: its calls
 *   fail at once with OUTDATED_MESSAGE instead of hanging, and the status is 'outdated' (the page
 *   asks for a reload).
 * - An open that failed, or a connection the browser terminated, is never kept: the next call
 *   opens afresh.
 */
import type { ConnectionStatus } from './storage-status';

export type { ConnectionStatus };

export const OUTDATED_MESSAGE = 'Framecast was updated in another tab. Reload this tab to keep using your recordings.';

export interface OpenHandlers {
  /** Our open waits for older connections elsewhere to close. */
  blocked(): void;
  /** Another context wants a newer version (null: it deletes the database). */
  blocking(newVersion: number | null): void;
  /** The browser closed the connection abnormally (storage cleared, disk error). */
  terminated(): void;
}

interface Closable {
  close(): void;
}

const isVersionError = (error: unknown): boolean => error instanceof DOMException && error.name === 'VersionError';

export class DbConnection<T extends Closable> {
  private opening: Promise<T> | null = null;
  private holds = 0;
  private pendingVersion: number | null | undefined = undefined;
  private current: ConnectionStatus = 'ready';
  private readonly listeners = new Set<() => void>();

  constructor(private readonly open: (handlers: OpenHandlers) => Promise<T>) {}

  get status(): ConnectionStatus {
    return this.current;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get(): Promise<T> {
    if (this.current === 'outdated') return Promise.reject(new Error(OUTDATED_MESSAGE));
    this.opening ??= this.connect();
    return this.opening;
  }

  /** Keeps the connection open for a newer version's upgrade until the returned function is called. */
  hold(): () => void {
    this.holds += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds -= 1;
      if (this.holds === 0 && this.pendingVersion !== undefined) this.closeFor(this.pendingVersion);
    };
  }

  private connect(): Promise<T> {
    const opening: Promise<T> = this.open({
      blocked: () => {
        this.setStatus('waiting');
      },
      blocking: (newVersion) => {
        if (this.holds > 0) this.pendingVersion = newVersion;
        else this.closeFor(newVersion);
      },
      terminated: () => {
        if (this.opening === opening) this.opening = null;
      },
    }).then(
      (db) => {
        if (this.current === 'waiting') this.setStatus('ready');
        return db;
      },
      (error: unknown) => {
        if (this.opening === opening) this.opening = null;
        if (!isVersionError(error)) throw error;
        this.setStatus('outdated');
        throw new Error(OUTDATED_MESSAGE, { cause: error });
      },
    );
    return opening;
  }

  private closeFor(newVersion: number | null): void {
    this.pendingVersion = undefined;
    const opening = this.opening;
    this.opening = null;
    void opening?.then((db) => {
      db.close();
    });
    // A deleted database can be made again by this code; a newer schema cannot be read by it.
    if (newVersion !== null) this.setStatus('outdated');
  }

  private setStatus(status: ConnectionStatus): void {
    if (this.current === status) return;
    this.current = status;
    for (const listener of [...this.listeners]) listener();
  }
}
