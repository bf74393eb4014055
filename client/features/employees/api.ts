import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { API_BASE, ApiError, api, networkFailedMessage, toApiError } from '~/lib/api';
import { type CallData, type CallJson, type CallQuery, fileRequest } from '~/lib/calls';
import { schoolToken } from '~/lib/storage';
import type {
  employeeAttendanceByDateAnswer,
  listDepartmentsAnswer,
  listEmployeesAnswer,
} from '../../../worker/modules/employees/answers';
import type { listTeachersAnswer, teacherStatsAnswer } from '../../../worker/modules/teachers/answers';

export const ATTENDANCE_STATUSES = ['present', 'absent', 'late', 'half-day'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** A teacher as `/api/teachers` answers it. */
export type Teacher = Row<typeof listTeachersAnswer>;

export type TeacherStats = Data<typeof teacherStatsAnswer>;

/** Both teacher forms send this shape; the simple one only name, email, password and phone. */
export type TeacherCreateBody = CallJson<'POST /teachers'>;

export type TeacherUpdateBody = CallJson<'PUT /teachers/:id'>;

export type TeacherAttendanceRecord = CallData<'GET /teacher-attendance'>[number];

export type TeacherAttendanceStats = CallData<'GET /teacher-attendance/stats'>;

export type Department = Row<typeof listDepartmentsAnswer>;

export type Employee = Row<typeof listEmployeesAnswer>;

/** What create and update send (one body for both; the department by id or name). */
export type EmployeeBody = CallJson<'POST /employees'> & CallJson<'PUT /employees/:id'>;

export type EmployeeDay = Data<typeof employeeAttendanceByDateAnswer>;
export type EmployeeMark = NonNullable<EmployeeDay['employees'][number]['attendance']>;

export type EmployeeFilters = CallQuery<'GET /employees'> & { page: number; limit: number };

export const staffKeys = {
  all: ['staff'] as const,
  teachers: ['staff', 'teachers'] as const,
  stats: ['staff', 'teacher-stats'] as const,
  teacherAttendance: (date: string) => ['staff', 'teacher-attendance', date] as const,
  teacherAttendanceAll: ['staff', 'teacher-attendance'] as const,
  attendanceStats: ['staff', 'teacher-attendance-stats'] as const,
  employees: (filters: EmployeeFilters) => ['staff', 'employees', filters] as const,
  employeesAll: ['staff', 'employees'] as const,
  departments: ['staff', 'departments'] as const,
  employeeDay: (date: string) => ['staff', 'employee-day', date] as const,
};

/** Every teacher of the school, active and inactive (the screen filters them itself). */
export const teachersQuery = () =>
  queryOptions({
    queryKey: staffKeys.teachers,
    queryFn: ({ signal }) => api.call('GET /teachers', { query: { limit: 1000 } }, { signal }),
  });

export const teacherStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.stats,
    queryFn: ({ signal }) => api.call('GET /teachers/stats', {}, { signal }),
  });

export const teacherAttendanceQuery = (date: string) =>
  queryOptions({
    queryKey: staffKeys.teacherAttendance(date),
    queryFn: ({ signal }) => api.call('GET /teacher-attendance', { query: { date } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const teacherAttendanceStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.attendanceStats,
    queryFn: ({ signal }) => api.call('GET /teacher-attendance/stats', {}, { signal }),
  });

export const departmentsQuery = () =>
  queryOptions({
    queryKey: staffKeys.departments,
    queryFn: ({ signal }) => api.call('GET /employees/departments', {}, { signal }),
    staleTime: 60_000,
  });

export const employeesQuery = (filters: EmployeeFilters) =>
  queryOptions({
    queryKey: staffKeys.employees(filters),
    queryFn: async ({ signal }) => {
      const body = await api.callBody('GET /employees', { query: filters }, { signal });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

export const employeeDayQuery = (date: string) =>
  queryOptions({
    queryKey: staffKeys.employeeDay(date),
    queryFn: ({ signal }) => api.call('GET /employees/attendance', { query: { date } }, { signal }),
    placeholderData: keepPreviousData,
  });

function useStaffMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: staffKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

/** POST /api/teachers: answers `{ teacher }` like the create-teacher call. */
export const useCreateTeacher = () =>
  useStaffMutation((body: TeacherCreateBody) => api.call('POST /teachers', { json: body }));

export const useUpdateTeacher = () =>
  useStaffMutation(({ teacherId, body }: { teacherId: string; body: TeacherUpdateBody }) =>
    api.call('PUT /teachers/:id', { param: { id: teacherId }, json: body }),
  );

/** DELETE /api/teachers/:id deactivates the teacher; the record and its history stay. */
export const useDeactivateTeacher = () =>
  useStaffMutation((teacherId: string) => api.call('DELETE /teachers/:id', { param: { id: teacherId } }));

export const useMarkTeacher = () =>
  useStaffMutation((body: CallJson<'POST /teacher-attendance'>) =>
    api.call('POST /teacher-attendance', { json: body }),
  );

export const useSaveEmployee = () =>
  useStaffMutation(({ employeeId, body }: { employeeId?: string; body: EmployeeBody }) =>
    employeeId
      ? api.call('PUT /employees/:id', { param: { id: employeeId }, json: body })
      : api.call('POST /employees', { json: body }),
  );

/** DELETE deactivates; `permanent` removes a record that has no attendance history. */
export const useRemoveEmployee = () =>
  useStaffMutation(({ employeeId, permanent }: { employeeId: string; permanent?: boolean }) =>
    api.callBody('DELETE /employees/:id', {
      param: { id: employeeId },
      query: { permanent: permanent ? 'true' : undefined },
    }),
  );

export const useMarkEmployees = () =>
  useStaffMutation((body: CallJson<'POST /employees/attendance'>) =>
    api.call('POST /employees/attendance', { json: body }),
  );

function filenameOf(response: Response, fallback: string) {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return disposition.match(/filename="?([^";]+)"?/)?.[1] ?? fallback;
}

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a download. */
export async function exportEmployeeAttendance(range: CallQuery<'GET /employees/attendance/export'>) {
  const { path, query } = fileRequest('GET /employees/attendance/export', { query: range });
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const token = schoolToken.get();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}?${params}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(networkFailedMessage(), 0);
  }
  if (!response.ok) {
    const body = await response.json().catch(() => null);
    throw toApiError(response.status, response.statusText, body);
  }
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = filenameOf(response, 'staff-attendance.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
