import { and, eq, sql } from 'drizzle-orm';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { batchOf } from '../../worker/db/database';
import {
  classes,
  departments,
  employees,
  parents,
  schedules,
  schools,
  signInEmails,
  studentParents,
  students,
  subjects,
  subjectTeachers,
  teachers,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { studentRows } from '../../worker/db/student-rows';
import { markRowInserts } from '../../worker/modules/attendance/marks';
import { PASSWORD, type TestApp, unique } from './app';

/**
 * Accounts written straight into a school's shard are made known to the directory, as the API's writes make
 * them, so they sign in. In one database sign-in reads the accounts themselves.
 */
async function claimEmails(t: TestApp, schoolId: string, emails: string[]) {
  if (t.shards.length > 1) await t.db.insert(signInEmails).values(emails.map((email) => ({ email, schoolId })));
}

let passwordHash: Promise<string> | null = null;
/** One hash of PASSWORD per test file: argon2id is deliberately slow. */
export function hashOfPassword(): Promise<string> {
  passwordHash ??= nodeHasher.hash(PASSWORD);
  return passwordHash;
}

/** The school's current academic year, read inside the insert itself. */
const yearOf = (schoolId: string) =>
  sql`(select ${schools.academicYear} from ${schools} where ${schools.id} = ${schoolId})`;

export async function createClass(t: TestApp, schoolId: string, values: Partial<typeof classes.$inferInsert> = {}) {
  const db = await t.dbOf(schoolId);
  const id = newId();
  await db.insert(classes).values({
    id,
    schoolId,
    name: '8',
    section: 'A',
    capacity: 40,
    academicYear: yearOf(schoolId),
    ...values,
  });
  return id;
}

/** A student account in a class, with a parent account linked to it (or to an existing parent). */
export async function createStudent(
  t: TestApp,
  schoolId: string,
  options: { classId?: string; parentId?: string; name?: string; admissionDate?: string; rollNumber?: string } = {},
) {
  const db = await t.dbOf(schoolId);
  const hash = await hashOfPassword();
  const studentId = newId();
  const email = `${unique('student')}@example.org`.toLowerCase();
  const student = studentRows({
    id: studentId,
    userId: newId(),
    schoolId,
    name: options.name ?? unique('Student'),
    email,
    passwordHash: hash,
    classId: options.classId ?? null,
    rollNumber: options.rollNumber ?? unique('R'),
    admissionNumber: unique('ADM'),
    dateOfBirth: '2012-04-01',
    gender: 'female',
    admissionDate: options.admissionDate ?? '2024-04-01',
  });
  const statements = [db.insert(users).values(student.user), db.insert(students).values(student.student)];
  let parentId = options.parentId;
  let parentEmail: string | undefined;
  if (!parentId) {
    const parentUserId = newId();
    parentId = newId();
    parentEmail = `${unique('parent')}@example.org`.toLowerCase();
    statements.push(
      db.insert(users).values({
        id: parentUserId,
        schoolId,
        role: 'parent',
        name: unique('Parent'),
        email: parentEmail,
        passwordHash: hash,
      }) as never,
      db.insert(parents).values({ id: parentId, schoolId, userId: parentUserId }) as never,
    );
  }
  statements.push(db.insert(studentParents).values({ schoolId, studentId, parentId, relation: 'father' }) as never);
  await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
  await claimEmails(t, schoolId, parentEmail ? [email, parentEmail] : [email]);
  return { studentId, email, parentId, parentEmail };
}

/** A teacher account (signs in with PASSWORD) and profile; answers the teacher id and the sign-in email. */
export async function addTeacher(
  t: TestApp,
  schoolId: string,
  options: { name?: string; isActive?: boolean; designation?: string } = {},
) {
  const db = await t.dbOf(schoolId);
  const hash = await hashOfPassword();
  const userId = newId();
  const teacherId = newId();
  const name = options.name ?? unique('Teacher');
  const email = `${unique('teacher')}@example.org`.toLowerCase();
  await db.batch([
    db.insert(users).values({ id: userId, schoolId, role: 'teacher', name, email, passwordHash: hash }),
    db.insert(teachers).values({
      id: teacherId,
      schoolId,
      userId,
      designation: options.designation ?? 'Teacher',
      isActive: options.isActive ?? true,
    }),
  ]);
  await claimEmails(t, schoolId, [email]);
  return { teacherId, userId, name, email };
}

/** A subject of a class taught by a teacher (either may be left out). */
export async function addSubject(
  t: TestApp,
  schoolId: string,
  values: Partial<typeof subjects.$inferInsert> & { classId: string | null; teacherId: string | null },
) {
  const db = await t.dbOf(schoolId);
  const id = newId();
  await db.insert(subjects).values({ id, schoolId, name: unique('Subject'), ...values });
  return id;
}

export async function addCoTeacher(t: TestApp, schoolId: string, subjectId: string, teacherId: string) {
  const db = await t.dbOf(schoolId);
  await db.insert(subjectTeachers).values({ schoolId, subjectId, teacherId });
}

/** A timetable slot, inserted directly (no clash checks). */
export async function addSchedule(
  t: TestApp,
  schoolId: string,
  values: Partial<typeof schedules.$inferInsert> & { teacherId: string; classId: string; subjectId: string },
) {
  const db = await t.dbOf(schoolId);
  const id = newId();
  await db.insert(schedules).values({
    id,
    schoolId,
    dayOfWeek: 'Monday',
    startTime: '09:00',
    endTime: '09:45',
    academicYear: yearOf(schoolId),
    semester: 'Annual',
    ...values,
  });
  return id;
}

/** Attendance marks as one batch: one row per mark. */
export async function addStudentAttendance(
  t: TestApp,
  schoolId: string,
  marks: {
    studentId: string;
    classId: string;
    subjectId: string;
    date: string;
    status: 'present' | 'absent' | 'late' | 'excused';
  }[],
) {
  const db = await t.dbOf(schoolId);
  const rows = marks.map((m) => ({ schoolId, markedAt: `${m.date}T09:00:00.000Z`, ...m }));
  const items = markRowInserts(db, rows);
  if (items.length > 0) await db.batch(batchOf(items));
}

/**
 * Students of a class with roll numbers 1, 2, 3… (accounts without parents), in one batch; answers them in
 * roll order. `status` makes them inactive.
 */
export async function addClassRoll(
  t: TestApp,
  schoolId: string,
  classId: string | null,
  size: number,
  options: { prefix?: string; status?: 'active' | 'inactive'; firstRoll?: number } = {},
) {
  const db = await t.dbOf(schoolId);
  const hash = await hashOfPassword();
  const roll = Array.from({ length: size }, (_, i) => ({
    studentId: newId(),
    userId: newId(),
    name: `${options.prefix ?? 'Pupil'} ${i + (options.firstRoll ?? 1)}`,
    rollNumber: String(i + (options.firstRoll ?? 1)),
    email: `${unique('pupil')}@example.org`.toLowerCase(),
  }));
  const rows = roll.map((s) =>
    studentRows({
      id: s.studentId,
      userId: s.userId,
      schoolId,
      name: s.name,
      email: s.email,
      passwordHash: hash,
      classId,
      rollNumber: s.rollNumber,
      admissionNumber: unique('ADM'),
      dateOfBirth: '2012-04-01',
      gender: 'male',
      admissionDate: '2024-04-01',
      status: options.status ?? 'active',
    }),
  );
  await db.batch([
    db.insert(users).values(rows.map((r) => r.user)),
    db.insert(students).values(rows.map((r) => r.student)),
  ]);
  await claimEmails(
    t,
    schoolId,
    roll.map((s) => s.email),
  );
  return roll;
}

/** A non-teaching employee in one of the school's departments (by name; the seven defaults exist). */
export async function addEmployee(
  t: TestApp,
  schoolId: string,
  values: { name?: string; department?: string; position?: string; status?: 'active' | 'inactive' } = {},
) {
  const db = await t.dbOf(schoolId);
  const [department] = await db
    .select({ id: departments.id })
    .from(departments)
    .where(and(eq(departments.schoolId, schoolId), eq(departments.name, values.department ?? 'Administration')))
    .limit(1);
  const id = newId();
  await db.insert(employees).values({
    id,
    schoolId,
    name: values.name ?? unique('Employee'),
    position: values.position ?? 'Administrative Staff',
    departmentId: department.id,
    status: values.status ?? 'active',
  });
  return id;
}
