import { useMutation } from '@tanstack/react-query';
import { ApiError, api } from '~/lib/api';
import type { SessionUser } from '~/lib/session';
import type { TeacherData } from '~/lib/teacher-session';
import type { SignInInput } from './schemas';

export interface SchoolLoginResponse {
  success: true;
  message?: string;
  data: { user: SessionUser & { mustChangePassword?: boolean }; token: string; expiresAt?: string };
}

export interface TeacherLoginResponse {
  success: true;
  token?: string;
  teacher?: TeacherData;
  expiresAt?: string;
  /** Signed in with a temporary password: a new one must be chosen before anything else. */
  mustChangePassword?: boolean;
  data?: { token: string; teacher: TeacherData; expiresAt?: string };
}

/** POST /api/users/login. No token is sent, and a 401 is a wrong password, not an expired session. */
export function loginSchool(input: SignInInput) {
  return api.requestBody<SchoolLoginResponse>('/users/login', {
    method: 'POST',
    body: input,
    token: null,
    handleUnauthorized: false,
  });
}

/** POST /api/teachers/login. */
export async function loginTeacher(input: SignInInput) {
  const body = await api.requestBody<TeacherLoginResponse>('/teachers/login', {
    method: 'POST',
    body: input,
    token: null,
    handleUnauthorized: false,
  });
  const token = body.token ?? body.data?.token;
  const teacher = body.teacher ?? body.data?.teacher;
  if (!token || !teacher) throw new ApiError('Login failed', 500);
  return {
    token,
    teacher,
    expiresAt: body.expiresAt ?? body.data?.expiresAt,
    mustChangePassword: body.mustChangePassword === true,
  };
}

export const useSchoolLogin = () => useMutation({ mutationFn: loginSchool });
export const useTeacherLogin = () => useMutation({ mutationFn: loginTeacher });

/** A failed sign-in shows what the server said, else the given fallback. */
export function signInErrorMessage(error: unknown, fallback: string) {
  if (error instanceof ApiError && (error.serverError || error.details.length > 0)) return error.message;
  return fallback;
}
