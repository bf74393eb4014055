import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { errorAnswer } from './answer-shapes';
import type { HonoEnv } from './context';
import { CODE_BY_STATUS, type ErrorCode } from './error-codes';
import { AppError } from './errors';
import { failure } from './respond';

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
  /**
   * The code of each refusal a service throws with only its status's code, by the exact message it exports
   * (`[FUTURE_DATE]: 'FUTURE_DATE'`); the document lists them with the call.
   */
  refusals?: Record<string, ErrorCode>;
}

/** The contract behind each `contract()` middleware, read by the OpenAPI document and by the API suite. */
export const contracts = new WeakMap<MiddlewareHandler, Contract>();

/** Declares a call's answers; put it first in the route's handlers. */
export function contract(declared: Contract) {
  const { refusals } = declared;
  const middleware = createMiddleware<HonoEnv>(async (c, next) => {
    c.set('contract', declared);
    await next();
    const error = c.error;
    if (!refusals || !(error instanceof AppError) || error.code !== CODE_BY_STATUS[error.status]) return;
    const code = refusals[error.message];
    if (code) c.res = failure(c, error.status, code, error.message, error.details);
  });
  contracts.set(middleware, declared);
  return middleware;
}

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
  // No body to check: a 204, or a 304 to a conditional request (the caller holds the body).
  if (status === 204 || status === 304) return null;
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
