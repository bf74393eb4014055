import { ApiError } from '~/lib/api';

/**
 * The server's validation messages by field (`details[].path`), for showing under each field; messages
 * without a field known to the form are left to the toast.
 */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly Field[]) {
  const found: Partial<Record<Field, string>> = {};
  if (!(error instanceof ApiError)) return found;
  for (const detail of error.details) {
    const field = detail.path?.split('.')[0] as Field | undefined;
    if (field && fields.includes(field)) found[field] ??= detail.msg;
  }
  return found;
}

/** The first message per field from a zod result's issues. */
export function issuesByField<Field extends string>(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
) {
  const found: Partial<Record<Field, string>> = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as Field;
    found[field] ??= issue.message;
  }
  return found;
}
