import { t } from '@lingui/core/macro';
import { ApiError, api } from '~/lib/api';
import type { CallData } from '~/lib/calls';
import type { SignInInput } from './schemas';

/** What POST /api/users/login answers: the user with their role, and the record their own portal opens with. */
export type SignedIn = CallData<'POST /users/login'>;

/**
 * POST /api/users/login, which admits every role: each sign-in screen takes the person to their own portal.
 * No token is sent, and a 401 is a wrong password, not an expired session.
 */
export async function signInAnyRole(input: SignInInput): Promise<SignedIn> {
  const data = await api.call('POST /users/login', { json: input }, { token: null, handleUnauthorized: false });
  if (!data?.token || !data.user) throw new ApiError(t`Login failed`, 500);
  return data;
}

/** A failed sign-in shows what the server said (or that it could not be reached), else the given fallback. */
export function signInErrorMessage(error: unknown, fallback: string) {
  if (error instanceof ApiError && (error.serverError || error.details.length > 0)) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}
