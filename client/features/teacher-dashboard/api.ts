import { queryOptions } from '@tanstack/react-query';
import { type TeacherData, teacherApi } from '~/lib/teacher-session';

export interface TeacherProfile {
  user: {
    _id: string;
    name: string;
    email: string;
    role: string;
    school?: { _id: string; name: string; timeZone?: string } | null;
  };
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

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One period of the teacher's week, as `/api/schedules/weekly` answers it. */
export interface Period {
  _id: string;
  teacherId: { _id: string; name: string } | null;
  classId: { _id: string; name: string; section: string } | null;
  subjectId: { _id: string; name: string; code: string | null } | null;
  dayOfWeek: Weekday;
  startTime: string;
  endTime: string;
  room: string | null;
  notes: string | null;
  /** This week's register of the period (the teacher's own week of the current term only). */
  register?: PeriodRegister;
}

/** Whether the period's register on `date` was taken, and when on the school's clock. */
export interface PeriodRegister {
  date: string;
  taken: boolean;
  marked: number;
  takenAt: string | null;
  takenDate: string | null;
  /** 'HH:MM' in the school's zone. */
  takenTime: string | null;
}

export interface Week {
  academicYear: string;
  semester: string;
  days: Record<Weekday, Period[]>;
  total: number;
}

/** `GET /api/teachers/:id` for the signed-in teacher: their record with what they teach. */
export interface OwnRecord {
  _id: string;
  name: string;
  email: string;
  phone: string | null;
  designation: string | null;
  qualification: string | null;
  subjects: { name: string }[];
  isActive: boolean;
  assignedClasses: { _id: string; name: string; section: string; academicYear: string }[];
  assignedSubjects: {
    _id: string;
    name: string;
    code: string | null;
    classId: { _id: string; name: string; section: string } | null;
    role: 'main' | 'co-teacher';
  }[];
}

export interface OwnAttendance {
  startDate: string;
  endDate: string;
  records: { _id: string; date: string; status: 'present' | 'absent' | 'late' | 'half-day'; remarks: string | null }[];
}

/** The teacher's own week: `/api/schedules/weekly` with the teacher's token answers their slots only. */
export const weekQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'week'],
    queryFn: ({ signal }) => teacherApi.get<Week>('/schedules/weekly', { signal }),
  });

export const ownRecordQuery = (teacherId: string) =>
  queryOptions({
    queryKey: ['teacher', 'record', teacherId],
    queryFn: ({ signal }) => teacherApi.get<OwnRecord>(`/teachers/${encodeURIComponent(teacherId)}`, { signal }),
  });

/** The last 30 days of the teacher's own attendance marks. */
export const ownAttendanceQuery = () =>
  queryOptions({
    queryKey: ['teacher', 'attendance'],
    queryFn: ({ signal }) =>
      teacherApi.get<OwnAttendance>('/teacher-attendance/range', { signal, query: { teacherId: 'own' } }),
  });
