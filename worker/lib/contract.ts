import type { MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { ZodType } from 'zod';
import { errorAnswer } from './answer-shapes';
import type { HonoEnv } from './context';
import { COMMON_CODES, type ErrorCode } from './error-codes';

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
  responses: Partial<Record<200 | 201 | 202, ZodType | FileAnswer>>;
  /** The codes this call refuses with beyond those any call may give (`COMMON_CODES`); the document lists them. */
  refuses?: ErrorCode[];
  /** A body that is a file, which the handler reads itself: described here for the document. */
  upload?: Upload;
  /** Media types a success may come in instead of JSON (a report's `?format=csv|xlsx|pdf`). */
  files?: string[];
}

/** A file sent as `multipart/form-data` (field `file`), or as the whole body in one of `raw`'s types. */
export interface Upload {
  /** What the file holds. */
  file: string;
  /** The media types the file may have. */
  types: string[];
  raw?: string[];
  /** A JSON form of the same upload, where the call takes one. */
  json?: ZodType;
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

/**
 * What is wrong with an answer, measured against its call's contract (null when it holds): error answers against
 * `errorAnswer` (a code no call may give unless it declares it must be declared), success answers against the
 * declared schema for their status. Unknown fields count as wrong.
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
    const problem = problems(errorAnswer, body);
    if (problem) return problem;
    const { code } = JSON.parse(body) as { code: ErrorCode };
    if (COMMON_CODES.includes(code) || declared?.refuses?.includes(code)) return null;
    return `the code ${code} is not among the refusals ${declared ? `"${declared.summary}"` : 'the call'} declares`;
  }
  if (!declared) return 'no contract declares this call';
  const expected = declared.responses[status as 200 | 201 | 202];
  if (!expected) return `the contract declares no ${status} answer`;
  if (!isJson && declared.files?.some((type) => contentType.startsWith(type))) return null;
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
