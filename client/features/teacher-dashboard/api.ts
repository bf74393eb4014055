import { queryOptions } from '@tanstack/react-query';
import type { Data } from '~/lib/answers';
import type { CallData } from '~/lib/calls';
import { teacherApi } from '~/lib/teacher-session';
import type { weeklyScheduleAnswer } from '../../../worker/modules/schedules/answers';
import type { rangeAnswer } from '../../../worker/modules/teacher-attendance/answers';
import type { getTeacherAnswer } from '../../../worker/modules/teachers/answers';

export type TeacherProfile = CallData<'GET /auth/profile'>;

/** GET /api/auth/profile with the teacher's token. */
export const teacherProfileQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'profile'],
    queryFn: () => teacherApi.call('GET /auth/profile'),
  });

/** POST /api/auth/logout with the teacher's token; the local sign-out happens whatever it answers. */
export async function logoutTeacher() {
  try {
    await teacherApi.call('POST /auth/logout', {}, { handleUnauthorized: false });
  } catch {
    // Nothing to undo: the token is forgotten here anyway.
  }
}

// i18n-ignore: the weekly answer's keys; screens name the days with `weekdayName` (format.ts).
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export type Week = Data<typeof weeklyScheduleAnswer>;
/** One period of the teacher's week, as `/api/schedules/weekly` answers it. */
export type Period = Week['days'][Weekday][number];
/** Whether the period's register on `date` was taken, and when on the school's clock ('HH:MM' in its zone). */
export type PeriodRegister = NonNullable<Period['register']>;

/** `GET /api/teachers/:id` for the signed-in teacher: their record with what they teach. */
export type OwnRecord = Data<typeof getTeacherAnswer>;

/** `GET /api/teacher-attendance/range?teacherId=own`: the teacher's own marks of the last 30 days. */
export type OwnAttendance = Data<typeof rangeAnswer>;

/** The teacher's own week: `/api/schedules/weekly` with the teacher's token answers their slots only. */
export const weekQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'week'],
    queryFn: ({ signal }) => teacherApi.call('GET /schedules/weekly', {}, { signal }),
  });

export const ownRecordQuery = (teacherId: string) =>
  queryOptions({
    queryKey: ['teacher', 'record', teacherId],
    queryFn: ({ signal }) => teacherApi.call('GET /teachers/:id', { param: { id: teacherId } }, { signal }),
  });

/** The last 30 days of the teacher's own attendance marks. */
export const ownAttendanceQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'attendance'],
    queryFn: ({ signal }) =>
      teacherApi.call('GET /teacher-attendance/range', { query: { teacherId: 'own' } }, { signal }),
  });
