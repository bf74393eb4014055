import { asc, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { writeAccounts } from '../../db/directory';
import { classes, schools, subjects, subjectTeachers, teachers, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { contains, named, outer } from '../../db/sql';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { ownTeacherLookup } from '../../lib/lookups';
import { offsetOf } from '../../lib/paging';
import { classRefOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import {
  orderedSubjects,
  type TeacherCreateInput,
  type TeacherListQuery,
  type TeacherUpdateInput,
  toTeacher,
} from './schemas';

export const EMAIL_TAKEN = 'A user with this email already exists';
/** Teachers may read only their own record: another teacher of the school answers 403, of another school 404. */
export const NOT_YOUR_PROFILE = 'Access denied. You can only view your own profile.';

/** Creates the teacher's sign-in account and profile in one atomic batch. */
export async function createTeacher(ctx: TenantContext, input: TeacherCreateInput) {
  const { db } = ctx;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
  const passwordHash = await ctx.hasher.hash(input.password);
  const joinedOn = await ctx.today();
  const userId = newId();
  const teacherId = newId();
  const userRow = {
    id: userId,
    schoolId: ctx.schoolId,
    role: 'teacher' as const,
    name: input.name,
    email: input.email,
    phone: input.phone,
    passwordHash,
    passwordChangeRequired: input.requirePasswordChange === true,
  };
  const teacherRow = {
    id: teacherId,
    schoolId: ctx.schoolId,
    userId,
    department: 'Teaching',
    designation: input.designation || null,
    qualification: input.qualification || null,
    experienceYears: input.experience ?? 0,
    salaryMinor: (input.salary ?? 0) * 100,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
    subjects: orderedSubjects(input.primarySubject, input.subjects),
    addressStreet: input.address?.street || null,
    addressCity: input.address?.city || null,
    addressState: input.address?.state || null,
    addressZip: input.address?.zipCode || null,
    joinedOn,
  };
  try {
    const [, [created]] = (await writeAccounts(ctx.directory, db, { schoolId: ctx.schoolId, claim: [input.email] }, [
      db.insert(users).values(userRow),
      db.insert(teachers).values(teacherRow).returning(),
      activity(ctx, 'create', 'teacher', teacherId, `Added teacher ${input.name}`),
    ])) as [unknown, (typeof teachers.$inferSelect)[]];
    return toTeacher(created, userRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
    throw error;
  }
}

/** Teachers with the name, email and phone of their accounts (aliased: D1 batches key columns by name). */
export function selectTeachers(ctx: TenantContext) {
  return ctx.db
    .select({
      teacher: teachers,
      name: named(users.name, 'teacher_name'),
      email: named(users.email, 'teacher_email'),
      phone: named(users.phone, 'teacher_phone'),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId));
}

export type TeacherSelectRow = {
  teacher: typeof teachers.$inferSelect;
  name: string | null;
  email: string | null;
  phone: string | null;
};

export const shapeTeacher = (row: TeacherSelectRow) =>
  toTeacher(row.teacher, { name: row.name ?? '', email: row.email ?? '', phone: row.phone });

/** Active and inactive teachers of the school; `search` matches name, email, phone or designation. */
export async function listTeachers(ctx: TenantContext, query: TeacherListQuery) {
  const where = ctx.scoped(
    teachers,
    query.isActive === undefined ? undefined : eq(teachers.isActive, query.isActive),
    query.search
      ? or(
          contains(users.name, query.search),
          contains(users.email, query.search),
          contains(users.phone, query.search),
          contains(teachers.designation, query.search),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectTeachers(ctx)
      .where(where)
      .orderBy(asc(users.name), asc(teachers.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(teachers).innerJoin(users, eq(users.id, teachers.userId)).where(where),
  ]);
  return { teachers: rows.map(shapeTeacher), total };
}

/**
 * One teacher with the classes they are class teacher of and the subjects they teach (main or co-teacher).
 * A signed-in teacher may read only their own record.
 */
export async function getTeacher(ctx: TenantContext, teacherId: string) {
  const { db } = ctx;
  // What they teach this year: last year's classes keep their subjects, and a teacher no longer writes to them.
  const thisYear = sql`(select ${schools.academicYear} from ${schools} where ${schools.id} = ${ctx.schoolId})`;
  const [own, [row], classRows, subjectRows] = await db.batch([
    ownTeacherLookup(ctx),
    selectTeachers(ctx)
      .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
      .limit(1),
    db
      .select({ id: classes.id, name: classes.name, section: classes.section, academicYear: classes.academicYear })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.teacherId, teacherId), eq(classes.academicYear, thisYear)))
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.section)),
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        code: subjects.code,
        classId: subjects.classId,
        className: named(classes.name, 'class_name'),
        classSection: named(classes.section, 'class_section'),
        main: sql<number>`${subjects.teacherId} = ${teacherId}`.mapWith(Number).as('is_main'),
      })
      .from(subjects)
      .leftJoin(classes, eq(classes.id, subjects.classId))
      .where(
        ctx.scoped(
          subjects,
          or(
            eq(subjects.teacherId, teacherId),
            sql`exists (select 1 from ${subjectTeachers} st where st.subject_id = ${outer(subjects.id)} and st.teacher_id = ${teacherId})`,
          ),
          or(isNull(subjects.classId), eq(classes.academicYear, thisYear)),
        ),
      )
      .orderBy(asc(subjects.name)),
  ]);
  if (!row) throw notFound('Teacher');
  if (ctx.session.role !== 'school_admin' && own[0]?.id !== row.teacher.id) throw new AppError(403, NOT_YOUR_PROFILE);
  return {
    ...shapeTeacher(row),
    assignedClasses: classRows.map((c) => ({
      _id: c.id,
      name: c.name,
      section: c.section,
      academicYear: c.academicYear,
    })),
    assignedSubjects: subjectRows.map((s) => ({
      _id: s.id,
      name: s.name,
      code: s.code,
      classId: classRefOf(s.classId, s.className, s.classSection),
      role: s.main ? ('main' as const) : ('co-teacher' as const),
    })),
  };
}

async function existingTeacher(ctx: TenantContext, teacherId: string) {
  const [row] = await selectTeachers(ctx)
    .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
    .limit(1);
  if (!row) throw notFound('Teacher');
  return row;
}

const blankToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

/**
 * Changes a teacher's account and profile in one batch. The email stays unique across the platform; a new
 * password or `isActive: false` bumps the account's token version, so every session issued before ends.
 */
export async function updateTeacher(ctx: TenantContext, teacherId: string, input: TeacherUpdateInput) {
  const { db } = ctx;
  const [[row], taken] = await db.batch([
    selectTeachers(ctx)
      .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
      .limit(1),
    db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, input.email ?? ''))
      .limit(1),
  ]);
  if (!row) throw notFound('Teacher');
  if (input.email && taken[0] && taken[0].id !== row.teacher.userId)
    throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
  const now = ctx.now().toISOString();
  const revoke = Boolean(input.password) || input.isActive === false;
  const userSet: SQLiteUpdateSetSource<typeof users> = { updatedAt: now };
  if (input.name !== undefined) userSet.name = input.name;
  if (input.email !== undefined) userSet.email = input.email;
  if (input.phone !== undefined) userSet.phone = input.phone;
  if (input.isActive !== undefined) userSet.isActive = input.isActive;
  if (input.password) {
    userSet.passwordHash = await ctx.hasher.hash(input.password);
    userSet.passwordChangeRequired = input.requirePasswordChange === true;
  }
  if (revoke) userSet.tokenVersion = sql`${users.tokenVersion} + 1`;

  const current = row.teacher;
  const teacherSet: Partial<typeof teachers.$inferInsert> = { updatedAt: now };
  if (input.dateOfBirth !== undefined) teacherSet.dateOfBirth = input.dateOfBirth;
  if (input.gender !== undefined) teacherSet.gender = input.gender;
  if (input.designation !== undefined) teacherSet.designation = input.designation;
  if (input.qualification !== undefined) teacherSet.qualification = input.qualification;
  if (input.experience !== undefined) teacherSet.experienceYears = input.experience;
  if (input.salary !== undefined) teacherSet.salaryMinor = input.salary * 100;
  if (input.isActive !== undefined) teacherSet.isActive = input.isActive;
  if (input.primarySubject !== undefined || input.subjects !== undefined) {
    teacherSet.subjects = orderedSubjects(input.primarySubject, input.subjects ?? current.subjects);
  }
  if (input.address) {
    const a = input.address;
    if (a.street !== undefined) teacherSet.addressStreet = blankToNull(a.street);
    if (a.city !== undefined) teacherSet.addressCity = blankToNull(a.city);
    if (a.state !== undefined) teacherSet.addressState = blankToNull(a.state);
    if (a.zipCode !== undefined) teacherSet.addressZip = blankToNull(a.zipCode);
  }
  const name = input.name ?? row.name ?? '';
  const fields = Object.keys(input).filter((key) => key !== 'password');
  const summary = `Updated teacher ${name} (${[...fields, ...(input.password ? ['password'] : [])].join(', ')})`;
  try {
    const email = input.email !== undefined && input.email !== row.email ? input.email : null;
    const emails = email ? { schoolId: ctx.schoolId, claim: [email], release: row.email ? [row.email] : [] } : null;
    const statements = [
      db
        .update(users)
        .set(userSet)
        .where(ctx.scoped(users, eq(users.id, current.userId)))
        .returning({ name: users.name, email: users.email, phone: users.phone }),
      db
        .update(teachers)
        .set(teacherSet)
        .where(ctx.scoped(teachers, eq(teachers.id, current.id)))
        .returning(),
      activity(ctx, 'update', 'teacher', current.id, summary),
    ] as const;
    const [[account], [profile]] = (
      emails ? await writeAccounts(ctx.directory, db, emails, statements) : await db.batch(statements)
    ) as [{ name: string; email: string; phone: string | null }[], (typeof teachers.$inferSelect)[]];
    if (revoke) await ctx.publish(ctx.schoolId, { type: 'sessions_ended', data: { userIds: [current.userId] } });
    return toTeacher(profile, account);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN, { code: 'EMAIL_TAKEN' });
    throw error;
  }
}

/**
 * `DELETE /api/teachers/:id` deactivates: the profile and the account become inactive and the token version is
 * bumped in one batch, so the teacher can no longer sign in and open sessions end. Everything else stays:
 * attendance, timetable, class and subject assignments, documents. `PUT { isActive: true }` reactivates.
 */
export async function deactivateTeacher(ctx: TenantContext, teacherId: string) {
  const { db } = ctx;
  const row = await existingTeacher(ctx, teacherId);
  const now = ctx.now().toISOString();
  await db.batch([
    db
      .update(teachers)
      .set({ isActive: false, updatedAt: now })
      .where(ctx.scoped(teachers, eq(teachers.id, row.teacher.id))),
    db
      .update(users)
      .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
      .where(ctx.scoped(users, eq(users.id, row.teacher.userId))),
    activity(ctx, 'delete', 'teacher', row.teacher.id, `Deactivated teacher ${row.name ?? ''}`.trim()),
  ]);
  await ctx.publish(ctx.schoolId, { type: 'sessions_ended', data: { userIds: [row.teacher.userId] } });
  return shapeTeacher({ ...row, teacher: { ...row.teacher, isActive: false, updatedAt: now } });
}
