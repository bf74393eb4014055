import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { type ZodType, z } from 'zod';
import { validationError } from './errors';

/**
 * zod on a body, query or path parameter; a failure becomes the spec's
 * 400 'Validation failed' with details[].msg, thrown to the one error handler.
 */
export function validate<T extends ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationError(
        result.error.issues.map((issue) => ({
          msg: issue.message,
          path: issue.path.map(String).join('.'),
        })),
      );
    }
  });
}

/** A path id: our ids are UUIDs, but any unknown id simply answers 404, so only the shape is bounded here. */
export const idParam = z.object({ id: z.string().trim().min(1, 'Id is required').max(64, 'Id is too long') });
