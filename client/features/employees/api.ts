import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Data, Row } from '~/lib/answers';
import { API_BASE, ApiError, api, NETWORK_FAILED_MESSAGE, type QueryValue, toApiError } from '~/lib/api';
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
export interface TeacherCreateBody {
  name: string;
  email: string;
  password: string;
  /** The teacher replaces this password at first sign-in. */
  requirePasswordChange?: boolean;
  phone: string;
  dateOfBirth?: string;
  gender?: string;
  department?: 'Teaching';
  designation?: string;
  qualification?: string;
  experience?: number;
  salary?: number;
  primarySubject?: string;
  subjects?: string[];
  address?: { street: string; city: string; state: string; zipCode: string };
}

export type TeacherUpdateBody = Partial<Omit<TeacherCreateBody, 'department' | 'dateOfBirth' | 'gender'>> & {
  dateOfBirth?: string | null;
  gender?: 'male' | 'female' | 'other' | null;
  isActive?: boolean;
};

export interface TeacherAttendanceRecord {
  _id: string;
  teacherId: { _id: string; name: string; email: string };
  date: string;
  status: AttendanceStatus;
  remarks: string | null;
  markedBy: { _id: string; name: string } | null;
  markedAt: string;
}

export interface TeacherAttendanceStats {
  startDate: string;
  endDate: string;
  summary: { totalTeachers: number; totalPresent: number; totalAbsent: number; overallAttendancePercentage: number };
  teacherStats: {
    teacherId: string;
    teacherName: string;
    teacherEmail: string;
    totalDays: number;
    present: number;
    absent: number;
    late: number;
    halfDay: number;
    attendancePercentage: number;
  }[];
}

export type Department = Row<typeof listDepartmentsAnswer>;

export type Employee = Row<typeof listEmployeesAnswer>;

export interface EmployeeBody {
  name: string;
  position: string;
  /** The department's id or name. */
  department: string;
  email?: string;
  phone?: string;
  salary?: number;
  joinDate?: string;
  status?: 'active' | 'inactive';
}

export type EmployeeDay = Data<typeof employeeAttendanceByDateAnswer>;
export type EmployeeMark = NonNullable<EmployeeDay['employees'][number]['attendance']>;

export interface EmployeeFilters {
  search?: string;
  departmentId?: string;
  status?: 'active' | 'inactive' | 'all';
  page: number;
  limit: number;
}

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

const id = (value: string) => encodeURIComponent(value);

/** Every teacher of the school, active and inactive (the screen filters them itself). */
export const teachersQuery = () =>
  queryOptions({
    queryKey: staffKeys.teachers,
    queryFn: ({ signal }) => api.get<Teacher[]>('/teachers', { signal, query: { limit: 1000 } }),
  });

export const teacherStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.stats,
    queryFn: ({ signal }) => api.get<TeacherStats>('/teachers/stats', { signal }),
  });

export const teacherAttendanceQuery = (date: string) =>
  queryOptions({
    queryKey: staffKeys.teacherAttendance(date),
    queryFn: ({ signal }) => api.get<TeacherAttendanceRecord[]>('/teacher-attendance', { signal, query: { date } }),
    placeholderData: keepPreviousData,
  });

export const teacherAttendanceStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.attendanceStats,
    queryFn: ({ signal }) => api.get<TeacherAttendanceStats>('/teacher-attendance/stats', { signal }),
  });

export const departmentsQuery = () =>
  queryOptions({
    queryKey: staffKeys.departments,
    queryFn: ({ signal }) => api.get<Department[]>('/employees/departments', { signal }),
    staleTime: 60_000,
  });

export const employeesQuery = (filters: EmployeeFilters) =>
  queryOptions({
    queryKey: staffKeys.employees(filters),
    queryFn: async ({ signal }) => {
      const body = await api.requestBody<{ data: Employee[]; total: number }>('/employees', {
        signal,
        query: { ...filters },
      });
      return { rows: body.data, total: body.total };
    },
    placeholderData: keepPreviousData,
  });

export const employeeDayQuery = (date: string) =>
  queryOptions({
    queryKey: staffKeys.employeeDay(date),
    queryFn: ({ signal }) => api.get<EmployeeDay>('/employees/attendance', { signal, query: { date } }),
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
  useStaffMutation((body: TeacherCreateBody) => api.post<{ teacher: Teacher }>('/teachers', body));

export const useUpdateTeacher = () =>
  useStaffMutation(({ teacherId, body }: { teacherId: string; body: TeacherUpdateBody }) =>
    api.put<Teacher>(`/teachers/${id(teacherId)}`, body),
  );

/** DELETE /api/teachers/:id deactivates the teacher; the record and its history stay. */
export const useDeactivateTeacher = () =>
  useStaffMutation((teacherId: string) => api.delete<Teacher>(`/teachers/${id(teacherId)}`));

export const useMarkTeacher = () =>
  useStaffMutation((body: { teacherId: string; date: string; status: AttendanceStatus; remarks?: string }) =>
    api.post<TeacherAttendanceRecord>('/teacher-attendance', body),
  );

export const useSaveEmployee = () =>
  useStaffMutation(({ employeeId, body }: { employeeId?: string; body: EmployeeBody }) =>
    employeeId ? api.put<Employee>(`/employees/${id(employeeId)}`, body) : api.post<Employee>('/employees', body),
  );

/** DELETE deactivates; `permanent` removes a record that has no attendance history. */
export const useRemoveEmployee = () =>
  useStaffMutation(({ employeeId, permanent }: { employeeId: string; permanent?: boolean }) =>
    api.requestBody<{ message?: string }>(`/employees/${id(employeeId)}`, {
      method: 'DELETE',
      query: { permanent: permanent ? 'true' : undefined },
    }),
  );

export const useMarkEmployees = () =>
  useStaffMutation((body: { date: string; records: { employeeId: string; status: AttendanceStatus }[] }) =>
    api.post<{ successfulCount: number }>('/employees/attendance', body),
  );

function filenameOf(response: Response, fallback: string) {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  return disposition.match(/filename="?([^";]+)"?/)?.[1] ?? fallback;
}

/** The CSV needs the bearer token, so it is fetched and handed to the browser as a download. */
export async function exportEmployeeAttendance(query: Record<string, QueryValue>) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const token = schoolToken.get();
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/employees/attendance/export?${params}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  } catch {
    throw new ApiError(NETWORK_FAILED_MESSAGE, 0);
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
