import type { Context } from 'hono';
import type { ErrorCode } from './error-codes';
import type { ErrorStatus, ValidationDetail } from './errors';

/** The spec's success shape: `{ success: true, data, message?, total? }`. */
export function ok<T>(c: Context, data: T, extra: { message?: string; total?: number } = {}, status: 200 | 201 = 200) {
  return c.json({ success: true as const, data, ...extra }, status);
}

export function created<T>(c: Context, data: T, extra: { message?: string } = {}) {
  return ok(c, data, extra, 201);
}

/** The spec's failure shape with its stable code: `{ success: false, error, code, details? }`. Only app.onError uses it. */
export function failure(c: Context, status: ErrorStatus, code: ErrorCode, error: string, details?: ValidationDetail[]) {
  return c.json({ success: false as const, error, code, ...(details ? { details } : {}) }, status);
}
