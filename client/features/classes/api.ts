import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassRef, Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { listClassesAnswer } from '../../../worker/modules/classes/answers';
import type { availableForScheduleAnswer, listSchedulesAnswer } from '../../../worker/modules/schedules/answers';
import type { studentRosterAnswer } from '../../../worker/modules/students/answers';
import type { listSubjectsAnswer } from '../../../worker/modules/subjects/answers';
import type { listTeachersAnswer } from '../../../worker/modules/teachers/answers';

export const CLASS_NAMES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'] as const;
export const SECTIONS = ['A', 'B', 'C', 'D', 'E'] as const;
export const SUBJECT_TYPES = ['core', 'elective', 'practical'] as const;
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

export interface ClassBody {
  name: string;
  section: string;
  teacherId: string;
  capacity: number;
  room: string;
  academicYear?: string;
}

export interface SubjectBody {
  name: string;
  code: string;
  description: string;
  classId: string;
  teacherId: string;
  credits: number;
  type: SubjectType;
}

export type SubjectChanges = Partial<Omit<SubjectBody, 'classId'>>;

export interface ScheduleBody {
  teacherId: string;
  classId: string;
  subjectId: string;
  dayOfWeek: Weekday;
  startTime: string;
  endTime: string;
  room: string;
  notes: string;
}

export const classroomKeys = {
  all: ['classroom'] as const,
  classes: ['classroom', 'classes'] as const,
  students: ['classroom', 'students'] as const,
  teachers: ['classroom', 'teachers'] as const,
  subjects: ['classroom', 'subjects'] as const,
  schedules: ['classroom', 'schedules'] as const,
  available: ['classroom', 'available'] as const,
};

const id = (value: string) => encodeURIComponent(value);

/** The current academic year's classes (the API allows up to 500 at once). */
export const classesQuery = () =>
  queryOptions({
    queryKey: classroomKeys.classes,
    queryFn: ({ signal }) => api.get<Classroom[]>('/classes', { signal, query: { limit: 500 } }),
  });

/** The spec's classroom screen fetches up to 1000 students at once. */
export const studentsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.students,
    queryFn: ({ signal }) => api.get<StudentRow[]>('/students', { signal, query: { limit: 1000 } }),
  });

export const teachersQuery = () =>
  queryOptions({
    queryKey: classroomKeys.teachers,
    queryFn: ({ signal }) => api.get<Teacher[]>('/teachers', { signal, query: { limit: 500 } }),
  });

export const subjectsQuery = () =>
  queryOptions({
    queryKey: classroomKeys.subjects,
    queryFn: ({ signal }) => api.get<Subject[]>('/subjects', { signal, query: { limit: 1000 } }),
  });

export const schedulesQuery = () =>
  queryOptions({
    queryKey: classroomKeys.schedules,
    queryFn: ({ signal }) => api.get<ScheduleSlot[]>('/schedules', { signal, query: { limit: 1000 } }),
  });

export const availableQuery = () =>
  queryOptions({
    queryKey: classroomKeys.available,
    queryFn: ({ signal }) => api.get<Availability>('/schedules/available', { signal }),
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
    classId ? api.put<Classroom>(`/classes/${id(classId)}`, body) : api.post<Classroom>('/classes', body),
  );

/** Answers the server's message too: it says what went with the class (timetable slots, subject links). */
export const useDeleteClass = () =>
  useClassroomMutation((classId: string) =>
    api.requestBody<{ message?: string }>(`/classes/${id(classId)}`, { method: 'DELETE' }),
  );

export const useAssignStudent = () =>
  useClassroomMutation(({ studentId, classId }: { studentId: string; classId: string }) =>
    api.put<Student>(`/students/${id(studentId)}/assign-class`, { classId }),
  );

export const useRemoveStudent = () =>
  useClassroomMutation((studentId: string) => api.put<Student>(`/students/${id(studentId)}/remove-class`));

export const useCreateSubject = () => useClassroomMutation((body: SubjectBody) => api.post<Subject>('/subjects', body));

export const useUpdateSubject = () =>
  useClassroomMutation(({ subjectId, changes }: { subjectId: string; changes: SubjectChanges }) =>
    api.put<Subject>(`/subjects/${id(subjectId)}`, changes),
  );

export const useAssignSubjectTeacher = () =>
  useClassroomMutation(({ subjectId, teacherId }: { subjectId: string; teacherId: string }) =>
    api.put<Subject>(`/subjects/${id(subjectId)}/assign-teacher`, { teacherId }),
  );

export const useDeleteSubject = () =>
  useClassroomMutation((subjectId: string) => api.delete(`/subjects/${id(subjectId)}`));

export const useSaveSchedule = () =>
  useClassroomMutation(({ scheduleId, body }: { scheduleId?: string; body: ScheduleBody }) =>
    scheduleId
      ? api.put<ScheduleSlot>(`/schedules/${id(scheduleId)}`, body)
      : api.post<ScheduleSlot>('/schedules', body),
  );

export const useDeleteSchedule = () =>
  useClassroomMutation((scheduleId: string) => api.delete(`/schedules/${id(scheduleId)}`));
