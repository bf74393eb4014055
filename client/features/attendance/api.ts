import { plural, t } from '@lingui/core/macro';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassRef, Data, Ref, Row } from '~/lib/answers';
import { type ApiClient, api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import { useRealtimeEvent } from '~/lib/realtime';
import { toast } from '~/lib/toast';
import type {
  attendanceSummaryAnswer,
  classDateAnswer,
  classStatsAnswer,
  dayRegistersAnswer,
  markRegisterAnswer,
  registerAnswer,
} from '../../../worker/modules/attendance/answers';
import type { listSubjectsAnswer } from '../../../worker/modules/subjects/answers';
import type { dayMarksAnswer, teacherStatsAnswer } from '../../../worker/modules/teacher-attendance/answers';
import type { getTeacherAnswer, listTeachersAnswer } from '../../../worker/modules/teachers/answers';

export const STUDENT_STATUSES = ['present', 'absent', 'late', 'excused'] as const;
export type StudentStatus = (typeof STUDENT_STATUSES)[number];
export const TEACHER_STATUSES = ['present', 'absent', 'late', 'half-day'] as const;
export type TeacherStatus = (typeof TEACHER_STATUSES)[number];

export type { ClassRef, Ref };

/** `GET /api/attendance/summary`: the four cards for one day. */
export type AttendanceSummary = Data<typeof attendanceSummaryAnswer>;

export type RegisterFilter = 'not-taken' | 'taken' | 'all';

/** `GET /api/attendance/registers`: a day's timetabled periods, each with its register once taken. */
export type DayRegisters = Data<typeof dayRegistersAnswer>;

/** Today's registers, every period: the card filters on the screen, so a change of filter costs no call. */
export const dayRegistersQuery = () =>
  queryOptions({
    queryKey: ['attendance', 'day-registers'] as const,
    queryFn: ({ signal }) => api.call('GET /attendance/registers', {}, { signal }),
  });

/** Live: a register taken anywhere in the school reloads the card. */
export function useLiveDayRegisters() {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type === 'attendance_updated')
      void queryClient.invalidateQueries({ queryKey: ['attendance', 'day-registers'] });
  });
}

/** `GET /api/attendance/class-date`: a class's marks on a day, grouped per student. */
export type ClassDay = Data<typeof classDateAnswer>;

export type StudentRef = ClassDay['students'][number]['student'];

export type SubjectMark = ClassDay['students'][number]['subjects'][number];

/** `GET /api/attendance/class/:id`: a class's rates over a range. */
export type ClassStats = Data<typeof classStatsAnswer>;

export type Tally = ClassStats['subjects'][number];

/** `GET /api/attendance/register`: one period's register, each student with their mark or null. */
export type Register = Data<typeof registerAnswer>;

export type RegisterMark = NonNullable<Register['students'][number]['attendance']>;

export type RegisterBody = CallJson<'POST /attendance/bulk'>;

export type RegisterResult = Data<typeof markRegisterAnswer>;

/** A subject for the register's picker: what `/api/subjects` answers, as far as the picker reads it. */
export type SubjectOption = Pick<Row<typeof listSubjectsAnswer>, '_id' | 'name' | 'classId' | 'teacherId'>;

export type TeacherListItem = Pick<Row<typeof listTeachersAnswer>, '_id' | 'name' | 'email' | 'subjects' | 'isActive'>;

export type TeacherMark = Row<typeof dayMarksAnswer>;

export type TeacherStats = Data<typeof teacherStatsAnswer>;

/** The signed-in teacher's record: what they teach, per class (`GET /api/teachers/:ownId`). */
export type OwnTeaching = Pick<Data<typeof getTeacherAnswer>, '_id' | 'assignedSubjects'>;

/** Who is asking: the school portal (any class) or a teacher (their own classes); keeps their answers apart. */
export type Audience = 'admin' | 'teacher';

export const attendanceKeys = {
  all: ['attendance'] as const,
  summary: (date: string) => ['attendance', 'summary', date] as const,
  classDays: ['attendance', 'class-date'] as const,
  classDay: (classId: string, date: string) => ['attendance', 'class-date', classId, date] as const,
  classStats: ['attendance', 'class-stats'] as const,
  classStatsOf: (classId: string, startDate: string, endDate: string) =>
    ['attendance', 'class-stats', classId, startDate, endDate] as const,
  classes: ['attendance', 'classes'] as const,
  subjects: (classId: string) => ['attendance', 'subjects', classId] as const,
  registers: ['attendance', 'register'] as const,
  register: (audience: Audience, classId: string, subjectId: string, date: string) =>
    ['attendance', 'register', audience, classId, subjectId, date] as const,
  ownTeaching: (teacherId: string) => ['attendance', 'own-teaching', teacherId] as const,
  teachers: ['attendance', 'teachers'] as const,
  teacherDays: ['attendance', 'teacher-day'] as const,
  teacherDay: (date: string) => ['attendance', 'teacher-day', date] as const,
  teacherStats: ['attendance', 'teacher-stats'] as const,
  teacherStatsOf: (startDate: string, endDate: string) => ['attendance', 'teacher-stats', startDate, endDate] as const,
};

export const summaryQuery = (date: string) =>
  queryOptions({
    queryKey: attendanceKeys.summary(date),
    queryFn: ({ signal }) => api.call('GET /attendance/summary', { query: { date } }, { signal }),
  });

export const classDayQuery = (classId: string, date: string) =>
  queryOptions({
    queryKey: attendanceKeys.classDay(classId, date),
    queryFn: ({ signal }) => api.call('GET /attendance/class-date', { query: { classId, date } }, { signal }),
  });

export const classStatsQuery = (classId: string, startDate: string, endDate: string) =>
  queryOptions({
    queryKey: attendanceKeys.classStatsOf(classId, startDate, endDate),
    queryFn: ({ signal }) =>
      api.call('GET /attendance/class/:id', { param: { id: classId }, query: { startDate, endDate } }, { signal }),
    staleTime: 60_000,
  });

export const classesQuery = () =>
  queryOptions({
    queryKey: attendanceKeys.classes,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const subjectsOfClassQuery = (classId: string) =>
  queryOptions({
    queryKey: attendanceKeys.subjects(classId),
    queryFn: ({ signal }) => api.call('GET /subjects', { query: { classId, limit: 200 } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const ownTeachingQuery = (client: ApiClient, teacherId: string) =>
  queryOptions({
    queryKey: attendanceKeys.ownTeaching(teacherId),
    queryFn: ({ signal }) => client.call('GET /teachers/:id', { param: { id: teacherId } }, { signal }),
    staleTime: 5 * 60_000,
  });

export const registerQuery = (
  client: ApiClient,
  audience: Audience,
  { classId, subjectId, date }: { classId: string; subjectId: string; date: string },
) =>
  queryOptions({
    queryKey: attendanceKeys.register(audience, classId, subjectId, date),
    queryFn: ({ signal }) =>
      client.call('GET /attendance/register', { query: { classId, subjectId, date } }, { signal }),
  });

export const teachersQuery = () =>
  queryOptions({
    queryKey: attendanceKeys.teachers,
    queryFn: ({ signal }) => api.call('GET /teachers', { query: { limit: 500, isActive: 'true' } }, { signal }),
    staleTime: 60_000,
  });

export const teacherDayQuery = (date: string) =>
  queryOptions({
    queryKey: attendanceKeys.teacherDay(date),
    queryFn: ({ signal }) => api.call('GET /teacher-attendance', { query: { date } }, { signal }),
  });

/** Without dates the server answers the last 30 days; the same date twice gives one day's figures. */
export const teacherStatsQuery = (range: { startDate?: string; endDate?: string } = {}) =>
  queryOptions({
    queryKey: attendanceKeys.teacherStatsOf(range.startDate ?? '', range.endDate ?? ''),
    queryFn: ({ signal }) => api.call('GET /teacher-attendance/stats', { query: range }, { signal }),
  });

/** Saves a whole register in one call; every view of that class and day reloads. */
export function useSaveRegister(client: ApiClient) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => client.call('POST /attendance/bulk', { json: body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceKeys.registers }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.classDays }),
        queryClient.invalidateQueries({ queryKey: ['attendance', 'summary'] }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.classStats }),
      ]),
  });
}

export function useMarkTeacher() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CallJson<'POST /teacher-attendance'>) => api.call('POST /teacher-attendance', { json: body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: attendanceKeys.teacherDays }),
        queryClient.invalidateQueries({ queryKey: attendanceKeys.teacherStats }),
      ]),
  });
}

function reloadStudentAttendance(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: attendanceKeys.classDays }),
    queryClient.invalidateQueries({ queryKey: ['attendance', 'summary'] }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.classStats }),
    queryClient.invalidateQueries({ queryKey: attendanceKeys.registers }),
  ]);
}

/**
 * Live updates for /attendance: a register saved anywhere in the school reloads what is on screen; when its
 * date or class is the one selected, the screen also says how many students it covered.
 */
export function useLiveAttendance(selection: { classId?: string; date: string }) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'attendance_updated') return;
    void reloadStudentAttendance(queryClient);
    const { date, classId, successfulCount } = event.data;
    if (date === selection.date || (selection.classId && classId === selection.classId)) {
      const students = plural(successfulCount, { one: '# student', other: '# students' });
      toast.info(t`Attendance updated for ${students}`);
    }
  });
}

/**
 * Live updates for an open register: a save of the same class and day elsewhere (another teacher, the office)
 * reloads the marks; the draft keeps whatever this person has changed and not saved yet.
 */
export function useLiveRegister(selection: { classId?: string; date: string }) {
  const queryClient = useQueryClient();
  useRealtimeEvent((event) => {
    if (event.type !== 'attendance_updated') return;
    if (event.data.classId !== selection.classId || event.data.date !== selection.date) return;
    void queryClient.invalidateQueries({
      queryKey: attendanceKeys.registers,
      predicate: (query) => query.queryKey[3] === selection.classId && query.queryKey[5] === selection.date,
    });
  });
}
