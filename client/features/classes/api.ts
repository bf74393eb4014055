import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassRef, Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallJson } from '~/lib/calls';
import type { listClassesAnswer } from '../../../worker/modules/classes/answers';
import type { availableForScheduleAnswer, listSchedulesAnswer } from '../../../worker/modules/schedules/answers';
import type { studentRosterAnswer } from '../../../worker/modules/students/answers';
import type { listSubjectsAnswer } from '../../../worker/modules/subjects/answers';
import type { listTeachersAnswer } from '../../../worker/modules/teachers/answers';

export const CLASS_NAMES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const SECTIONS = ['A', 'B', 'C', 'D', 'E'] as const;
export const SUBJECT_TYPES = ['core', 'elective', 'practical'] as const;
// i18n-ignore: the days as the API stores them; screens show weekdayName(day).
export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export type Weekday = (typeof WEEKDAYS)[number];

export type { ClassRef, Ref } from '~/lib/answers';
export type Classroom = Row<typeof listClassesAnswer>;
export type Subject = Row<typeof listSubjectsAnswer>;
export type ScheduleSlot = Row<typeof listSchedulesAnswer>;
type StudentRow = Row<typeof studentRosterAnswer>;
/** A roster row of the student list, its class given back from the classes the screen holds. */
export type Student = Omit<StudentRow, 'classId'> & { classId: ClassRef | null };
export type Teacher = Row<typeof listTeachersAnswer>;

/** GET /api/schedules/available: what the schedule form may choose from. */
export type Availability = Data<typeof availableForScheduleAnswer>;

export type ClassBody = CallJson<'POST /classes'>;
export type SubjectBody = CallJson<'POST /subjects'>;
export type SubjectChanges = CallJson<'PUT /subjects/:id'>;
export type ScheduleBody = CallJson<'POST /schedules'>;

export const classroomKeys = {
  all: ['classroom'] as const,
  classes: ['classroom', 'classes'] as const,
  students: ['classroom', 'students'] as const,
  teachers: ['classroom', 'teachers'] as const,
  subjects: ['classroom', 'subjects'] as const,
  schedules: ['classroom', 'schedules'] as const,
  available: ['classroom', 'available'] as const,
};

/** The current academic year's classes (the API allows up to 500 at once). */
export const classesQuery = () =>
  queryOptions({
    queryKey: classroomKeys.classes,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
  });

/** The spec's classroom screen fetches up to 1000 students at once. */
export const studentsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.students,
    queryFn: ({ signal }) => api.call('GET /students', { query: { limit: 1000 } }, { signal }) as Promise<StudentRow[]>,
  });

export const teachersQuery = () =>
  queryOptions({
    queryKey: classroomKeys.teachers,
    queryFn: ({ signal }) => api.call('GET /teachers', { query: { limit: 500 } }, { signal }),
  });

export const subjectsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.subjects,
    queryFn: ({ signal }) => api.call('GET /subjects', { query: { limit: 1000 } }, { signal }),
  });

export const schedulesQuery = () =>
  queryOptions({
    queryKey: classroomKeys.schedules,
    queryFn: ({ signal }) => api.call('GET /schedules', { query: { limit: 1000 } }, { signal }),
  });

export const availableQuery = () =>
  queryOptions({
    queryKey: classroomKeys.available,
    queryFn: ({ signal }) => api.call('GET /schedules/available', {}, { signal }),
  });

/** After any change on the screen every list reloads, as the spec asks (counts depend on one another). */
export function reloadClassroom(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: classroomKeys.all });
}

function useClassroomMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => reloadClassroom(queryClient) });
}

export const useSaveClass = () =>
  useClassroomMutation(({ classId, body }: { classId?: string; body: ClassBody }) =>
    classId
      ? api.call('PUT /classes/:id', { param: { id: classId }, json: body })
      : api.call('POST /classes', { json: body }),
  );

/** Answers the server's message too: it says what went with the class (timetable slots, subject links). */
export const useDeleteClass = () =>
  useClassroomMutation((classId: string) => api.callBody('DELETE /classes/:id', { param: { id: classId } }));

export const useAssignStudent = () =>
  useClassroomMutation(({ studentId, classId }: { studentId: string; classId: string }) =>
    api.call('PUT /students/:id/assign-class', { param: { id: studentId }, json: { classId } }),
  );

export const useRemoveStudent = () =>
  useClassroomMutation((studentId: string) => api.call('PUT /students/:id/remove-class', { param: { id: studentId } }));

export const useCreateSubject = () =>
  useClassroomMutation((body: SubjectBody) => api.call('POST /subjects', { json: body }));

export const useUpdateSubject = () =>
  useClassroomMutation(({ subjectId, changes }: { subjectId: string; changes: SubjectChanges }) =>
    api.call('PUT /subjects/:id', { param: { id: subjectId }, json: changes }),
  );

export const useAssignSubjectTeacher = () =>
  useClassroomMutation(({ subjectId, teacherId }: { subjectId: string; teacherId: string }) =>
    api.call('PUT /subjects/:id/assign-teacher', { param: { id: subjectId }, json: { teacherId } }),
  );

export const useDeleteSubject = () =>
  useClassroomMutation((subjectId: string) => api.call('DELETE /subjects/:id', { param: { id: subjectId } }));

export const useSaveSchedule = () =>
  useClassroomMutation(({ scheduleId, body }: { scheduleId?: string; body: ScheduleBody }) =>
    scheduleId
      ? api.call('PUT /schedules/:id', { param: { id: scheduleId }, json: body })
      : api.call('POST /schedules', { json: body }),
  );

export const useDeleteSchedule = () =>
  useClassroomMutation((scheduleId: string) => api.call('DELETE /schedules/:id', { param: { id: scheduleId } }));
