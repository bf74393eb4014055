import { CODE_BY_STATUS, type ErrorCode } from './error-codes';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

export interface ErrorOptions {
  /** The machine code; without one, the status's own (`NOT_FOUND`, `CONFLICT`, …). */
  code?: ErrorCode;
  details?: ValidationDetail[];
  headers?: Record<string, string>;
}

/**
 * A failure the client should see: the status, the spec's message and a stable code (`errorCodes`).
 * Thrown by services, shaped by app.onError. The third argument is the details alone, or the options.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly details?: ValidationDetail[];
  readonly headers?: Record<string, string>;

  constructor(
    readonly status: ErrorStatus,
    message: string,
    options: ValidationDetail[] | ErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    const { code, details, headers } = Array.isArray(options) ? { details: options } : options;
    this.details = details;
    this.headers = headers;
    this.code =
      code ?? (status === 400 && message === 'Validation failed' ? 'VALIDATION_FAILED' : CODE_BY_STATUS[status]);
  }
}

export interface ValidationDetail {
  msg: string;
  path: string;
}

export const notFound = (what: string) => new AppError(404, `${what} not found`);

export function validationError(details: ValidationDetail[]): AppError {
  return new AppError(400, 'Validation failed', { code: 'VALIDATION_FAILED', details });
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
