import { AppError } from './errors';

/** What a write of a school being moved answers: the move takes seconds, the caller tries again. */
export const SCHOOL_MOVING =
  "This school's records are being moved to another database. Changes are paused: try again in a minute.";

/** Seconds a refused write is told to wait (`Retry-After`). */
export const MOVING_RETRY_SECONDS = 30;

/**
 * 503 and not 423: the school is unavailable for writing for a short, known time, and 503 with `Retry-After` is
 * what clients and proxies already treat as "come back later"; 423 (WebDAV's lock) says a resource is held by someone.
 */
export function schoolMoving(): AppError {
  return new AppError(503, SCHOOL_MOVING, {
    code: 'SCHOOL_MOVING',
    headers: { 'Retry-After': String(MOVING_RETRY_SECONDS) },
  });
}

/** The refusal behind a write the fence triggers aborted (migration 0015), or null for any other error. */
export function movingRefusal(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (/school-moving/.test(String((current as Error).message ?? ''))) return schoolMoving();
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
