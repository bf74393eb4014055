import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { type ZodType, z } from 'zod';
import { AppError, validationError } from './errors';

export interface ValidatorInfo {
  target: keyof ValidationTargets;
  schema: ZodType;
}

/**
 * The target and schema behind each validator middleware, so the API's own tests can generate inputs for
 * every route listed in `app.routes` (each middleware of a route appears there as its own handler).
 */
export const validators = new WeakMap<MiddlewareHandler, ValidatorInfo>();

/**
 * zod on a body, query or path parameter; a failure becomes the spec's
 * 400 'Validation failed' with details[].msg, thrown to the one error handler.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  const middleware = zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationError(
        result.error.issues.map((issue) => ({
          msg: issue.message,
          path: issue.path.map(String).join('.'),
        })),
      );
    }
    const broken = illFormedText(result.data);
    if (broken !== null) throw validationError([{ msg: NOT_UNICODE, path: broken }]);
  });
  if (target !== 'json') {
    validators.set(middleware as MiddlewareHandler, { target, schema });
    return middleware;
  }
  // A body declared as anything but JSON would otherwise be read as `{}` and pass an all-optional schema.
  const guarded: MiddlewareHandler = async (c, next) => {
    const type = c.req.header('content-type');
    const hasBody = c.req.raw.body !== null && c.req.header('content-length') !== '0';
    if (type ? !JSON_TYPE.test(type.split(';')[0].trim()) : hasBody) {
      throw new AppError(415, UNSUPPORTED_BODY);
    }
    return middleware(c, next);
  };
  validators.set(guarded, { target, schema });
  return guarded as typeof middleware;
}

export const NOT_UNICODE = 'Text contains a character that is not valid Unicode';

/** Half of a surrogate pair without its other half: JSON can carry one (`"\ud800"`), UTF-8 cannot store it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (or key) in a value that is not well-formed Unicode, or null. */
export function illFormedText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path.join('.') : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = illFormedText(value[i], [...path, String(i)]);
      if (found !== null) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (LONE_SURROGATE.test(key)) return [...path, key].join('.');
      const found = illFormedText(item, [...path, key]);
      if (found !== null) return found;
    }
  }
  return null;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;
export const UNSUPPORTED_BODY = 'Send the request body as JSON (Content-Type: application/json)';

/** A path id: our ids are UUIDs, but any unknown id simply answers 404, so only the shape is bounded here. */
export const idParam = z.object({ id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long') });
