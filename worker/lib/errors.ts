/** A failure the client should see: the status and the spec's message. Thrown by services, shaped by app.onError. */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly details?: ValidationDetail[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export interface ValidationDetail {
  msg: string;
  path: string;
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);

export function validationError(details: ValidationDetail[]): AppError {
  return new AppError(400, 'Validation failed', details);
}

/** True when a database error (or one it wraps) is a unique-index violation. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (/UNIQUE constraint failed/i.test(String((current as Error).message ?? ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** True when the database refused a row (unique, not-null, check or foreign-key constraint). */
export function isConstraintViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (/constraint failed/i.test(String((current as Error).message ?? ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
