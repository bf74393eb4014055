import { PASSWORD, THIS_YEAR, unique } from './app';
import { enrolment, tinyPdf } from './students';
import { MARK_DATE, type School } from './world';

export type Role = 'school_admin' | 'teacher' | 'student' | 'parent';
export const ROLES: readonly Role[] = ['school_admin', 'teacher', 'student', 'parent'];

/**
 * Who may call a route: `public` (no token needed), `platform` (the operator's token only),
 * `signed-in` (any role of the school), or the roles `requireAuth(...)` admits.
 */
export type Who = 'public' | 'platform' | 'signed-in' | readonly Role[];

export interface Expectation {
  who: Who;
  /** Values of the path's `:params`, from the school whose ids are used (and the caller's role, when it matters). */
  params?: (s: School, role?: Role) => Record<string, string>;
  query?: (s: School) => Record<string, string>;
  /** A valid JSON body; called once per request, so unique values stay unique. */
  body?: (s: School) => unknown;
  /**
   * Further valid bodies naming rows that `body` leaves out (another form of the same call): with `body`, they fill
   * every place the route's body takes an id, each sent with another school's id in turn.
   */
  idBodies?: (s: School) => unknown[];
  /** A valid text/csv body. */
  csv?: () => string;
  /** A file sent as the body (application/gzip): the school's own downloaded backup. */
  upload?: (s: School) => Uint8Array;
  /** Deletes, deactivates or replaces rows: runs after every other route, on rows of its own. */
  destructive?: boolean;
  /** The call ends the session it is made with (sign-out, refresh): each caller signs in afresh for it. */
  fresh?: boolean;
  /** Answers 200 with each record's outcome: ids it cannot use are listed as failed, never written. */
  perRecord?: boolean;
}

const ADMIN: readonly Role[] = ['school_admin'];
const STAFF: readonly Role[] = ['school_admin', 'teacher'];
const FAMILY: readonly Role[] = ['parent', 'student'];
const EVERYONE: readonly Role[] = ['school_admin', 'teacher', 'student', 'parent'];

const credentials = (account: { email: string; password: string }) => () => ({
  email: account.email,
  password: account.password,
});
const id = (pick: (s: School) => string) => (s: School) => ({ id: pick(s) });
const pdf = () => ({
  name: 'report.pdf',
  contentType: 'application/pdf',
  dataBase64: Buffer.from(tinyPdf()).toString('base64'),
});
const newTeacher = () => ({
  name: unique('Teacher'),
  email: `${unique('teacher')}@example.org`.toLowerCase(),
  password: PASSWORD,
  phone: '555-0101',
});
/** A dry run of the rollover into the year after the school's, naming a class, a fee and a student of this year. */
const nextYearPlan = (s: School) => {
  const start = Number(THIS_YEAR.slice(5));
  return {
    dryRun: true,
    name: `${start}-${start + 1}`,
    startsOn: `${start}-09-01`,
    endsOn: `${start + 1}-08-31`,
    capacities: [{ classId: s.classId, capacity: 40 }],
    amounts: [{ structureId: s.feeStructureId, amountMinor: 100 }],
    decisions: [{ studentId: s.student.studentId, action: 'repeat' }],
  };
};
/** A saved custom report naming a class and a term of the school. */
const savedReport = (s: School) => ({
  name: unique('Report'),
  definition: {
    type: 'performance',
    range: 'custom',
    from: '2025-04-01',
    to: '2025-09-30',
    format: 'pdf',
    classId: s.classId,
    termId: s.termId,
  },
});
const importCsv = () =>
  `Name,Email,Phone,Gender,Date of birth,Class,Roll number,Father name,Father email\n` +
  `Ira Sen,${unique('ira').toLowerCase()}@example.org,555-1,female,2013-05-02,8-A,${unique('R')},Dev Sen,${unique('dev').toLowerCase()}@example.org\n`;

/**
 * Every route the app registers, keyed `METHOD /api/path/:param`. A route missing here, or an entry whose
 * route is gone, fails the route-matrix test.
 */
export function routeMatrix(): Record<string, Expectation> {
  return {
    'GET /api/health': { who: 'public' },
    'GET /api/openapi.json': { who: 'public' },
    'GET /api/docs': { who: 'public' },
    'GET /api/docs/init.js': { who: 'public' },
    'POST /api/users/login': { who: 'public', body: (s) => credentials(s.admin)() },
    'POST /api/auth/login': { who: 'public', body: (s) => credentials(s.admin)() },
    'POST /api/auth/password-reset': { who: 'public', body: (s) => ({ email: s.parent.email }) },
    // Sets the pupil's password to the one it had: only its sessions end.
    'POST /api/auth/password-reset/confirm': {
      who: 'public',
      body: (s) => ({ token: s.resetToken, password: s.otherStudent.password }),
    },
    'POST /api/teachers/login': { who: 'public', body: (s) => credentials(s.teacher)() },
    'POST /api/students/login': { who: 'public', body: (s) => credentials(s.student)() },
    'POST /api/students/parents/login': { who: 'public', body: (s) => credentials(s.parent)() },
    'POST /api/platform/schools': {
      who: 'platform',
      body: () => ({
        name: unique('School'),
        adminEmail: `${unique('admin')}@example.org`.toLowerCase(),
        adminPassword: PASSWORD,
        shard: 0,
      }),
    },

    'GET /api/users/verify': { who: 'signed-in' },
    'POST /api/auth/logout': { who: 'signed-in', fresh: true },
    'POST /api/auth/refresh': { who: 'signed-in', fresh: true },
    'GET /api/auth/profile': { who: 'signed-in' },
    'PUT /api/auth/profile': { who: 'signed-in', body: () => ({ phone: '555-0199' }) },
    'POST /api/auth/create-teacher': { who: ADMIN, body: newTeacher },

    'GET /api/teachers': { who: ADMIN },
    'POST /api/teachers': { who: ADMIN, body: newTeacher },
    'GET /api/teachers/stats': { who: ADMIN },
    'GET /api/teachers/:id': { who: STAFF, params: id((s) => s.teacher.teacherId) },
    'PUT /api/teachers/:id': {
      who: ADMIN,
      params: id((s) => s.teacher.teacherId),
      body: () => ({ designation: 'Senior Teacher' }),
    },
    'DELETE /api/teachers/:id': { who: ADMIN, params: id((s) => s.doomed.teacherId), destructive: true },
    'PUT /api/teachers/:id/assign-subjects': {
      who: ADMIN,
      params: id((s) => s.teacher.teacherId),
      body: (s) => ({ subjectIds: [s.subjectId] }),
    },
    'PUT /api/teachers/:id/assign-classes': {
      who: ADMIN,
      params: id((s) => s.teacher.teacherId),
      body: (s) => ({ classIds: [s.classId] }),
    },
    'PUT /api/teachers/:id/schedule': {
      who: ADMIN,
      params: id((s) => s.teacher.teacherId),
      body: (s) => ({
        schedule: [
          {
            teacherId: s.teacher.teacherId,
            classId: s.classId,
            subjectId: s.subjectId,
            dayOfWeek: 'Thursday',
            startTime: '11:00',
            endTime: '11:45',
          },
        ],
      }),
      destructive: true,
    },
    'GET /api/teachers/:id/attendance': { who: STAFF, params: id((s) => s.teacher.teacherId) },
    'POST /api/teachers/:id/attendance': {
      who: ADMIN,
      params: id((s) => s.teacher.teacherId),
      body: () => ({ date: MARK_DATE, status: 'late' }),
    },
    'GET /api/teachers/:id/documents': { who: ADMIN, params: id((s) => s.teacher.teacherId) },
    'POST /api/teachers/:id/documents': { who: ADMIN, params: id((s) => s.teacher.teacherId), body: pdf },
    'GET /api/teachers/:id/documents/:docId/download': {
      who: ADMIN,
      params: (s) => ({ id: s.teacher.teacherId, docId: s.teacherDocumentId }),
    },
    'DELETE /api/teachers/:id/documents/:docId': {
      who: ADMIN,
      params: (s) => ({ id: s.teacher.teacherId, docId: s.doomed.teacherDocumentId }),
      destructive: true,
    },
    'GET /api/schools/:schoolId/teachers': { who: ADMIN, params: (s) => ({ schoolId: s.schoolId }) },

    'GET /api/employees': { who: ADMIN },
    'POST /api/employees': {
      who: ADMIN,
      body: (s) => ({ name: unique('Clerk'), position: 'Clerk', department: s.departmentId }),
    },
    'GET /api/employees/departments': { who: ADMIN },
    'POST /api/employees/departments': { who: ADMIN, body: () => ({ name: unique('Library') }) },
    'PUT /api/employees/departments/:id': {
      who: ADMIN,
      params: id((s) => s.departmentId),
      body: () => ({ description: 'School buses' }),
    },
    'DELETE /api/employees/departments/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.departmentId),
      destructive: true,
    },
    'GET /api/employees/attendance': { who: ADMIN, query: () => ({ date: MARK_DATE }) },
    'POST /api/employees/attendance': {
      who: ADMIN,
      body: (s) => ({ date: MARK_DATE, employeeId: s.employeeId, status: 'late' }),
      idBodies: (s) => [{ date: MARK_DATE, records: [{ employeeId: s.employeeId, status: 'late' }] }],
    },
    'GET /api/employees/attendance/export': {
      who: ADMIN,
      query: () => ({ startDate: MARK_DATE, endDate: MARK_DATE }),
    },
    'GET /api/employees/:id': { who: ADMIN, params: id((s) => s.employeeId) },
    'PUT /api/employees/:id': {
      who: ADMIN,
      params: id((s) => s.employeeId),
      body: (s) => ({ position: 'Senior Driver', department: s.departmentId }),
    },
    'DELETE /api/employees/:id': { who: ADMIN, params: id((s) => s.doomed.employeeId), destructive: true },

    'GET /api/students': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'POST /api/students': { who: ADMIN, body: (s) => enrolment(s.classId, { admissionDate: '2024-04-01' }) },
    'GET /api/students/stats': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'GET /api/students/attendance-overview': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'GET /api/students/export': { who: ADMIN },
    'GET /api/students/import/template': { who: ADMIN },
    'POST /api/students/import': { who: ADMIN, csv: importCsv },
    'GET /api/students/:id': { who: ADMIN, params: id((s) => s.student.studentId) },
    'PUT /api/students/:id': {
      who: ADMIN,
      params: id((s) => s.student.studentId),
      body: (s) => ({ phone: '555-0111', classId: s.classId }),
    },
    'DELETE /api/students/:id': { who: ADMIN, params: id((s) => s.doomed.studentId), destructive: true },
    'GET /api/students/:id/documents': { who: ADMIN, params: id((s) => s.student.studentId) },
    'POST /api/students/:id/documents': { who: ADMIN, params: id((s) => s.student.studentId), body: pdf },
    'GET /api/students/:id/documents/:docId/download': {
      who: ADMIN,
      params: (s) => ({ id: s.student.studentId, docId: s.studentDocumentId }),
    },
    'DELETE /api/students/:id/documents/:docId': {
      who: ADMIN,
      params: (s) => ({ id: s.student.studentId, docId: s.doomed.studentDocumentId }),
      destructive: true,
    },
    'POST /api/students/:id/transfer-certificate': {
      who: ADMIN,
      params: id((s) => s.otherStudent.studentId),
      body: () => ({ reason: 'Moving abroad', leavingDate: MARK_DATE, conduct: 'Good' }),
      destructive: true,
    },
    'GET /api/students/:id/transfer-certificates': { who: ADMIN, params: id((s) => s.leaverId) },
    'POST /api/students/:id/temporary-passwords': {
      who: ADMIN,
      params: id((s) => s.otherStudent.studentId),
      body: () => ({ accounts: ['student'] }),
      destructive: true,
    },
    'GET /api/students/:id/transfer-certificates/:tcId/download': {
      who: ADMIN,
      params: (s) => ({ id: s.leaverId, tcId: s.transferCertificateId }),
    },
    'PUT /api/students/:id/assign-class': {
      who: ADMIN,
      params: id((s) => s.leaverId),
      body: (s) => ({ classId: s.classId }),
    },
    'PUT /api/students/:id/remove-class': { who: ADMIN, params: id((s) => s.leaverId), destructive: true },
    'GET /api/students/:id/attendance': { who: STAFF, params: id((s) => s.student.studentId) },
    'POST /api/students/:id/attendance': {
      who: STAFF,
      params: id((s) => s.student.studentId),
      body: (s) => ({ classId: s.classId, subjectId: s.subjectId, date: MARK_DATE, status: 'present' }),
    },

    'GET /api/classes': { who: ADMIN },
    'POST /api/classes': {
      who: ADMIN,
      body: (s) => ({ name: '11', section: 'D', teacherId: s.otherTeacher.teacherId, capacity: 30 }),
    },
    'GET /api/classes/stats': { who: ADMIN },
    'GET /api/classes/:id': { who: STAFF, params: id((s) => s.classId) },
    'PUT /api/classes/:id': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({ room: '101', teacherId: s.teacher.teacherId }),
    },
    'DELETE /api/classes/:id': { who: ADMIN, params: id((s) => s.doomed.classId), destructive: true },
    'GET /api/classes/:id/subjects': { who: STAFF, params: id((s) => s.classId) },
    'POST /api/classes/:id/subjects': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({ subjectIds: [s.subjectId] }),
    },
    'PUT /api/classes/:id/assign-subjects': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({ subjectIds: [s.subjectId] }),
    },
    'GET /api/classes/:id/teacher': { who: STAFF, params: id((s) => s.classId) },
    'PUT /api/classes/:id/teacher': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({ teacherId: s.teacher.teacherId }),
    },
    'PUT /api/classes/:id/assign-teacher': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({ teacherId: s.teacher.teacherId }),
    },
    'PUT /api/classes/:id/schedule': {
      who: ADMIN,
      params: id((s) => s.classId),
      body: (s) => ({
        schedule: [
          {
            teacherId: s.teacher.teacherId,
            classId: s.classId,
            subjectId: s.subjectId,
            dayOfWeek: 'Friday',
            startTime: '12:00',
            endTime: '12:45',
          },
        ],
      }),
      destructive: true,
    },
    'GET /api/classes/:id/reports/attendance': { who: ADMIN, params: id((s) => s.classId) },
    'GET /api/classes/:id/reports/performance': { who: ADMIN, params: id((s) => s.classId) },

    'GET /api/subjects': { who: ADMIN },
    'POST /api/subjects': {
      who: ADMIN,
      body: (s) => ({
        name: unique('Physics'),
        classId: s.classId,
        teacherId: s.teacher.teacherId,
        categoryId: s.subjectCategoryId,
      }),
    },
    'GET /api/subjects/categories': { who: ADMIN },
    'POST /api/subjects/categories': { who: ADMIN, body: () => ({ name: unique('Sciences') }) },
    'GET /api/subjects/categories/:id': { who: ADMIN, params: id((s) => s.subjectCategoryId) },
    'PUT /api/subjects/categories/:id': {
      who: ADMIN,
      params: id((s) => s.subjectCategoryId),
      body: () => ({ description: 'Languages taught' }),
    },
    'DELETE /api/subjects/categories/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.subjectCategoryId),
      destructive: true,
    },
    'GET /api/subjects/category/:category': { who: ADMIN, params: (s) => ({ category: s.subjectCategoryName }) },
    'GET /api/subjects/unassigned': { who: ADMIN },
    'GET /api/subjects/stats': { who: ADMIN },
    'GET /api/subjects/:id': { who: ADMIN, params: id((s) => s.subjectId) },
    'PUT /api/subjects/:id': {
      who: ADMIN,
      params: id((s) => s.subjectId),
      body: (s) => ({
        description: 'Numbers and shapes',
        classId: s.classId,
        teacherId: s.teacher.teacherId,
        categoryId: s.subjectCategoryId,
      }),
    },
    'DELETE /api/subjects/:id': { who: ADMIN, params: id((s) => s.doomed.subjectId), destructive: true },
    'GET /api/subjects/:id/teachers': { who: ADMIN, params: id((s) => s.subjectId) },
    'POST /api/subjects/:id/teachers': {
      who: ADMIN,
      params: id((s) => s.subjectId),
      body: (s) => ({ teacherId: s.otherTeacher.teacherId }),
    },
    'PUT /api/subjects/:id/assign-teacher': {
      who: ADMIN,
      params: id((s) => s.subjectId),
      body: (s) => ({ teacherId: s.teacher.teacherId }),
    },
    'PUT /api/subjects/:id/assign-class': {
      who: ADMIN,
      params: id((s) => s.subjectId),
      body: (s) => ({ classId: s.classId }),
    },
    'PUT /api/subjects/:id/remove-class': { who: ADMIN, params: id((s) => s.doomed.subjectId) },

    'GET /api/schedules': { who: ADMIN },
    'POST /api/schedules': {
      who: ADMIN,
      body: (s) => ({
        teacherId: s.teacher.teacherId,
        classId: s.classId,
        subjectId: s.subjectId,
        dayOfWeek: 'Wednesday',
        startTime: '10:00',
        endTime: '10:45',
      }),
    },
    'GET /api/schedules/weekly': { who: STAFF },
    'GET /api/schedules/available': { who: ADMIN },
    'GET /api/schedules/teacher/:id': { who: STAFF, params: id((s) => s.teacher.teacherId) },
    'GET /api/schedules/class/:id': { who: STAFF, params: id((s) => s.classId) },
    'GET /api/schedules/:id': { who: ADMIN, params: id((s) => s.scheduleId) },
    'PUT /api/schedules/:id': {
      who: ADMIN,
      params: id((s) => s.scheduleId),
      body: (s) => ({ room: 'Lab 2', teacherId: s.teacher.teacherId, classId: s.classId, subjectId: s.subjectId }),
    },
    'DELETE /api/schedules/:id': { who: ADMIN, params: id((s) => s.doomed.scheduleId), destructive: true },

    'GET /api/settings/school-info': { who: 'signed-in' },
    'PUT /api/settings/school-info': { who: ADMIN, body: () => ({ phone: '555-0000' }) },
    'GET /api/settings/backup': { who: ADMIN },
    'POST /api/settings/backup': { who: ADMIN, body: () => ({ note: 'Mid-term' }) },
    'GET /api/settings/backup/:id/download': { who: ADMIN, params: id((s) => s.backupId) },
    'GET /api/settings/activity-logs': { who: ADMIN },

    'GET /api/years': { who: 'signed-in' },
    'POST /api/years/rollover': { who: ADMIN, body: (s) => nextYearPlan(s) },
    'GET /api/years/students/:id': { who: ADMIN, params: id((s) => s.student.studentId) },

    'GET /api/fees/categories': { who: ADMIN },
    'POST /api/fees/categories': { who: ADMIN, body: () => ({ name: unique('Library fee') }) },
    'GET /api/fees/categories/:id': { who: ADMIN, params: id((s) => s.feeCategoryId) },
    'PUT /api/fees/categories/:id': {
      who: ADMIN,
      params: id((s) => s.feeCategoryId),
      body: () => ({ description: 'Term tuition' }),
    },
    'DELETE /api/fees/categories/:id': { who: ADMIN, params: id((s) => s.doomed.feeCategoryId), destructive: true },
    'GET /api/fees/structures': { who: ADMIN },
    'POST /api/fees/structures': {
      who: ADMIN,
      body: (s) => ({ classId: s.classId, categoryId: s.feeCategoryId, amount: 250, dueDate: '2099-03-31' }),
    },
    'GET /api/fees/structures/:id': { who: ADMIN, params: id((s) => s.feeStructureId) },
    'PUT /api/fees/structures/:id': {
      who: ADMIN,
      params: id((s) => s.feeStructureId),
      body: (s) => ({ description: 'Annual tuition', classId: s.classId, categoryId: s.feeCategoryId }),
    },
    'DELETE /api/fees/structures/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.feeStructureId),
      destructive: true,
    },
    'GET /api/fees/structures/:id/assignments': { who: ADMIN, params: id((s) => s.feeStructureId) },
    'PUT /api/fees/structures/:id/assignments': {
      who: ADMIN,
      params: id((s) => s.feeStructureId),
      body: (s) => ({ add: [s.student.studentId] }),
      idBodies: (s) => [{ remove: [s.otherStudent.studentId] }],
    },
    'GET /api/fees/students/:id': { who: ADMIN, params: id((s) => s.student.studentId) },
    'GET /api/fees/collections': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'POST /api/fees/collections': {
      who: ADMIN,
      body: (s) => ({ studentId: s.student.studentId, structureId: s.feeStructureId, amount: 50, method: 'cash' }),
    },
    'GET /api/fees/receipts': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'POST /api/fees/receipts': {
      who: ADMIN,
      body: (s) => ({
        studentId: s.student.studentId,
        method: 'cash',
        items: [{ structureId: s.feeStructureId, amount: 25 }],
      }),
    },
    'GET /api/fees/receipts/:id': { who: ADMIN, params: id((s) => s.receiptId) },
    'GET /api/fees/receipts/:id/download': { who: ADMIN, params: id((s) => s.receiptId) },
    'GET /api/fees/due': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'GET /api/fees/due/export': { who: ADMIN },

    'GET /api/complaints': { who: ADMIN },
    'POST /api/complaints': { who: ADMIN, body: () => ({ title: 'Leaking tap', initiatedBy: 'Caretaker' }) },
    'PUT /api/complaints/:id': { who: ADMIN, params: id((s) => s.complaintId), body: () => ({ priority: 'high' }) },

    'GET /api/important-dates': { who: EVERYONE },
    'POST /api/important-dates': {
      who: ADMIN,
      body: (s) => ({ title: unique('Exam'), date: '2026-12-10', classes: [s.classId] }),
      idBodies: (s) => [{ title: unique('Exam'), date: '2026-12-11', classes: [{ _id: s.classId }] }],
    },
    'GET /api/important-dates/calendar': { who: EVERYONE, query: () => ({ year: '2026', month: '12' }) },
    'GET /api/important-dates/upcoming': { who: EVERYONE },
    'GET /api/important-dates/today': { who: EVERYONE },
    'GET /api/important-dates/:id': { who: EVERYONE, params: id((s) => s.importantDateId) },
    'PUT /api/important-dates/:id': {
      who: ADMIN,
      params: id((s) => s.importantDateId),
      body: () => ({ location: 'Main hall' }),
      // Narrowing the all-school date to one class would change what the other tests read: refused forms only.
      idBodies: (s) => [{ classes: [s.classId] }, { classes: [{ _id: s.classId }] }],
    },
    'DELETE /api/important-dates/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.importantDateId),
      destructive: true,
    },

    'GET /api/attendance': { who: STAFF },
    'POST /api/attendance': {
      who: STAFF,
      body: (s) => ({
        studentId: s.student.studentId,
        classId: s.classId,
        subjectId: s.subjectId,
        date: MARK_DATE,
        status: 'present',
      }),
    },
    'POST /api/attendance/bulk': {
      who: STAFF,
      body: (s) => ({
        classId: s.classId,
        subjectId: s.subjectId,
        date: MARK_DATE,
        records: [{ studentId: s.student.studentId, status: 'present' }],
      }),
    },
    'GET /api/attendance/class-date': { who: STAFF, query: (s) => ({ classId: s.classId, date: MARK_DATE }) },
    'GET /api/attendance/summary': { who: ADMIN },
    'GET /api/attendance/registers': { who: ADMIN, query: () => ({ date: MARK_DATE, status: 'not-taken' }) },
    'GET /api/attendance/register': {
      who: STAFF,
      query: (s) => ({ classId: s.classId, subjectId: s.subjectId, date: MARK_DATE }),
    },
    'GET /api/attendance/student/:id': { who: STAFF, params: id((s) => s.student.studentId) },
    'GET /api/attendance/class/:id': { who: STAFF, params: id((s) => s.classId) },
    'PUT /api/attendance/:id': { who: STAFF, params: id((s) => s.attendanceId), body: () => ({ remarks: 'On time' }) },
    'DELETE /api/attendance/:id': { who: ADMIN, params: id((s) => s.doomed.attendanceId), destructive: true },

    'GET /api/reports/attendance/students': {
      who: STAFF,
      query: (s) => ({ classId: s.classId, month: MARK_DATE.slice(0, 7) }),
    },
    'GET /api/reports/attendance/staff': { who: ADMIN, query: () => ({ month: MARK_DATE.slice(0, 7) }) },
    'GET /api/reports/attendance/school.csv': { who: ADMIN, query: () => ({ month: MARK_DATE.slice(0, 7) }) },
    // Each caller follows a job of their own: a teacher another's answers 404.
    'GET /api/reports/jobs/:id': {
      who: STAFF,
      params: (s, role) => ({ id: s.reportJobs[role === 'teacher' ? 'teacher' : 'school_admin'] }),
    },
    'GET /api/reports/jobs/:id/file': {
      who: STAFF,
      params: (s, role) => ({ id: s.reportJobs[role === 'teacher' ? 'teacher' : 'school_admin'] }),
    },

    'GET /api/grades/terms': { who: STAFF },
    'POST /api/grades/terms': {
      who: ADMIN,
      body: () => {
        // Each call a term of its own year, so none overlaps another.
        const year = 2100 + Math.floor(Math.random() * 800);
        return { name: unique('Term'), startDate: `${year}-04-01`, endDate: `${year}-09-30` };
      },
    },
    'PUT /api/grades/terms/:id': { who: ADMIN, params: id((s) => s.termId), body: () => ({ name: unique('Term') }) },
    'DELETE /api/grades/terms/:id': { who: ADMIN, params: id((s) => s.doomed.termId), destructive: true },
    'GET /api/grades/scale': { who: STAFF },
    'PUT /api/grades/scale': {
      who: ADMIN,
      body: () => ({
        bands: [
          { minPercent: 0, grade: 'F', points: 0 },
          { minPercent: 40, grade: 'C', points: 2 },
          { minPercent: 60, grade: 'B', points: 3 },
          { minPercent: 80, grade: 'A', points: 4 },
        ],
      }),
    },
    'GET /api/grades/assessments': { who: STAFF, query: (s) => ({ classId: s.classId }) },
    'POST /api/grades/assessments': {
      who: STAFF,
      body: (s) => ({
        classId: s.classId,
        subjectId: s.subjectId,
        termId: s.termId,
        title: unique('Quiz'),
        type: 'quiz',
        date: MARK_DATE,
        maxMarks: 20,
      }),
    },
    'GET /api/grades/assessments/:id': { who: STAFF, params: id((s) => s.assessmentId) },
    'PUT /api/grades/assessments/:id': {
      who: STAFF,
      params: id((s) => s.assessmentId),
      body: (s) => ({ termId: s.termId, title: unique('Unit test') }),
    },
    'DELETE /api/grades/assessments/:id': {
      who: STAFF,
      params: (s, role) => ({ id: role === 'teacher' ? s.doomed.teacherAssessmentId : s.doomed.assessmentId }),
      destructive: true,
    },
    'GET /api/grades/assessments/:id/marks': { who: STAFF, params: id((s) => s.assessmentId) },
    'PUT /api/grades/assessments/:id/marks': {
      who: STAFF,
      params: id((s) => s.assessmentId),
      body: (s) => ({ marks: [{ studentId: s.otherStudent.studentId, status: 'scored', score: 35.5 }] }),
    },
    'GET /api/grades/results': { who: STAFF, query: (s) => ({ classId: s.classId, termId: s.termId }) },
    'GET /api/grades/report-cards': { who: STAFF, query: (s) => ({ classId: s.classId, termId: s.termId }) },
    'GET /api/grades/publications': { who: STAFF, query: (s) => ({ classId: s.classId }) },
    'PUT /api/grades/publications': {
      who: ADMIN,
      body: (s) => ({ classId: s.classId, termId: s.termId, published: true }),
    },

    'GET /api/homework': { who: STAFF, query: (s) => ({ classId: s.classId }) },
    'POST /api/homework': {
      who: STAFF,
      body: (s) => ({
        classId: s.classId,
        subjectId: s.subjectId,
        title: unique('Worksheet'),
        instructions: 'Read chapter 2.',
        dueDate: MARK_DATE,
        dueTime: '16:00',
        maxMarks: 10,
      }),
    },
    'GET /api/homework/:id': { who: EVERYONE, params: id((s) => s.homeworkId) },
    'PUT /api/homework/:id': {
      who: STAFF,
      params: id((s) => s.homeworkId),
      body: () => ({ title: unique('Worksheet') }),
    },
    'DELETE /api/homework/:id': {
      who: STAFF,
      params: (s, role) => ({ id: role === 'teacher' ? s.doomed.teacherHomeworkId : s.doomed.homeworkId }),
      destructive: true,
    },
    'POST /api/homework/:id/files': { who: STAFF, params: id((s) => s.homeworkId), body: pdf },
    'GET /api/homework/:id/files/:fileId': {
      who: EVERYONE,
      params: (s) => ({ id: s.homeworkId, fileId: s.homeworkFileId }),
    },
    'DELETE /api/homework/:id/files/:fileId': {
      who: ['school_admin', 'teacher', 'student'],
      params: (s, role) => ({
        id: s.homeworkId,
        fileId: s.doomed.homeworkFiles[role === 'teacher' || role === 'student' ? role : 'school_admin'],
      }),
      destructive: true,
    },
    'GET /api/homework/:id/submissions': { who: STAFF, params: id((s) => s.homeworkId) },
    'GET /api/homework/:id/submissions/:studentId': {
      who: EVERYONE,
      params: (s) => ({ id: s.homeworkId, studentId: s.student.studentId }),
    },
    // A draft review: the student may still hand in again.
    'PUT /api/homework/:id/submissions/:studentId/review': {
      who: STAFF,
      params: (s) => ({ id: s.homeworkId, studentId: s.student.studentId }),
      body: () => ({ marks: 7, feedback: 'Show your working', returned: false }),
    },
    'PUT /api/homework/:id/submission': {
      who: ['student'],
      params: id((s) => s.homeworkId),
      body: () => ({ text: 'My answers, again' }),
    },
    'POST /api/homework/:id/submission/files': { who: ['student'], params: id((s) => s.homeworkId), body: pdf },
    'POST /api/homework/:id/gradebook': { who: STAFF, params: id((s) => s.homeworkId) },
    'GET /api/homework/summary': { who: STAFF, query: (s) => ({ classId: s.classId }) },
    'GET /api/homework/students/:id': { who: EVERYONE, params: id((s) => s.student.studentId) },
    'GET /api/homework/tasks': { who: EVERYONE },
    'POST /api/homework/tasks': { who: ['student'], body: () => ({ title: unique('Revise'), priority: 'low' }) },
    'PUT /api/homework/tasks/:id': {
      who: ['student'],
      params: id((s) => s.taskId),
      body: () => ({ status: 'completed' }),
    },
    'DELETE /api/homework/tasks/:id': { who: ['student'], params: id((s) => s.doomed.taskId), destructive: true },

    'GET /api/teacher-attendance': { who: ADMIN, query: () => ({ date: MARK_DATE }) },
    'POST /api/teacher-attendance': {
      who: ADMIN,
      body: (s) => ({ teacherId: s.teacher.teacherId, date: MARK_DATE, status: 'present' }),
    },
    'POST /api/teacher-attendance/bulk': {
      who: ADMIN,
      body: (s) => ({ date: MARK_DATE, records: [{ teacherId: s.teacher.teacherId, status: 'present' }] }),
      perRecord: true,
    },
    'GET /api/teacher-attendance/stats': { who: ADMIN },
    'GET /api/teacher-attendance/range': { who: STAFF },
    'PUT /api/teacher-attendance/:id': {
      who: ADMIN,
      params: id((s) => s.teacherAttendanceId),
      body: () => ({ remarks: 'Early' }),
    },
    'DELETE /api/teacher-attendance/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.teacherAttendanceId),
      destructive: true,
    },

    'GET /api/dashboard/summary': { who: ADMIN, query: () => ({ academicYear: THIS_YEAR }) },
    'GET /api/reports/fees/collection': { who: ADMIN, query: () => ({ groupBy: 'class' }) },
    'GET /api/reports/fees/accounts': { who: ADMIN },
    'GET /api/reports/students-info': {
      who: ADMIN,
      query: (s) => ({ classId: s.classId, columns: 'roll,name,parents,phone' }),
    },
    'GET /api/reports/parents-info': { who: ADMIN, query: (s) => ({ classId: s.classId }) },
    'GET /api/reports/saved': { who: ADMIN },
    'GET /api/reports/overview': { who: ADMIN },
    'POST /api/reports/saved': { who: ADMIN, body: savedReport },
    'PUT /api/reports/saved/:id': { who: ADMIN, params: id((s) => s.savedReportId), body: savedReport },
    'DELETE /api/reports/saved/:id': {
      who: ADMIN,
      params: id((s) => s.doomed.savedReportId),
      destructive: true,
    },
    'GET /api/dashboard/mail-status': { who: ADMIN },

    'GET /api/family/children': { who: FAMILY },
    'GET /api/family/children/:id/overview': { who: FAMILY, params: id((s) => s.student.studentId) },
    'GET /api/family/children/:id/results': { who: FAMILY, params: id((s) => s.student.studentId) },
    'GET /api/family/children/:id/years': { who: FAMILY, params: id((s) => s.student.studentId) },
    'GET /api/family/children/:id/report-cards/:termId': {
      who: FAMILY,
      params: (s) => ({ id: s.student.studentId, termId: s.termId }),
    },
    'GET /api/family/receipts/:id/download': { who: FAMILY, params: id((s) => s.receiptId) },

    'POST /api/realtime/ticket': { who: 'signed-in' },
    'POST /api/messages': {
      who: STAFF,
      body: (s) => ({
        audience: 'class_parents',
        classId: s.classId,
        subject: unique('Notice'),
        body: 'Trip on Friday.',
      }),
    },
    'GET /api/messages/inbox': { who: EVERYONE },
    'GET /api/messages/unread': { who: EVERYONE },
    'GET /api/messages/sent': { who: STAFF },
    'GET /api/messages/choices': { who: EVERYONE },
    'PUT /api/messages/choices': {
      who: EVERYONE,
      body: () => ({ announcements: { email: true, push: true }, alerts: { email: true, push: true } }),
    },
    'GET /api/push/key': { who: EVERYONE },
    'POST /api/push/subscriptions': {
      who: EVERYONE,
      body: () => ({
        endpoint: `https://push.example.org/send/${unique('phone')}`,
        keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
      }),
    },
    'POST /api/push/subscriptions/remove': {
      who: EVERYONE,
      body: () => ({ endpoint: 'https://push.example.org/send/none' }),
    },
    'GET /api/unsubscribe': { who: 'public', query: (s) => ({ token: s.unsubscribeToken }) },
    'POST /api/unsubscribe': { who: 'public', query: (s) => ({ token: s.unsubscribeToken }) },
    'GET /api/messages/:id': { who: EVERYONE, params: id((s) => s.messageId) },

    // Restoring a backup rolls the whole school back, so these are the very last calls.
    'POST /api/settings/backup/restore-upload': { who: ADMIN, upload: (s) => s.backupFile, destructive: true },
    'POST /api/settings/backup/:id/restore': { who: ADMIN, params: id((s) => s.backupId), destructive: true },
  };
}

/** The roles a route admits, for a table entry that is not public or the operator's. */
export function admitted(who: Who): readonly Role[] {
  if (who === 'signed-in') return ROLES;
  if (who === 'public' || who === 'platform') return [];
  return who;
}
