import { and, asc, count, eq, inArray, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import { emailsHeldElsewhere, writeAccounts } from '../../db/directory';
import { refusalOf } from '../../db/guard';
import {
  attendanceMarks,
  attendanceRegisters,
  classes,
  feeCollections,
  feeReceipts,
  parents,
  studentAttendance,
  studentParents,
  students,
  transferCertificates,
  users,
} from '../../db/schema';
import { contains, named, outer } from '../../db/sql';
import { activity } from '../../lib/activity';
import { familiesAudienceChanged } from '../../lib/audience';
import { capacityGuard } from '../../lib/capacity-guard';
import { classLabel } from '../../lib/class-name';
import type { ErrorCode } from '../../lib/error-codes';
import { AppError, isUniqueViolation, notFound, validationError } from '../../lib/errors';
import { isPastClass, pastYearPlacement, pastYearPlacementGuard, pastYearPlacementRefusal } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { deleteOwnerDocuments, ownerDocumentKeys, removeStoredFiles } from '../documents';
import { type StudentExportQuery, type StudentUpdateInput, toStudent } from './schemas';
import { studentTotals } from './totals';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** The linked parents of the outer query's student, as one JSON array (no extra round trip). */
const parentsJson = sql<string>`(
  select json_group_array(json_object('_id', p.id, 'name', pu.name, 'email', pu.email, 'phone', pu.phone, 'relation', sp.relation,
    'lastSignInAt', pu.last_login_at, 'provisional', pu.password_change_required))
  from ${studentParents} sp
  join ${parents} p on p.id = sp.parent_id
  join ${users} pu on pu.id = p.user_id
  where sp.student_id = ${outer(students.id)} and sp.school_id = ${outer(students.schoolId)}
)`.as('parents_json');

/** Students with their account's name, email and phone, their class and their parents (names aliased for D1). */
/** A student's columns as the lists and the export read them, with their account, class and parents. */
export const studentColumns = {
  student: students,
  name: named(users.name, 'student_name'),
  email: named(users.email, 'student_email'),
  phone: named(users.phone, 'student_phone'),
  lastSignInAt: named(users.lastLoginAt, 'student_last_sign_in'),
  provisional: named(users.passwordChangeRequired, 'student_provisional'),
  className: named(classes.name, 'class_name'),
  classSection: named(classes.section, 'class_section'),
  parentsJson,
};

export function selectStudents(ctx: TenantContext) {
  return ctx.db
    .select(studentColumns)
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .leftJoin(classes, eq(classes.id, students.classId));
}

/** The list's and export's filters; a list built once per shape gives placeholders for them (`db/shapes.ts`). */
export interface StudentFilters {
  classId?: string | Placeholder;
  status?: StudentExportQuery['status'] | Placeholder;
  search?: string | Placeholder;
}

export function studentFilter(ctx: Pick<TenantContext, 'scoped'>, query: StudentFilters): SQL {
  return ctx.scoped(
    students,
    query.classId ? eq(students.classId, query.classId) : undefined,
    query.status ? eq(students.status, query.status) : undefined,
    query.search
      ? or(
          contains(users.name, query.search),
          contains(students.rollNumber, query.search),
          contains(users.email, query.search),
        )
      : undefined,
  );
}

/** The filters of a list or export for its activity-log line: ` (search "bela", one class, active)` or ''. */
export function describeFilters(query: StudentExportQuery) {
  const filters = [query.search && `search "${query.search}"`, query.classId && 'one class', query.status].filter(
    Boolean,
  );
  return filters.length ? ` (${filters.join(', ')})` : '';
}

export async function getStudent(ctx: TenantContext, studentId: string) {
  const [row] = await selectStudents(ctx)
    .where(ctx.scoped(students, eq(students.id, studentId)))
    .limit(1);
  if (!row) throw notFound('Student');
  return toStudent(row);
}

/** A student's whole record, read by a person: the read is kept in the activity log (minors' records). */
export async function readStudent(ctx: TenantContext, studentId: string) {
  const student = await getStudent(ctx, studentId);
  await activity(ctx, 'read', 'student', student._id, `Viewed the record of ${student.name}`);
  return student;
}

/** This school's class with its number of students, for placement checks (one statement). */
/** The school's classes (those matching `conditions`) with how many students each has. */
export function classesWithCount(ctx: TenantContext, ...conditions: SQL[]) {
  return ctx.db
    .select({
      id: classes.id,
      name: classes.name,
      section: classes.section,
      capacity: classes.capacity,
      academicYear: classes.academicYear,
      /** Of a year before the school's: nobody may join it (`pastYearPlacementGuard` holds it in the write). */
      pastYear: isPastClass(classes.academicYear, classes.schoolId).mapWith(Boolean).as('past_year'),
      studentCount:
        sql<number>`(select count(*) from ${students} st where st.class_id = ${outer(classes.id)} and st.school_id = ${outer(classes.schoolId)})`
          .mapWith(Number)
          .as('student_count'),
    })
    .from(classes)
    .where(ctx.scoped(classes, ...conditions));
}

export function classWithCount(ctx: TenantContext, classId: string) {
  return classesWithCount(ctx, eq(classes.id, classId)).limit(1);
}

export function classFull(klass: { name: string; section: string; capacity: number; studentCount: number }) {
  return new AppError(
    409,
    `Class ${classLabel(klass)} is full (${klass.studentCount}/${klass.capacity} students). Raise its capacity or choose another class.`,
    { code: 'CLASS_FULL' },
  );
}

/** The class-full answer for a write its capacity guard refused, which placed `added` students in `klass`. */
export function classFullRefusal(error: unknown, klass: { name: string; section: string }, added = 1) {
  const refusal = refusalOf(error, 'class-capacity');
  if (!refusal) return null;
  const [count, capacity] = refusal.detail.split('/').map(Number);
  return classFull({ ...klass, studentCount: count - added, capacity });
}

/** A 409 that also names the field it is about (`details`), so a form shows it beside that field. */
export const conflict = (msg: string, path: string, code: ErrorCode = 'CONFLICT') =>
  new AppError(409, msg, { code, details: [{ msg, path }] });
export const rollTaken = (roll: string, klass: { name: string; section: string }) =>
  conflict(`Roll number ${roll} is already used in class ${classLabel(klass)}`, 'rollNumber', 'ROLL_NUMBER_TAKEN');
export const admissionTaken = (number: string) =>
  conflict(`Admission number ${number} already exists in this school`, 'admissionNumber', 'ADMISSION_NUMBER_TAKEN');

/**
 * Puts a student in a class (a student belongs to at most one, so this moves them). Refused when the class is
 * full or another student of that class has the same roll number.
 */
/**
 * Moves a student into a class (a student belongs to at most one). When their roll number is already used
 * there, they take the class's next free number, as a school office would; the answer carries the new one.
 */
export async function assignStudentToClass(ctx: TenantContext, studentId: string, classId: string) {
  const { db } = ctx;
  const [[student], [klass], [sameRoll], [highest]] = await db.batch([
    db
      .select({ id: students.id, classId: students.classId, rollNumber: students.rollNumber, name: users.name })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    classWithCount(ctx, classId),
    db
      .select({ id: students.id })
      .from(students)
      .where(
        ctx.scoped(
          students,
          eq(students.classId, classId),
          sql`${students.rollNumber} = (select s2.roll_number from ${students} s2 where s2.id = ${studentId})`,
          sql`${students.id} <> ${studentId}`,
        ),
      )
      .limit(1),
    db
      .select({ roll: sql<number>`coalesce(max(cast(${students.rollNumber} as integer)), 0)`.mapWith(Number) })
      .from(students)
      .where(ctx.scoped(students, eq(students.classId, classId))),
  ]);
  if (!student) throw notFound('Student');
  if (!klass) throw notFound('Class');
  const label = classLabel(klass);
  if (student.classId !== klass.id) {
    if (klass.pastYear) throw pastYearPlacement(klass.academicYear);
    if (klass.studentCount >= klass.capacity) throw classFull(klass);
    const rollNumber = sameRoll ? String((highest?.roll ?? 0) + 1) : student.rollNumber;
    const renumbered = rollNumber !== student.rollNumber ? ` with roll number ${rollNumber}` : '';
    try {
      await db.batch([
        db
          .update(students)
          .set({ classId: klass.id, rollNumber, updatedAt: ctx.now().toISOString() })
          .where(ctx.scoped(students, eq(students.id, student.id))),
        capacityGuard(ctx, [klass.id]),
        pastYearPlacementGuard(ctx, [klass.id]),
        activity(ctx, 'update', 'student', student.id, `Assigned ${student.name} to class ${label}${renumbered}`),
      ]);
      await familiesAudienceChanged(ctx, [student.id]);
    } catch (error) {
      if (isUniqueViolation(error)) throw rollTaken(rollNumber, klass);
      const past = pastYearPlacementRefusal(error);
      if (past) throw past;
      const full = classFullRefusal(error, klass);
      if (full) throw full;
      throw error;
    }
  }
  return getStudent(ctx, student.id);
}

export async function removeStudentFromClass(ctx: TenantContext, studentId: string) {
  const { db } = ctx;
  const [student] = await db
    .select({ id: students.id, classId: students.classId, name: users.name })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(ctx.scoped(students, eq(students.id, studentId)))
    .limit(1);
  if (!student) throw notFound('Student');
  if (student.classId) {
    await db.batch([
      db
        .update(students)
        .set({ classId: null, updatedAt: ctx.now().toISOString() })
        .where(ctx.scoped(students, eq(students.id, student.id))),
      activity(ctx, 'update', 'student', student.id, `Removed ${student.name} from their class`),
    ]);
    await familiesAudienceChanged(ctx, [student.id]);
  }
  return getStudent(ctx, student.id);
}

/**
 * Changes what is given. The target class must have room and a free roll number, the email must be nobody
 * else's and the admission number no other student's. Three round trips: the student, the checks, the write.
 */
export async function updateStudent(ctx: TenantContext, studentId: string, input: StudentUpdateInput) {
  const { db } = ctx;
  const [current] = await db
    .select({ student: students, name: users.name, email: users.email })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(ctx.scoped(students, eq(students.id, studentId)))
    .limit(1);
  if (!current) throw notFound('Student');
  const s = current.student;
  const classId = input.classId === undefined ? s.classId : input.classId;
  const rollNumber = input.rollNumber ?? s.rollNumber;
  const movesClass = classId !== null && classId !== s.classId;
  const email = input.email && input.email !== current.email ? input.email : null;
  const admissionNumber =
    input.admissionNumber && input.admissionNumber !== s.admissionNumber ? input.admissionNumber : null;

  const [[klass], [sameRoll], [emailUser], [sameAdmission]] = await db.batch([
    classWithCount(ctx, classId ?? ''),
    db
      .select({ id: students.id })
      .from(students)
      .where(
        ctx.scoped(
          students,
          eq(students.classId, classId ?? ''),
          eq(students.rollNumber, rollNumber),
          ne(students.id, s.id),
        ),
      )
      .limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email ?? ''))
      .limit(1),
    db
      .select({ id: students.id })
      .from(students)
      .where(ctx.scoped(students, eq(students.admissionNumber, admissionNumber ?? ''), ne(students.id, s.id)))
      .limit(1),
  ]);
  if (classId && !klass) throw notFound('Class');
  if (movesClass && klass?.pastYear) throw pastYearPlacement(klass.academicYear);
  if (movesClass && klass && klass.studentCount >= klass.capacity) throw classFull(klass);
  if (klass && sameRoll) throw rollTaken(rollNumber, klass);
  const elsewhere = email ? await emailsHeldElsewhere(ctx.directory, ctx.schoolId, [email]) : [];
  if (email && (emailUser || elsewhere.length > 0))
    throw new AppError(409, `${EMAIL_TAKEN} (student's email)`, { code: 'EMAIL_TAKEN' });
  if (admissionNumber && sameAdmission) throw admissionTaken(admissionNumber);
  if (input.dateOfBirth && input.dateOfBirth > (await ctx.today())) {
    throw validationError([{ msg: 'Date of birth cannot be in the future', path: 'dateOfBirth' }]);
  }

  const now = ctx.now().toISOString();
  const account: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) account.name = input.name;
  if (email) account.email = email;
  if (input.phone !== undefined) account.phone = input.phone;
  const record: Partial<typeof students.$inferInsert> = { updatedAt: now };
  if (input.classId !== undefined) record.classId = input.classId;
  if (input.rollNumber !== undefined) record.rollNumber = input.rollNumber;
  if (admissionNumber) record.admissionNumber = admissionNumber;
  if (input.dateOfBirth !== undefined) record.dateOfBirth = input.dateOfBirth;
  if (input.gender !== undefined) record.gender = input.gender;
  if (input.admissionDate !== undefined) record.admissionDate = input.admissionDate;
  if (input.status !== undefined) record.status = input.status;
  if (input.address !== undefined) {
    record.addressStreet = input.address.street ?? null;
    record.addressCity = input.address.city ?? null;
    record.addressState = input.address.state ?? null;
    record.addressZip = input.address.zipCode ?? null;
  }
  const changed = Object.keys(input).filter((key) => input[key as keyof StudentUpdateInput] !== undefined);
  const emails = email
    ? { schoolId: ctx.schoolId, claim: [email], release: [current.email] }
    : { schoolId: ctx.schoolId };
  try {
    await writeAccounts(ctx.directory, db, emails, [
      db
        .update(students)
        .set(record)
        .where(ctx.scoped(students, eq(students.id, s.id))),
      ...(Object.keys(account).length > 0
        ? [
            db
              .update(users)
              .set({ ...account, updatedAt: now })
              .where(and(eq(users.id, s.userId), eq(users.schoolId, ctx.schoolId))),
          ]
        : []),
      ...(movesClass && klass ? [capacityGuard(ctx, [klass.id]), pastYearPlacementGuard(ctx, [klass.id])] : []),
      activity(ctx, 'update', 'student', s.id, `Updated ${input.name ?? current.name} (${changed.join(', ')})`),
    ] as unknown as [ReturnType<typeof activity>]);
  } catch (error) {
    const past = pastYearPlacementRefusal(error);
    if (past) throw past;
    const full = movesClass && klass ? classFullRefusal(error, klass) : null;
    if (full) throw full;
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'Another student or account already has these details (email, admission or roll number)');
    }
    throw error;
  }
  if (classId !== s.classId) await familiesAudienceChanged(ctx, [s.id]);
  return getStudent(ctx, s.id);
}

const KEEP_RECORDS =
  'This student has fee payments or a transfer certificate on record, which the school must keep. Mark the student inactive instead.';

/**
 * Deletes a student who was enrolled by mistake or never attended: their sign-in account, attendance marks,
 * documents (rows, then the stored files) and parent links; a parent left with no child in the school loses
 * their account too, a parent of other children keeps it. A student with fee payments or a transfer
 * certificate is refused (409): those records must be kept, so such a student is marked inactive instead.
 */
export async function deleteStudent(ctx: TenantContext, studentId: string) {
  const { db } = ctx;
  const [[student], links, [marks], keys] = await db.batch([
    db
      .select({
        id: students.id,
        userId: students.userId,
        number: students.number,
        name: users.name,
        email: users.email,
        payments: sql<number>`(select count(*) from ${feeCollections} f where f.student_id = ${outer(students.id)})
          + (select count(*) from ${feeReceipts} r where r.student_id = ${outer(students.id)})`
          .mapWith(Number)
          .as('payments'),
        certificates:
          sql<number>`(select count(*) from ${transferCertificates} tc where tc.student_id = ${outer(students.id)})`
            .mapWith(Number)
            .as('certificates'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.id, studentId)))
      .limit(1),
    db
      .select({
        parentId: studentParents.parentId,
        userId: parents.userId,
        email: named(users.email, 'parent_email'),
        otherChildren:
          sql<number>`(select count(*) from ${studentParents} o where o.parent_id = ${outer(studentParents.parentId)} and o.student_id <> ${studentId})`
            .mapWith(Number)
            .as('other_children'),
      })
      .from(studentParents)
      .innerJoin(parents, eq(parents.id, studentParents.parentId))
      .innerJoin(users, eq(users.id, parents.userId))
      .where(ctx.scoped(studentParents, eq(studentParents.studentId, studentId))),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.studentId, studentId))),
    ownerDocumentKeys(ctx, 'student', [studentId]),
  ]);
  if (!student) throw notFound('Student');
  if (student.payments > 0 || student.certificates > 0) throw new AppError(409, KEEP_RECORDS, { code: 'IN_USE' });
  const orphans = links.filter((l) => l.otherChildren === 0);
  const orphanUsers = orphans.map((l) => l.userId);
  const release = [student.email, ...orphans.map((l) => l.email ?? '')].filter(Boolean);
  await writeAccounts(ctx.directory, db, { schoolId: ctx.schoolId, release }, [
    db
      .delete(attendanceMarks)
      .where(
        and(
          eq(attendanceMarks.studentNumber, student.number ?? -1),
          inArray(
            attendanceMarks.registerId,
            db.select({ id: attendanceRegisters.id }).from(attendanceRegisters).where(ctx.scoped(attendanceRegisters)),
          ),
        ),
      ),
    deleteOwnerDocuments(ctx, 'student', [student.id]),
    db.delete(studentParents).where(ctx.scoped(studentParents, eq(studentParents.studentId, student.id))),
    db.delete(students).where(ctx.scoped(students, eq(students.id, student.id))),
    // Deleting the account removes its parents row (and so any leftover link) by foreign key.
    db.delete(users).where(and(eq(users.schoolId, ctx.schoolId), inJson(users.id, [student.userId, ...orphanUsers]))),
    activity(
      ctx,
      'delete',
      'student',
      student.id,
      `Deleted ${student.name}, ${marks.n} attendance mark(s), ${keys.length} document(s) and ${orphanUsers.length} parent account(s) left without a child`,
    ),
  ]);
  await removeStoredFiles(
    ctx,
    keys.map((k) => k.key),
  );
  return {
    _id: student.id,
    deletedAttendance: marks.n,
    deletedDocuments: keys.length,
    deletedParentAccounts: orphanUsers.length,
    keptParentAccounts: links.length - orphanUsers.length,
  };
}

/**
 * The overview cards: totals, admissions in the school's current month, the average class size (students
 * divided by classes, rounded) and each class's count. One round trip after the school's today.
 */
export async function studentStats(ctx: TenantContext) {
  const { db } = ctx;
  const month = (await ctx.today()).slice(0, 7);
  const { academicYear } = await ctx.school();
  const [[totals], perClass] = await db.batch([
    studentTotals(ctx, month),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        capacity: classes.capacity,
        students:
          sql<number>`(select count(*) from ${students} s where s.class_id = ${outer(classes.id)} and s.school_id = ${outer(classes.schoolId)})`
            .mapWith(Number)
            .as('n_students'),
        active:
          sql<number>`(select count(*) from ${students} s where s.class_id = ${outer(classes.id)} and s.school_id = ${outer(classes.schoolId)} and s.status = 'active')`
            .mapWith(Number)
            .as('n_class_active'),
      })
      .from(classes)
      // This year's classes: last year's stay, with none of this year's students.
      .where(ctx.scoped(classes, eq(classes.academicYear, academicYear)))
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.name), asc(classes.section)),
  ]);
  return {
    month,
    total: totals.total,
    active: totals.active,
    inactive: totals.inactive,
    newThisMonth: totals.newThisMonth,
    unassigned: totals.unassigned,
    classCount: perClass.length,
    averageClassSize: perClass.length > 0 ? Math.round(totals.total / perClass.length) : 0,
    perClass: perClass.map((c) => ({
      classId: { _id: c.id, name: c.name, section: c.section },
      capacity: c.capacity,
      students: c.students,
      active: c.active,
    })),
  };
}
