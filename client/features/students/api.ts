import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Body, ClassRef, Data, Row } from '~/lib/answers';
import { api } from '~/lib/api';
import type { CallData, CallJson, CallQuery } from '~/lib/calls';
import { downloadCall } from '~/lib/download';
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

export { RELATIONS, type Relation } from '../../../worker/modules/students/family-rules';
export const GENDERS = ['male', 'female', 'other'] as const;
export type Gender = (typeof GENDERS)[number];
export type StudentStatus = NonNullable<CallQuery<'GET /students'>['status']>;

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

/** What enrolment answers: the student, and each parent's account (made or linked). */
export type Enrolled = CallData<'POST /students'>;
export type ParentAccount = Enrolled['parentAccounts'][number];

/** A class as GET /api/classes answers it. */
export type SchoolClass = CallData<'GET /classes'>[number];

export type StudentStats = Data<typeof studentStatsAnswer>;

export type DayStatus = StudentAttendance['records'][number]['status'];

export type AttendanceOverview = Data<typeof attendanceOverviewAnswer>;

export type TransferCertificate = Row<typeof listTransferCertificatesAnswer>;

export type StudentAttendance = CallData<'GET /students/:id/attendance'>;
export type AttendanceTally = StudentAttendance['statistics'];

/** The screen's filters; '' means "all". */
export interface StudentFilters {
  search: string;
  classId: string;
  status: '' | StudentStatus;
}

/** What enrolment sends (POST /api/students). */
export type EnrolmentBody = CallJson<'POST /students'>;

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
  yearClasses: ['students', 'year-classes'] as const,
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
      api.callBody(
        'GET /students',
        { query: { ...filterQuery(filters), page, limit, view: 'cards' } },
        { signal },
      ) as Promise<Body<typeof studentCardsAnswer>>,
    placeholderData: keepPreviousData,
  });

/** Every student matching the filters (up to 1000), for the per-class tabs. */
export const rosterQuery = (filters: StudentFilters) =>
  queryOptions({
    queryKey: studentKeys.roster(filters),
    queryFn: ({ signal }) =>
      api.callBody('GET /students', { query: { ...filterQuery(filters), limit: 1000 } }, { signal }) as Promise<
        Body<typeof studentRosterAnswer>
      >,
    placeholderData: keepPreviousData,
  });

export const statsQuery = () =>
  queryOptions({
    queryKey: studentKeys.stats,
    queryFn: ({ signal }) => api.call('GET /students/stats', {}, { signal }),
  });

export const classesQuery = () =>
  queryOptions({
    queryKey: studentKeys.classes,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500, academicYear: 'all' } }, { signal }),
    staleTime: 60_000,
  });

/** GET /api/years (the key the shell's year switcher shares): which year is the current one. */
export const schoolYearsQuery = () =>
  queryOptions({
    queryKey: ['years'] as const,
    queryFn: ({ signal }) => api.call('GET /years', {}, { signal }),
    staleTime: 60_000,
  });

/** The classes of the year looked at (the API client names it), for the per-class tabs. */
export const yearClassesQuery = () =>
  queryOptions({
    queryKey: studentKeys.yearClasses,
    queryFn: ({ signal }) => api.call('GET /classes', { query: { limit: 500 } }, { signal }),
    staleTime: 60_000,
  });

export const attendanceOverviewQuery = () =>
  queryOptions({
    queryKey: studentKeys.attendance,
    queryFn: ({ signal }) => api.call('GET /students/attendance-overview', {}, { signal }),
  });

export const studentQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.one(id),
    queryFn: ({ signal }) => api.call('GET /students/:id', { param: { id } }, { signal }),
  });

export const certificatesQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.certificates(id),
    queryFn: ({ signal }) => api.call('GET /students/:id/transfer-certificates', { param: { id } }, { signal }),
  });

export const studentAttendanceQuery = (id: string) =>
  queryOptions({
    queryKey: studentKeys.studentAttendance(id),
    queryFn: ({ signal }) =>
      api.call('GET /students/:id/attendance', { param: { id }, query: { limit: 10 } }, { signal }),
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
    mutationFn: (body: EnrolmentBody) => api.call('POST /students', { json: body }),
    onSuccess: reload,
  });
}

export function useUpdateStudent() {
  const reload = useReload();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: CallJson<'PUT /students/:id'> }) =>
      api.call('PUT /students/:id', { param: { id }, json: body }),
    onSuccess: reload,
  });
}

export function useDeleteStudent() {
  const reload = useReload();
  return useMutation({
    mutationFn: (id: string) => api.call('DELETE /students/:id', { param: { id } }),
    onSuccess: reload,
  });
}

export function useIssueCertificate(studentId: string) {
  const reload = useReload();
  return useMutation({
    mutationFn: (body: CallJson<'POST /students/:id/transfer-certificate'>) =>
      api.call('POST /students/:id/transfer-certificate', { param: { id: studentId }, json: body }),
    onSuccess: reload,
  });
}

/** New temporary passwords: the accounts are signed out and must choose their own password at the next sign-in. */
export function useIssueTemporaryPasswords(studentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (accounts: SignInAccount[]) =>
      api.call('POST /students/:id/temporary-passwords', { param: { id: studentId }, json: { accounts } }),
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
        api.call('POST /students/import', { query: { dryRun: 'true' }, form: csvForm(file) }) as Promise<ImportPreview>,
    }),
    run: useMutation({
      mutationFn: (file: File) => api.call('POST /students/import', { form: csvForm(file) }) as Promise<ImportResult>,
      onSuccess: reload,
    }),
  };
}

export const downloads = {
  export: (filters: StudentFilters) =>
    downloadCall('GET /students/export', 'students.csv', { query: filterQuery(filters) }),
  template: () => downloadCall('GET /students/import/template', 'student-import-template.csv'),
  certificate: (studentId: string, tc: TransferCertificate) =>
    downloadCall(
      'GET /students/:id/transfer-certificates/:tcId/download',
      `transfer-certificate-${tc.certificateNumber}.pdf`,
      { param: { id: studentId, tcId: tc._id } },
    ),
};
