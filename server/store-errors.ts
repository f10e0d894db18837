/**
 * The two ways a room store can fail a request without anything being wrong with the request. Each
 * has the message the client is shown; anything else that fails is a server fault, logged.
 */
import { ROOM_ERRORS } from '../src/protocol';

/**
 * Redis cannot be reached (or did not answer in time): nothing was written, or, for a write whose
 * answer was lost, whether it was could not be learned in time; try again shortly.
 */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(ROOM_ERRORS.serverReconnecting, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** The room changed under this request every time it was tried: nothing was written; try again. */
export class StoreBusyError extends Error {
  constructor(readonly roomId: string) {
    super(ROOM_ERRORS.serverBusy);
    this.name = 'StoreBusyError';
  }
}
