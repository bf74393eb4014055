import type { Context } from 'hono';

/** The spec's success shape: `{ success: true, data, message?, total? }`. */
export function ok<T>(c: Context, data: T, extra: { message?: string; total?: number } = {}, status: 200 | 201 = 200) {
  return c.json({ success: true as const, data, ...extra }, status);
}

export function created<T>(c: Context, data: T, extra: { message?: string } = {}) {
  return ok(c, data, extra, 201);
}
