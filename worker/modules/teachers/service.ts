import { asc, count, eq, or, sql } from 'drizzle-orm';
import { classes, subjects, subjectTeachers, teachers, users } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { classRefOf, contains, named, outer } from '../classes/refs';
import { orderedSubjects, type TeacherCreateInput, type TeacherListQuery, toTeacher } from './schemas';

export const EMAIL_TAKEN = 'A user with this email already exists';

/** Creates the teacher's sign-in account and profile in one atomic batch. */
export async function createTeacher(ctx: TenantContext, input: TeacherCreateInput) {
  const { db } = ctx;
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw new AppError(409, EMAIL_TAKEN);
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
  };
  const teacherRow = {
    id: teacherId,
    schoolId: ctx.schoolId,
    userId,
    department: 'Teaching',
    designation: input.designation ?? null,
    qualification: input.qualification ?? null,
    experienceYears: input.experience ?? 0,
    salaryMinor: (input.salary ?? 0) * 100,
    dateOfBirth: input.dateOfBirth ?? null,
    gender: input.gender ?? null,
    subjects: orderedSubjects(input.primarySubject, input.subjects),
    addressStreet: input.address?.street ?? null,
    addressCity: input.address?.city ?? null,
    addressState: input.address?.state ?? null,
    addressZip: input.address?.zipCode ?? null,
    joinedOn,
  };
  try {
    const [, [created]] = await db.batch([
      db.insert(users).values(userRow),
      db.insert(teachers).values(teacherRow).returning(),
      activity(ctx, 'create', 'teacher', teacherId, `Added teacher ${input.name}`),
    ]);
    return toTeacher(created, userRow);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** Teachers with the name, email and phone of their accounts (aliased: D1 batches key columns by name). */
function selectTeachers(ctx: TenantContext) {
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

type TeacherSelectRow = {
  teacher: typeof teachers.$inferSelect;
  name: string | null;
  email: string | null;
  phone: string | null;
};

const shapeTeacher = (row: TeacherSelectRow) =>
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

/** One teacher with the classes they are class teacher of and the subjects they teach (main or co-teacher). */
export async function getTeacher(ctx: TenantContext, teacherId: string) {
  const { db } = ctx;
  const [[row], classRows, subjectRows] = await db.batch([
    selectTeachers(ctx)
      .where(ctx.scoped(teachers, eq(teachers.id, teacherId)))
      .limit(1),
    db
      .select({ id: classes.id, name: classes.name, section: classes.section, academicYear: classes.academicYear })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.teacherId, teacherId)))
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
        ),
      )
      .orderBy(asc(subjects.name)),
  ]);
  if (!row) throw notFound('Teacher');
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
