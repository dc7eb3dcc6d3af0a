/**
 * The server could not take on a request in time: the database was locked by another process for
 * longer than the lock wait, or one learner already has too many writes queued. Nothing was
 * written; the client retries (the HTTP edge answers 503 with Retry-After).
 */
export class BusyError extends Error {
  constructor(
    message: string,
    /** When a retry is likely to succeed, in whole seconds. */
    readonly retryAfterSeconds = 1,
  ) {
    super(message);
  }
}
