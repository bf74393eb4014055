import type { Context } from 'hono';
import type { ErrorCode } from './error-codes';
import type { ErrorStatus, ValidationDetail } from './errors';
import { acceptedLanguage, type Language } from './languages';
import { translate } from './translate';

/** The spec's success shape: `{ success: true, data, message?, total? }`, its message in the caller's language. */
export function ok<T>(
  c: Context,
  data: T,
  extra: { message?: string; total?: number } = {},
  status: 200 | 201 | 202 = 200,
) {
  const worded =
    extra.message === undefined ? extra : { ...extra, message: translate(extra.message, answerLanguage(c)) };
  return c.json({ success: true as const, data, ...worded }, status);
}

export function created<T>(c: Context, data: T, extra: { message?: string } = {}) {
  return ok(c, data, extra, 201);
}

/**
 * The language of an answer's texts: the call's `Accept-Language` (the first shipped one), else the signed-in person's
 * (their own, else their school's, read with the session), else English.
 */
export function answerLanguage(c: Context): Language {
  const session = c.get('session') as { language?: Language } | undefined;
  return acceptedLanguage(c.req.header('accept-language')) ?? session?.language ?? 'en';
}

/**
 * The spec's failure shape with its stable code: `{ success: false, error, code, details? }`, its texts in the
 * caller's language (codes and paths stay as they are). Only app.onError uses it.
 */
export function failure(c: Context, status: ErrorStatus, code: ErrorCode, error: string, details?: ValidationDetail[]) {
  const language = answerLanguage(c);
  const worded = details?.map((detail) => ({ ...detail, msg: translate(detail.msg, language) }));
  return c.json(
    { success: false as const, error: translate(error, language), code, ...(worded ? { details: worded } : {}) },
    status,
  );
}
