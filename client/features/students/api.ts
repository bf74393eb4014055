import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassRef, Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import { downloadFile } from '~/lib/download';
import type {
  attendanceOverviewAnswer,
  importStudentsAnswer,
  importStudentsAnswerCreated,
  issueTemporaryPasswordsAnswer,
  listTransferCertificatesAnswer,
  readStudentAnswer,
  studentCardsAnswer,
  studentRosterAnswer,
  studentStatsAnswer,
} from '../../../worker/modules/students/answers';

export const RELATIONS = ['father', 'mother', 'guardian'] as const;
export type Relation = (typeof RELATIONS)[number];
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export type StudentStatus = 'active' | 'inactive';

export type { ClassRef } from '~/lib/answers';

/** When an account last signed in, and whether it still holds a password the school gave it. */
export type SignInState = Student['signIn'];

export type ParentRef = Student['parents'][number];

export type Address = Student['address'];

/** A student's whole record (`GET /api/students/:id`). */
export type Student = Data<typeof readStudentAnswer>;

/** A row of the table and cards (`view=cards`), its class given back from the classes the screen holds. */
export type StudentCard = WithClass<Row<typeof studentCardsAnswer>>;

/** A row of the per-class tabs (the list's default, roster rows), with its class. */
export type StudentRow = WithClass<Row<typeof studentRosterAnswer>>;

type WithClass<R> = Omit<R, 'classId'> & { classId: ClassRef | null };

export interface ParentAccount {
  _id: string;
  name: string;
  email: string;
  relation: Relation;
  linkedExisting: boolean;
}

/** A class as GET /api/classes answers it (the fields this screen reads). */
export interface SchoolClass extends ClassRef {
  teacherId: { _id: string; name: string } | null;
  capacity: number;
  studentCount: number;
}

export type StudentStats = Data<typeof studentStatsAnswer>;

export type DayStatus = 'present' | 'late' | 'absent' | 'excused';

export type AttendanceOverview = Data<typeof attendanceOverviewAnswer>;

export type TransferCertificate = Row<typeof listTransferCertificatesAnswer>;

export interface AttendanceTally {
  total: number;
  present: number;
  absent: number;
  late: number;
  excused: number;
  attendanceRate: number;
}

export interface StudentAttendance {
  statistics: AttendanceTally;
  records: {
    _id: string;
    date: string;
    status: DayStatus;
    subjectId: { _id: string; name: string } | null;
    remarks: string | null;
  }[];
}

/** The screen's filters; '' means "all". */
export interface StudentFilters {
  search: string;
  classId: string;
  status: '' | StudentStatus;
}

/** What enrolment sends (POST /api/students). */
export interface EnrolmentBody {
  name: string;
  classId: string;
  rollNumber: string;
  email: string;
  password: string;
  phone: string;
  dateOfBirth: string;
  gender: Gender | '';
  admissionDate: string;
  admissionNumber: string;
  address: { street: string; city: string; state: string; zipCode: string };
  parentInfo: Record<`${Relation}${'Name' | 'Phone' | 'Email' | 'Password'}`, string>;
}

export type ImportError = ImportPreview['errors'][number];

export type ImportPreview = Data<typeof importStudentsAnswer>;

export type ImportResult = Data<typeof importStudentsAnswerCreated>;

/** Each new account's own temporary password, in the import's answer only. */
export type ImportCredential = ImportResult['credentials'][number];

/** Whose sign-in gets a new temporary password: the student's own account, or a linked parent's by relation. */
export type SignInAccount = IssuedPassword['account'];

export type IssuedPassword = IssuedPasswords['credentials'][number];

/** New temporary passwords (in this answer only) and when they stop working. */
export type IssuedPasswords = Data<typeof issueTemporaryPasswordsAnswer>;

export const studentKeys = {
  all: ['students'] as const,
  list: (filters: StudentFilters, page: number, limit: number) => ['students', 'list', filters, page, limit] as const,
  roster: (filters: StudentFilters) => ['students', 'roster', filters] as const,
  stats: ['students', 'stats'] as const,
  classes: ['students', 'classes'] as const,
  attendance: ['students', 'attendance-overview'] as const,
  one: (id: string) => ['students', 'one', id] as const,
  certificates: (id: string) => ['students', 'one', id, 'certificates'] as const,
  studentAttendance: (id: string) => ['students', 'one', id, 'attendance'] as const,
};

const filterQuery = (filters: StudentFilters) => ({
  search: filters.search.trim() || undefined,
  classId: filters.classId || undefined,
  status: filters.status || undefined,
});

/** One page of the filtered list, with the total. */
export const studentPageQuery = (filters: StudentFilters, page: number, limit: number) =>
  queryOptions({
    queryKey: studentKeys.list(filters, page, limit),
    queryFn: ({ signal }) =>
      api.requestBody<{ data: Row<typeof studentCardsAnswer>[]; total: number }>('/students', {
        signal,
        query: { ...filterQuery(filters), page, limit, view: 'cards' },
      }),
    placeholderData: keepPreviousData,
  });

/** Every student matching the filters (up to 1000), for the per-class tabs. */
export const rosterQuery = (filters: StudentFilters) =>
  queryOptions({
    queryKey: studentKeys.roster(filters),
    queryFn: ({ signal }) =>
      api.requestBody<{ data: Row<typeof studentRosterAnswer>[]; total: number }>('/students', {
        signal,
        query: { ...filterQuery(filters), limit: 1000 },
      }),
    placeholderData: keepPreviousData,
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: studentKeys.stats,
    queryFn: ({ signal }) => api.get<StudentStats>('/students/stats', { signal }),
  });

export const classesQuery = () =>
  queryOptions({
    queryKey: studentKeys.classes,
    queryFn: ({ signal }) => api.get<SchoolClass[]>('/classes', { signal, query: { limit: 500, academicYear: 'all' } }),
    staleTime: 60_000,
  });

export const attendanceOverviewQuery = () =>
  queryOptions({
    queryKey: studentKeys.attendance,
    queryFn: ({ signal }) => api.get<AttendanceOverview>('/students/attendance-overview', { signal }),
  });

export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.one(id),
    queryFn: ({ signal }) => api.get<Student>(`/students/${encodeURIComponent(id)}`, { signal }),
  });

export const certificatesQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.certificates(id),
    queryFn: ({ signal }) =>
      api.get<TransferCertificate[]>(`/students/${encodeURIComponent(id)}/transfer-certificates`, { signal }),
  });

export const studentAttendanceQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.studentAttendance(id),
    queryFn: ({ signal }) =>
      api.get<StudentAttendance>(`/students/${encodeURIComponent(id)}/attendance`, { signal, query: { limit: 10 } }),
  });

/** After any change: this screen's answers, and the other screens that count students. */
function useReload() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: studentKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
    void queryClient.invalidateQueries({ queryKey: ['classes'] });
  };
}

export function useEnrolStudent() {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<Student & { parentAccounts: ParentAccount[] }>('/students', body),
    onSuccess: reload,
  });
}

export function useUpdateStudent() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Record<string, unknown> }) =>
      api.put<Student>(`/students/${encodeURIComponent(id)}`, body),
    onSuccess: reload,
  });
}

export function useDeleteStudent() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/students/${encodeURIComponent(id)}`),
    onSuccess: reload,
  });
}

export function useIssueCertificate(studentId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: { reason: string; leavingDate: string; conduct: string; remarks: string }) =>
      api.post<TransferCertificate>(`/students/${encodeURIComponent(studentId)}/transfer-certificate`, body),
    onSuccess: reload,
  });
}

/** New temporary passwords: the accounts are signed out and must choose their own password at the next sign-in. */
export function useIssueTemporaryPasswords(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accounts: SignInAccount[]) =>
      api.post<IssuedPasswords>(`/students/${encodeURIComponent(studentId)}/temporary-passwords`, { accounts }),
    // The record's sign-in card now shows those accounts as holding a password from the school.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: studentKeys.one(studentId), exact: true }),
  });
}

function csvForm(file: File) {
  const body = new FormData();
  body.set('file', file, file.name);
  return body;
}

export function useImportStudents() {
  const reload = useReload();
  return {
    dryRun: useMutation({
      mutationFn: (file: File) =>
        api.post<ImportPreview>('/students/import', csvForm(file), { query: { dryRun: true } }),
    }),
    run: useMutation({
      mutationFn: (file: File) => api.post<ImportResult>('/students/import', csvForm(file)),
      onSuccess: reload,
    }),
  };
}

export const downloads = {
  export: (filters: StudentFilters) => downloadFile('/students/export', 'students.csv', filterQuery(filters)),
  template: () => downloadFile('/students/import/template', 'student-import-template.csv'),
  certificate: (studentId: string, tc: TransferCertificate) =>
    downloadFile(
      `/students/${encodeURIComponent(studentId)}/transfer-certificates/${encodeURIComponent(tc._id)}/download`,
      `transfer-certificate-${tc.certificateNumber}.pdf`,
    ),
};
