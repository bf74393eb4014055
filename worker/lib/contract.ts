import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { type ZodType, z } from 'zod';
import type { HonoEnv } from './context';
import { ERROR_CODES } from './error-codes';

/** A success answer that is not JSON (a PDF, a CSV, a backup file): only its media type is declared. */
export interface FileAnswer {
  /** The media type the answer starts with; "any" for a stored file of any allowed type. */
  file: string;
}

/**
 * What one call promises, declared beside its route: a summary for the document and, per success status, the
 * schema of the whole body. Path, query and body schemas come from the route's `validate()` middlewares.
 */
export interface Contract {
  summary: string;
  description?: string;
  responses: Partial<Record<200 | 201, ZodType | FileAnswer>>;
}

/** The contract behind each `contract()` middleware, read by the OpenAPI document and by the API suite. */
export const contracts = new WeakMap<MiddlewareHandler, Contract>();

/** Declares a call's answers; put it first in the route's handlers. */
export function contract(declared: Contract) {
  const middleware = createMiddleware<HonoEnv>(async (c, next) => {
    c.set('contract', declared);
    await next();
  });
  contracts.set(middleware, declared);
  return middleware;
}

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

/**
 * What is wrong with an answer, measured against its call's contract (null when it holds): error answers against
 * `errorAnswer`, success answers against the declared schema for their status. Unknown fields count as wrong.
 */
export function checkAnswer(
  declared: Contract | undefined,
  status: number,
  contentType: string,
  body: string,
): string | null {
  const isJson = /^application\/json/.test(contentType);
  if (status === 204) return null;
  if (status >= 400) {
    if (!isJson) return `error ${status} is not JSON (${contentType})`;
    return problems(errorAnswer, body);
  }
  if (!declared) return 'no contract declares this call';
  const expected = declared.responses[status as 200 | 201];
  if (!expected) return `the contract declares no ${status} answer`;
  if ('file' in expected) {
    return expected.file === 'any' || contentType.startsWith(expected.file)
      ? null
      : `expected ${expected.file}, got ${contentType}`;
  }
  if (!isJson) return `expected JSON, got ${contentType}`;
  return problems(expected as ZodType, body);
}

function problems(schema: ZodType, body: string): string | null {
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch {
    return 'the body is not JSON';
  }
  const result = schema.safeParse(value);
  if (result.success) return null;
  return result.error.issues
    .slice(0, 5)
    .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
    .join('; ');
}
