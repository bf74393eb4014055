import type { ParentData, StudentData } from '~/features/family';
import { ApiError, api } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import type { TeacherData } from '~/lib/teacher-session';
import type { SignInInput } from './schemas';

/** What POST /api/users/login answers: the user with their role, and the record their own portal opens with. */
export interface SignedIn {
  user: SessionUser & { mustChangePassword?: boolean };
  token: string;
  expiresAt?: string;
  teacher?: TeacherData | null;
  student?: StudentData | null;
  parent?: ParentData | null;
}

/**
 * POST /api/users/login, which admits every role: each sign-in screen takes the person to their own portal.
 * No token is sent, and a 401 is a wrong password, not an expired session.
 */
export async function signInAnyRole(input: SignInInput): Promise<SignedIn> {
  const body = await api.requestBody<{ data?: SignedIn }>('/users/login', {
    method: 'POST',
    body: input,
    token: null,
    handleUnauthorized: false,
  });
  if (!body.data?.token || !body.data.user) throw new ApiError('Login failed', 500);
  return body.data;
}

/** A failed sign-in shows what the server said (or that it could not be reached), else the given fallback. */
export function signInErrorMessage(error: unknown, fallback: string) {
  if (error instanceof ApiError && (error.serverError || error.details.length > 0)) return error.message;
  if (error instanceof ApiError && error.status === 0) return error.message;
  return fallback;
}
