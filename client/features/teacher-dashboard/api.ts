import { queryOptions } from '@tanstack/react-query';
import { type TeacherData, teacherApi } from '~/lib/teacher-session';

export interface TeacherProfile {
  user: { _id: string; name: string; email: string; role: string; school?: { _id: string; name: string } | null };
  teacher?: TeacherData | null;
}

/** GET /api/auth/profile with the teacher's token. */
export const teacherProfileQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'profile'],
    queryFn: () => teacherApi.get<TeacherProfile>('/auth/profile'),
  });

/** POST /api/auth/logout with the teacher's token; the local sign-out happens whatever it answers. */
export async function logoutTeacher() {
  try {
    await teacherApi.post('/auth/logout', undefined, { handleUnauthorized: false });
  } catch {
    // Nothing to undo: the token is forgotten here anyway.
  }
}
