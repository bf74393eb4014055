import { type ZodType, z } from 'zod';
import { ERROR_CODES } from './error-codes';

// The shapes every declared answer is made of. Only zod and the codes: the client reads these types too.

/** `{ success: true, data, message? }`: every JSON success answer. Unknown fields are refused. */
export function success<T extends ZodType>(data: T) {
  return z.strictObject({ success: z.literal(true), data, message: z.string().optional() });
}

/** `{ success: true, data, total }`: one record with a count of what it holds (a day's marks). */
export function counted<T extends ZodType>(data: T) {
  return z.strictObject({ success: z.literal(true), data, total: z.number().int(), message: z.string().optional() });
}

/** `{ success: true, message }`: a call that answers only that it was done. */
export const done = z.strictObject({ success: z.literal(true), message: z.string() });

/** `{ success: true, data: [...], total }`: a list with the number of rows matching, beyond this page. */
export function list<T extends ZodType>(item: T) {
  return z.strictObject({
    success: z.literal(true),
    data: z.array(item),
    total: z.number().int(),
    message: z.string().optional(),
  });
}

/** `GET /api/health`: the Worker answers, with its clock. */
export const healthAnswer = success(z.strictObject({ status: z.literal('ok'), time: z.string() }));

/** Every error answer: the spec's message, a stable code from `errorCodes`, and field details when any. */
export const errorAnswer = z.strictObject({
  success: z.literal(false),
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(z.strictObject({ msg: z.string(), path: z.string() })).optional(),
});

/** Short names for the shapes answers are made of. */
export const id = z.string();
export const nullable = <T extends ZodType>(schema: T) => schema.nullable();
export const ref = z.strictObject({ _id: z.string(), name: z.string() });
export const classRef = z.strictObject({ _id: z.string(), name: z.string(), section: z.string() });
