import { asc, count, desc, eq, isNull, or, type SQL, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  assessments,
  attendanceRegisters,
  classes,
  feeStructures,
  importantDateClasses,
  schedules,
  studentAttendance,
  students,
  subjects,
  teachers,
  users,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { contains, named, outer } from '../../db/sql';
import { activity } from '../../lib/activity';
import { teachersAudienceChanged } from '../../lib/audience';
import { capacityGuard } from '../../lib/capacity-guard';
import { readableClass } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { classLookup, teacherLookup } from '../../lib/lookups';
import { offsetOf } from '../../lib/paging';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { type ClassCreateInput, type ClassListQuery, type ClassRow, type ClassUpdateInput, toClass } from './schemas';

export const DUPLICATE_CLASS = 'A class with this name and section already exists for this academic year';
export const CLASS_HAS_ATTENDANCE = 'Attendance has been recorded for this class; it cannot be deleted.';
export const CLASS_HAS_FEES = 'Fees have been set up for this class; remove its fee structures before deleting it.';
export const CLASS_HAS_MARKS = 'Marks have been recorded for this class; delete its assessments before deleting it.';
const classHasStudents = (n: number | string) =>
  `This class still has ${n} student(s). Move or remove them before deleting the class.`;

/**
 * What a class's deletion would take with it: its students, registers, assessments or fee structures. Checked
 * before the delete in its batch, so a register or an enrolment landing after the read still stops it.
 */
function classInUse(ctx: TenantContext, classId: string) {
  const { db } = ctx;
  return refuseIf(
    db,
    'class-in-use',
    sql`select 'students-' || n as detail from (select count(*) as n from ${students} where ${ctx.scoped(students, eq(students.classId, classId))}) where n > 0
      union all select 'attendance' from (select 1 from ${attendanceRegisters} where ${ctx.scoped(attendanceRegisters, eq(attendanceRegisters.classId, classId))} limit 1)
      union all select 'marks' from (select 1 from ${assessments} where ${ctx.scoped(assessments, eq(assessments.classId, classId))} limit 1)
      union all select 'fees' from (select 1 from ${feeStructures} where ${ctx.scoped(feeStructures, eq(feeStructures.classId, classId))} limit 1)`,
  );
}

/** The refusal a class's use gives, by what `classInUse` found. */
function inUseError(detail: string) {
  if (detail.startsWith('students-')) return new AppError(409, classHasStudents(detail.slice(9)), { code: 'IN_USE' });
  const message =
    detail === 'attendance' ? CLASS_HAS_ATTENDANCE : detail === 'marks' ? CLASS_HAS_MARKS : CLASS_HAS_FEES;
  return new AppError(409, message, { code: 'IN_USE' });
}

/** Classes with the class teacher's name and the counts of students and subjects. */
function selectClasses(ctx: TenantContext) {
  return ctx.db
    .select({
      klass: classes,
      teacherName: named(users.name, 'teacher_name'),
      studentCount:
        sql<number>`(select count(*) from ${students} st where st.class_id = ${outer(classes.id)} and st.school_id = ${outer(classes.schoolId)})`
          .mapWith(Number)
          .as('student_count'),
      subjectCount:
        sql<number>`(select count(*) from ${subjects} su where su.class_id = ${outer(classes.id)} and su.school_id = ${outer(classes.schoolId)})`
          .mapWith(Number)
          .as('subject_count'),
    })
    .from(classes)
    .leftJoin(teachers, eq(teachers.id, classes.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId));
}

const classOrder = [desc(classes.academicYear), sql`cast(${classes.name} as integer)`, asc(classes.section)] as const;

async function yearCondition(ctx: TenantContext, academicYear: string | undefined): Promise<SQL | undefined> {
  if (academicYear === 'all') return undefined;
  return eq(classes.academicYear, academicYear ?? (await ctx.school()).academicYear);
}

export async function listClasses(ctx: TenantContext, query: ClassListQuery) {
  const where = ctx.scoped(
    classes,
    await yearCondition(ctx, query.academicYear),
    query.name ? eq(classes.name, query.name) : undefined,
    query.teacherId ? eq(classes.teacherId, query.teacherId) : undefined,
    query.search
      ? or(
          contains(sql`${classes.name} || '-' || ${classes.section}`, query.search),
          contains(classes.section, query.search),
          contains(classes.room, query.search),
          contains(users.name, query.search),
        )
      : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectClasses(ctx)
      .where(where)
      .orderBy(...classOrder)
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db
      .select({ total: count() })
      .from(classes)
      .leftJoin(teachers, eq(teachers.id, classes.teacherId))
      .leftJoin(users, eq(users.id, teachers.userId))
      .where(where),
  ]);
  return { classes: rows.map(toClass), total };
}

async function classRow(ctx: TenantContext, classId: string): Promise<ClassRow> {
  const [row] = await selectClasses(ctx)
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
  if (!row) throw notFound('Class');
  return row;
}

/** A class the caller may read (teachers: the classes they teach). */
export async function getClass(ctx: TenantContext, classId: string) {
  await readableClass(ctx, classId);
  return toClass(await classRow(ctx, classId));
}

export async function createClass(ctx: TenantContext, input: ClassCreateInput) {
  const [school, [teacher]] = await Promise.all([ctx.school(), teacherLookup(ctx, input.teacherId)]);
  if (!teacher) throw notFound('Teacher');
  const id = newId();
  const academicYear = input.academicYear ?? school.academicYear;
  const label = classLabel(input);
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .insert(classes)
        .values({
          id,
          schoolId: ctx.schoolId,
          name: input.name,
          section: input.section,
          teacherId: teacher.id,
          capacity: input.capacity,
          room: input.room ?? null,
          academicYear,
        })
        .returning(),
      activity(ctx, 'create', 'class', id, `Added class ${label} (${academicYear})`),
    ]);
    await teachersAudienceChanged(ctx, { teacherIds: [teacher.id] });
    return toClass({ klass: row, teacherName: teacher.name, studentCount: 0, subjectCount: 0 });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_CLASS, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

const capacityBelowStudents = (students: number) =>
  new AppError(409, `Capacity cannot be less than the number of students in the class (${students})`, {
    code: 'CAPACITY_BELOW_STUDENTS',
  });

export async function updateClass(ctx: TenantContext, classId: string, input: ClassUpdateInput) {
  const [[current], teacher] = await ctx.db.batch([
    selectClasses(ctx)
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    teacherLookup(ctx, input.teacherId ?? ''),
  ]);
  if (!current) throw notFound('Class');
  if (input.teacherId && !teacher[0]) throw notFound('Teacher');
  if (input.capacity !== undefined && input.capacity < current.studentCount) {
    throw capacityBelowStudents(current.studentCount);
  }
  const changes: Partial<typeof classes.$inferInsert> = { updatedAt: ctx.now().toISOString() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.section !== undefined) changes.section = input.section;
  if (input.teacherId !== undefined) changes.teacherId = input.teacherId;
  if (input.capacity !== undefined) changes.capacity = input.capacity;
  if (input.room !== undefined) changes.room = input.room;
  if (input.academicYear !== undefined) changes.academicYear = input.academicYear;
  const label = classLabel({ name: input.name ?? current.klass.name, section: input.section ?? current.klass.section });
  try {
    const [[row]] = await ctx.db.batch([
      ctx.db
        .update(classes)
        .set(changes)
        .where(ctx.scoped(classes, eq(classes.id, current.klass.id)))
        .returning(),
      activity(ctx, 'update', 'class', current.klass.id, `Updated class ${label} (${Object.keys(input).join(', ')})`),
      pastYearWrite(ctx, current.klass.id, `updated class ${label}`),
      // A lowered capacity racing an enrolment: whichever lands second is refused.
      ...(input.capacity !== undefined ? [capacityGuard(ctx, [current.klass.id])] : []),
    ]);
    if (input.teacherId !== undefined && input.teacherId !== current.klass.teacherId) {
      await teachersAudienceChanged(ctx, { teacherIds: [current.klass.teacherId, input.teacherId] });
    }
    return toClass({
      klass: row,
      teacherName: input.teacherId ? (teacher[0]?.name ?? null) : current.teacherName,
      studentCount: current.studentCount,
      subjectCount: current.subjectCount,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_CLASS, { code: 'ALREADY_EXISTS' });
    const refusal = refusalOf(error, 'class-capacity');
    if (refusal) throw capacityBelowStudents(Number(refusal.detail.split('/')[0]));
    throw error;
  }
}

/**
 * Refused while students remain (they must be moved first), once attendance has been recorded for the class
 * (history would be lost) or while fees are set up for it (payments would go with them). Otherwise the class
 * goes with its timetable slots and its important-date scoping, and its subjects stay without a class.
 */
export async function deleteClass(ctx: TenantContext, classId: string) {
  const { db } = ctx;
  const [[current], [registers], [fees], [slots], [scoped], [subjectRows], [marked]] = await db.batch([
    selectClasses(ctx)
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.classId, classId))),
    db
      .select({ n: count() })
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, eq(feeStructures.classId, classId))),
    db
      .select({ n: count() })
      .from(schedules)
      .where(ctx.scoped(schedules, eq(schedules.classId, classId))),
    db
      .select({ n: count() })
      .from(importantDateClasses)
      .where(ctx.scoped(importantDateClasses, eq(importantDateClasses.classId, classId))),
    db
      .select({ n: count() })
      .from(subjects)
      .where(ctx.scoped(subjects, eq(subjects.classId, classId))),
    db
      .select({ n: count() })
      .from(assessments)
      .where(ctx.scoped(assessments, eq(assessments.classId, classId))),
  ]);
  if (!current) throw notFound('Class');
  if (current.studentCount > 0) {
    throw new AppError(409, classHasStudents(current.studentCount), { code: 'IN_USE' });
  }
  if (registers.n > 0) throw new AppError(409, CLASS_HAS_ATTENDANCE, { code: 'IN_USE' });
  if (marked.n > 0) throw new AppError(409, CLASS_HAS_MARKS, { code: 'IN_USE' });
  if (fees.n > 0) throw new AppError(409, CLASS_HAS_FEES, { code: 'IN_USE' });
  const label = classLabel(current.klass);
  const now = ctx.now().toISOString();
  await db
    .batch([
      classInUse(ctx, current.klass.id),
      db.delete(schedules).where(ctx.scoped(schedules, eq(schedules.classId, current.klass.id))),
      db
        .delete(importantDateClasses)
        .where(ctx.scoped(importantDateClasses, eq(importantDateClasses.classId, current.klass.id))),
      db
        .update(subjects)
        .set({ classId: null, updatedAt: now })
        .where(ctx.scoped(subjects, eq(subjects.classId, current.klass.id))),
      db.delete(classes).where(ctx.scoped(classes, eq(classes.id, current.klass.id))),
      activity(
        ctx,
        'delete',
        'class',
        current.klass.id,
        `Deleted class ${label} (${current.klass.academicYear}); ${slots.n} schedule(s) removed, ${subjectRows.n} subject(s) unassigned`,
      ),
    ])
    .catch((error) => {
      const refusal = refusalOf(error, 'class-in-use');
      throw refusal ? inUseError(refusal.detail) : error;
    });
  const parts = [
    slots.n > 0 ? `${slots.n} schedule(s) removed.` : '',
    subjectRows.n > 0 ? `${subjectRows.n} subject(s) left without a class.` : '',
    scoped.n > 0 ? `${scoped.n} important date(s) no longer list it.` : '',
  ].filter(Boolean);
  return {
    message: parts.length ? `Class deleted successfully. ${parts.join(' ')}` : 'Class deleted successfully',
    data: {
      _id: current.klass.id,
      schedulesRemoved: slots.n,
      subjectsUnassigned: subjectRows.n,
      importantDatesUnlinked: scoped.n,
    },
  };
}

/** The class teacher with contact details, or null. */
export async function classTeacher(ctx: TenantContext, classId: string) {
  await readableClass(ctx, classId);
  const [row] = await ctx.db
    .select({
      id: teachers.id,
      name: named(users.name, 'teacher_name'),
      email: named(users.email, 'teacher_email'),
      phone: named(users.phone, 'teacher_phone'),
      department: teachers.department,
      designation: teachers.designation,
      isActive: teachers.isActive,
    })
    .from(classes)
    .innerJoin(teachers, eq(teachers.id, classes.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scoped(classes, eq(classes.id, classId)))
    .limit(1);
  if (!row) return null;
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    department: row.department,
    designation: row.designation,
    isActive: row.isActive,
  };
}

export async function assignClassTeacher(ctx: TenantContext, classId: string, teacherId: string) {
  const [[klass], [teacher]] = await ctx.db.batch([classLookup(ctx, classId), teacherLookup(ctx, teacherId)]);
  if (!klass) throw notFound('Class');
  if (!teacher) throw notFound('Teacher');
  await ctx.db.batch([
    ctx.db
      .update(classes)
      .set({ teacherId: teacher.id, updatedAt: ctx.now().toISOString() })
      .where(ctx.scoped(classes, eq(classes.id, klass.id))),
    activity(ctx, 'update', 'class', klass.id, `Assigned ${teacher.name} as class teacher of ${classLabel(klass)}`),
  ]);
  if (klass.teacherId !== teacher.id) await teachersAudienceChanged(ctx, { teacherIds: [klass.teacherId, teacher.id] });
  return toClass(await classRow(ctx, klass.id));
}

/** Capacity use per class for the year (default the current one; `all` for every year). */
export async function classStats(ctx: TenantContext, query: { academicYear?: string }) {
  const where = ctx.scoped(classes, await yearCondition(ctx, query.academicYear));
  const [rows, [unplaced]] = await ctx.db.batch([
    selectClasses(ctx)
      .where(where)
      .orderBy(...classOrder),
    ctx.db
      .select({ n: count() })
      .from(students)
      .where(ctx.scoped(students, isNull(students.classId), eq(students.status, 'active'))),
  ]);
  const totalStudents = rows.reduce((n, r) => n + r.studentCount, 0);
  const totalCapacity = rows.reduce((n, r) => n + r.klass.capacity, 0);
  const fill = (r: ClassRow) => r.studentCount / r.klass.capacity;
  const byGrade = new Map<string, { name: string; classes: number; students: number; capacity: number }>();
  for (const r of rows) {
    const grade = byGrade.get(r.klass.name) ?? { name: r.klass.name, classes: 0, students: 0, capacity: 0 };
    grade.classes += 1;
    grade.students += r.studentCount;
    grade.capacity += r.klass.capacity;
    byGrade.set(r.klass.name, grade);
  }
  return {
    academicYear: query.academicYear ?? (await ctx.school()).academicYear,
    totalClasses: rows.length,
    totalStudents,
    totalCapacity,
    averageClassSize: rows.length ? Math.round(totalStudents / rows.length) : 0,
    utilisation: totalCapacity ? Math.round((totalStudents / totalCapacity) * 1000) / 10 : 0,
    nearCapacity: rows.filter((r) => fill(r) >= 0.8 && fill(r) < 1).length,
    full: rows.filter((r) => fill(r) >= 1).length,
    classesWithoutTeacher: rows.filter((r) => !r.klass.teacherId).length,
    studentsWithoutClass: unplaced.n,
    byGrade: [...byGrade.values()].sort((a, b) => Number(a.name) - Number(b.name)),
  };
}
