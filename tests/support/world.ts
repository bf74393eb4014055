import { eq } from 'drizzle-orm';
import { reportJobs, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { unsubscribeToken } from '../../worker/lib/mail/unsubscribe';
import { createTestSchool, JWT_SECRET, PASSWORD, signIn, type TestApp, unique } from './app';
import { enrolment, tinyPdf } from './students';

/** A date in the past for every mark (attendance refuses future dates). */
export const MARK_DATE = '2025-09-01';
const STUDENT_PASSWORD = 'student-pw-1';
const PARENT_PASSWORD = 'father-pw-1';

export interface Account {
  email: string;
  password: string;
  /** The sign-in path of the account's portal. */
  loginPath: string;
}

/** Ids of one school's rows of every kind the routes take ids of; `doomed*` rows exist to be deleted. */
export interface School {
  schoolId: string;
  admin: Account & { userId: string };
  teacher: Account & { teacherId: string };
  otherTeacher: Account & { teacherId: string };
  student: Account & { studentId: string };
  parent: Account;
  /** A student of the same class with a family of their own. */
  otherStudent: Account & { studentId: string };
  /** A student of the other class who has left with a transfer certificate. */
  leaverId: string;
  classId: string;
  otherClassId: string;
  subjectId: string;
  /** Taught in the other class by the other teacher. */
  otherSubjectId: string;
  subjectCategoryId: string;
  subjectCategoryName: string;
  scheduleId: string;
  attendanceId: string;
  /** A mark in the other class. */
  otherClassAttendanceId: string;
  teacherAttendanceId: string;
  importantDateId: string;
  /** A date of the other class only. */
  otherClassDateId: string;
  feeCategoryId: string;
  feeStructureId: string;
  receiptId: string;
  otherReceiptId: string;
  departmentId: string;
  employeeId: string;
  studentDocumentId: string;
  teacherDocumentId: string;
  transferCertificateId: string;
  complaintId: string;
  /** A saved custom report naming the class. */
  savedReportId: string;
  /** A ready report job of the administrator and one of the teacher, each with its PDF stored. */
  reportJobs: { school_admin: string; teacher: string };
  termId: string;
  /** An assessment of `subjectId` (the teacher's), with the student's mark. */
  assessmentId: string;
  /** An assessment of the other class's subject (the other teacher's). */
  otherAssessmentId: string;
  /** Homework of `subjectId` due on MARK_DATE out of 10: the student handed in (not returned), the other student's work returned with 8. */
  homeworkId: string;
  /** The teacher's attachment of that homework. */
  homeworkFileId: string;
  /** The student's own task. */
  taskId: string;
  /** The office's unsubscribe link's token for announcements (signed as the app signs them). */
  unsubscribeToken: string;
  /** A live password reset link's token, of `otherStudent`. */
  resetToken: string;
  /** The office's message to the whole school: the teacher, the student and the parent each hold a copy. */
  messageId: string;
  backupId: string;
  /** The backup as its download gives it. */
  backupFile: Uint8Array;
  doomed: {
    classId: string;
    subjectId: string;
    subjectCategoryId: string;
    scheduleId: string;
    attendanceId: string;
    teacherAttendanceId: string;
    importantDateId: string;
    feeCategoryId: string;
    feeStructureId: string;
    departmentId: string;
    employeeId: string;
    studentId: string;
    teacherId: string;
    studentDocumentId: string;
    teacherDocumentId: string;
    termId: string;
    assessmentId: string;
    /** Of the teacher's subject, in a term whose report cards are not published. */
    teacherAssessmentId: string;
    savedReportId: string;
    homeworkId: string;
    /** Of the teacher's subject. */
    teacherHomeworkId: string;
    taskId: string;
    /** Files of `homeworkId` each caller may remove: an attachment for the office and the teacher, the student's own hand-in file. */
    homeworkFiles: Record<'school_admin' | 'teacher' | 'student', string>;
  };
}

export interface World {
  a: School;
  b: School;
}

/** Signed-in callers of one school. */
export interface Tokens {
  school_admin: string;
  teacher: string;
  student: string;
  parent: string;
}

function pdfUpload(name: string) {
  return { name, contentType: 'application/pdf', dataBase64: Buffer.from(tinyPdf(name)).toString('base64') };
}

/** One school, built through the app's own endpoints as its administrator, with a backup taken last. */
export async function buildSchool(t: TestApp): Promise<School> {
  const made = await createTestSchool(t);
  const adminToken = await signIn(t, made.adminEmail);
  const send = async (method: string, path: string, json?: unknown) => {
    const res = await t.request(path, { method, token: adminToken, json });
    const body = (await res.json()) as { data?: any; error?: string };
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${JSON.stringify(body)}`);
    return body.data;
  };
  const post = (path: string, json: unknown = {}) => send('POST', path, json);

  const newTeacher = async () => {
    const email = `${unique('teacher')}@example.org`.toLowerCase();
    const { teacher } = await post('/api/teachers', {
      name: unique('Teacher'),
      email,
      password: PASSWORD,
      phone: '555-0100',
    });
    return { teacherId: teacher._id as string, email, password: PASSWORD, loginPath: '/api/teachers/login' };
  };
  const teacher = await newTeacher();
  const otherTeacher = await newTeacher();
  const doomedTeacher = await newTeacher();

  const newClass = async (name: string, section: string, teacherId: string) =>
    (await post('/api/classes', { name, section, teacherId, capacity: 40 }))._id as string;
  const classId = await newClass('8', 'A', teacher.teacherId);
  const otherClassId = await newClass('9', 'B', otherTeacher.teacherId);
  const doomedClassId = await newClass('10', 'C', doomedTeacher.teacherId);

  const subjectCategoryName = unique('Languages');
  const subjectCategoryId = (await post('/api/subjects/categories', { name: subjectCategoryName }))._id as string;
  const doomedSubjectCategoryId = (await post('/api/subjects/categories', { name: unique('Arts') }))._id as string;
  const newSubject = async (klass: string, teacherId: string) =>
    (await post('/api/subjects', { name: unique('Subject'), classId: klass, teacherId, categoryId: subjectCategoryId }))
      ._id as string;
  const subjectId = await newSubject(classId, teacher.teacherId);
  const otherSubjectId = await newSubject(otherClassId, otherTeacher.teacherId);
  const doomedSubjectId = await newSubject(otherClassId, otherTeacher.teacherId);

  const slot = { teacherId: teacher.teacherId, classId, subjectId };
  const scheduleId = (
    await post('/api/schedules', { ...slot, dayOfWeek: 'Monday', startTime: '09:00', endTime: '09:45' })
  )._id as string;
  const doomedScheduleId = (
    await post('/api/schedules', {
      teacherId: otherTeacher.teacherId,
      classId: otherClassId,
      subjectId: otherSubjectId,
      dayOfWeek: 'Tuesday',
      startTime: '09:00',
      endTime: '09:45',
    })
  )._id as string;

  const enrol = async (klass: string) => {
    const payload = enrolment(klass, { admissionDate: '2024-04-01' });
    const data = await post('/api/students', payload);
    return {
      studentId: data._id as string,
      email: payload.email,
      password: STUDENT_PASSWORD,
      loginPath: '/api/students/login',
      parentEmail: payload.parentInfo.fatherEmail,
    };
  };
  const student = await enrol(classId);
  const otherStudent = await enrol(classId);
  const leaver = await enrol(otherClassId);
  const doomedStudent = await enrol(otherClassId);

  const mark = (studentId: string, date: string) =>
    post('/api/attendance', { studentId, classId, subjectId, date, status: 'present' });
  const attendanceId = (await mark(student.studentId, MARK_DATE))._id as string;
  const doomedAttendanceId = (await mark(otherStudent.studentId, MARK_DATE))._id as string;
  const otherClassAttendanceId = (
    await post('/api/attendance', {
      studentId: leaver.studentId,
      classId: otherClassId,
      subjectId: otherSubjectId,
      date: MARK_DATE,
      status: 'absent',
    })
  )._id as string;
  const markTeacher = (teacherId: string) =>
    post('/api/teacher-attendance', { teacherId, date: MARK_DATE, status: 'present' });
  const teacherAttendanceId = (await markTeacher(teacher.teacherId))._id as string;
  const doomedTeacherAttendanceId = (await markTeacher(otherTeacher.teacherId))._id as string;

  const newDate = async () =>
    (await post('/api/important-dates', { title: unique('Sports day'), date: '2026-12-01', applyToAllClasses: true }))
      ._id as string;
  const importantDateId = await newDate();
  const doomedImportantDateId = await newDate();
  const otherClassDateId = (
    await post('/api/important-dates', { title: unique('Trip'), date: '2026-12-02', classes: [otherClassId] })
  )._id as string;

  const feeCategoryId = (await post('/api/fees/categories', { name: unique('Tuition') }))._id as string;
  const doomedFeeCategoryId = (await post('/api/fees/categories', { name: unique('Trips') }))._id as string;
  const newStructure = async () =>
    (await post('/api/fees/structures', { classId, categoryId: feeCategoryId, amount: 1000, dueDate: '2099-06-30' }))
      ._id as string;
  const feeStructureId = await newStructure();
  const doomedFeeStructureId = await newStructure();
  const pay = async (studentId: string) =>
    (
      await post('/api/fees/receipts', {
        studentId,
        method: 'cash',
        items: [{ structureId: feeStructureId, amount: 100 }],
      })
    )._id as string;
  const receiptId = await pay(student.studentId);
  const otherReceiptId = await pay(otherStudent.studentId);

  const departmentId = (await post('/api/employees/departments', { name: unique('Transport') }))._id as string;
  const doomedDepartmentId = (await post('/api/employees/departments', { name: unique('Canteen') }))._id as string;
  const newEmployee = async () =>
    (await post('/api/employees', { name: unique('Driver'), position: 'Driver', department: departmentId }))
      ._id as string;
  const employeeId = await newEmployee();
  const doomedEmployeeId = await newEmployee();
  await post('/api/employees/attendance', { date: MARK_DATE, employeeId, status: 'present' });

  const upload = async (owner: string) =>
    (await post(`${owner}/documents`, pdfUpload('certificate.pdf')))._id as string;
  const studentDocumentId = await upload(`/api/students/${student.studentId}`);
  const doomedStudentDocumentId = await upload(`/api/students/${student.studentId}`);
  const teacherDocumentId = await upload(`/api/teachers/${teacher.teacherId}`);
  const doomedTeacherDocumentId = await upload(`/api/teachers/${teacher.teacherId}`);
  const transferCertificateId = (
    await post(`/api/students/${leaver.studentId}/transfer-certificate`, {
      reason: 'Family moved',
      leavingDate: MARK_DATE,
      conduct: 'Good',
    })
  )._id as string;

  const complaintId = (await post('/api/complaints', { title: 'Broken window', initiatedBy: 'Office' }))._id as string;
  const saveReport = async () =>
    (
      await post('/api/reports/saved', {
        name: unique('Class list'),
        definition: { type: 'student', range: '30-days', format: 'csv', classId, columns: ['roll', 'name'] },
      })
    )._id as string;
  const savedReportId = await saveReport();
  const doomedSavedReportId = await saveReport();
  // Report jobs as a large PDF leaves them, ready (the world's reports are too small to be made in the background).
  const readyJob = async (email: string) => {
    const db = await t.dbOf(made.schoolId);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const id = newId();
    const storageKey = `reports/${made.schoolId}/${id}.pdf`;
    const bytes = tinyPdf('report');
    await t.platform.files?.put(storageKey, bytes);
    await db.insert(reportJobs).values({
      id,
      schoolId: made.schoolId,
      requestedBy: user.id,
      name: 'students-information',
      format: 'pdf',
      state: 'ready',
      partsDone: 1,
      partsTotal: 1,
      rows: 1,
      storageKey,
      size: bytes.byteLength,
      expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    });
    return id;
  };
  const reportJobIds = { school_admin: await readyJob(made.adminEmail), teacher: await readyJob(teacher.email) };
  const newTerm = async (startDate: string, endDate: string) =>
    (await post('/api/grades/terms', { name: unique('Term'), startDate, endDate }))._id as string;
  const termId = await newTerm('2025-04-01', '2025-09-30');
  const doomedTermId = await newTerm('2026-04-01', '2026-09-30');
  const newAssessment = async (klass: string, subject: string) =>
    (
      await post('/api/grades/assessments', {
        classId: klass,
        subjectId: subject,
        termId,
        title: unique('Unit test'),
        type: 'test',
        date: MARK_DATE,
        maxMarks: 50,
      })
    )._id as string;
  const assessmentId = await newAssessment(classId, subjectId);
  const otherAssessmentId = await newAssessment(otherClassId, otherSubjectId);
  const doomedAssessmentId = await newAssessment(classId, subjectId);
  // One a teacher may delete: its term's report cards are not published.
  const draftTermId = await newTerm('2024-10-01', '2025-03-31');
  const teacherAssessmentId = (
    await post('/api/grades/assessments', {
      classId,
      subjectId,
      termId: draftTermId,
      title: unique('Class test'),
      type: 'test',
      date: '2024-11-05',
      maxMarks: 20,
    })
  )._id as string;
  await send('PUT', `/api/grades/assessments/${assessmentId}/marks`, {
    marks: [{ studentId: student.studentId, status: 'scored', score: 42 }],
  });
  await send('PUT', '/api/grades/publications', { classId, termId, published: true });
  const newHomework = async () =>
    (
      await post('/api/homework', {
        classId,
        subjectId,
        title: unique('Worksheet'),
        instructions: 'Questions 1 to 5.',
        dueDate: MARK_DATE,
        dueTime: '17:00',
        maxMarks: 10,
      })
    )._id as string;
  const homeworkId = await newHomework();
  const doomedHomeworkId = await newHomework();
  const teacherHomeworkId = await newHomework();
  const homeworkFileId = (await post(`/api/homework/${homeworkId}/files`, pdfUpload('worksheet.pdf')))._id as string;
  const pupilSend = async (account: { email: string }, method: string, path: string, json: unknown) => {
    const token = await signIn(t, account.email, STUDENT_PASSWORD, '/api/students/login');
    const res = await t.request(path, { method, token, json });
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: any }).data;
  };
  await pupilSend(student, 'PUT', `/api/homework/${homeworkId}/submission`, { text: 'My answers' });
  await pupilSend(otherStudent, 'PUT', `/api/homework/${homeworkId}/submission`, { text: 'Answers' });
  await send('PUT', `/api/homework/${homeworkId}/submissions/${otherStudent.studentId}/review`, { marks: 8 });
  const attachment = async () =>
    (await post(`/api/homework/${homeworkId}/files`, pdfUpload('old-sheet.pdf')))._id as string;
  const doomedHomeworkFiles = {
    school_admin: await attachment(),
    teacher: await attachment(),
    student: (await pupilSend(student, 'POST', `/api/homework/${homeworkId}/submission/files`, pdfUpload('draft.pdf')))
      ._id as string,
  };
  const newTask = async () =>
    (await pupilSend(student, 'POST', '/api/homework/tasks', { title: unique('Revise'), priority: 'high' }))
      ._id as string;
  const taskId = await newTask();
  const doomedTaskId = await newTask();
  const messageId = (await post('/api/messages', { audience: 'school', subject: 'Welcome', body: 'Term starts.' }))
    ._id as string;
  // The office's phone takes Web Push (its endpoint a stand-in's; nothing is pushed while building).
  await post('/api/push/subscriptions', {
    endpoint: `https://push.example.org/send/${unique('phone')}`,
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
  });
  const backupId = (await post('/api/settings/backup', { note: 'Before the term' }))._id as string;
  const download = await t.request(`/api/settings/backup/${backupId}/download`, { token: adminToken });
  const backupFile = new Uint8Array(await download.arrayBuffer());
  // A reset link of the second pupil, read from the e-mail the app sent (its token is in no answer).
  const asked = await t.request('/api/auth/password-reset', { method: 'POST', json: { email: otherStudent.email } });
  if (asked.status !== 200) throw new Error(`reset link: ${asked.status}`);
  const resetMail = t.mail.sent.findLast((mail) => mail.to.email === otherStudent.email);
  const resetToken = /#([\w.-]+)/.exec(resetMail?.text ?? '')?.[1] ?? '';

  return {
    schoolId: made.schoolId,
    admin: { email: made.adminEmail, password: PASSWORD, loginPath: '/api/users/login', userId: made.adminId },
    teacher,
    otherTeacher,
    student,
    parent: { email: student.parentEmail, password: PARENT_PASSWORD, loginPath: '/api/students/parents/login' },
    otherStudent,
    resetToken,
    unsubscribeToken: await unsubscribeToken(JWT_SECRET, {
      schoolId: made.schoolId,
      userId: made.adminId,
      kind: 'announcements',
    }),
    leaverId: leaver.studentId,
    classId,
    otherClassId,
    subjectId,
    otherSubjectId,
    subjectCategoryId,
    subjectCategoryName,
    scheduleId,
    attendanceId,
    otherClassAttendanceId,
    teacherAttendanceId,
    importantDateId,
    otherClassDateId,
    feeCategoryId,
    feeStructureId,
    receiptId,
    otherReceiptId,
    departmentId,
    employeeId,
    studentDocumentId,
    teacherDocumentId,
    transferCertificateId,
    complaintId,
    savedReportId,
    reportJobs: reportJobIds,
    termId,
    assessmentId,
    otherAssessmentId,
    homeworkId,
    homeworkFileId,
    taskId,
    messageId,
    backupId,
    backupFile,
    doomed: {
      classId: doomedClassId,
      subjectId: doomedSubjectId,
      subjectCategoryId: doomedSubjectCategoryId,
      scheduleId: doomedScheduleId,
      attendanceId: doomedAttendanceId,
      teacherAttendanceId: doomedTeacherAttendanceId,
      importantDateId: doomedImportantDateId,
      feeCategoryId: doomedFeeCategoryId,
      feeStructureId: doomedFeeStructureId,
      departmentId: doomedDepartmentId,
      employeeId: doomedEmployeeId,
      studentId: doomedStudent.studentId,
      teacherId: doomedTeacher.teacherId,
      studentDocumentId: doomedStudentDocumentId,
      teacherDocumentId: doomedTeacherDocumentId,
      termId: doomedTermId,
      assessmentId: doomedAssessmentId,
      teacherAssessmentId,
      savedReportId: doomedSavedReportId,
      homeworkId: doomedHomeworkId,
      teacherHomeworkId,
      taskId: doomedTaskId,
      homeworkFiles: doomedHomeworkFiles,
    },
  };
}

/** Two schools with one row of each kind; school B's administrator is the outsider of school A. */
export async function buildWorld(t: TestApp): Promise<World> {
  return { a: await buildSchool(t), b: await buildSchool(t) };
}

export function signInAs(t: TestApp, account: Account) {
  return signIn(t, account.email, account.password, account.loginPath);
}

/** Every role of a school signed in once, each through its own portal's sign-in. */
export async function signInAll(t: TestApp, school: School): Promise<Tokens> {
  const [admin, teacher, student, parent] = await Promise.all([
    signInAs(t, school.admin),
    signInAs(t, school.teacher),
    signInAs(t, school.student),
    signInAs(t, school.parent),
  ]);
  return { school_admin: admin, teacher, student, parent };
}
