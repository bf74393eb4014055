import { asc, count, eq, isNull, ne, or, type SQL, sql, sum } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import type { Database } from '../../db/database';
import {
  classes,
  schedules,
  studentAttendance,
  subjectCategories,
  subjects,
  subjectTeachers,
  subjectTypes,
  teachers,
  users,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import {
  classLabel,
  classLookup,
  contains,
  coTeachersOf,
  named,
  outer,
  subjectLookup,
  teacherLookup,
} from '../classes/refs';
import { clashOf, describe as describeSchedule, selectSchedules } from '../schedules/slots';
import { categoryLookup } from './categories';
import { type SubjectCreateInput, type SubjectListQuery, type SubjectUpdateInput, toSubject } from './schemas';

export const DUPLICATE_SUBJECT = 'A subject with this name already exists in this class';
export const SUBJECT_HAS_ATTENDANCE = 'Attendance has been recorded for this subject; it cannot be deleted.';

/** Subjects with class, main teacher and category populated (joined names aliased, see `named`). */
export function selectSubjects(db: Database) {
  return db
    .select({
      subject: subjects,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      teacherName: named(users.name, 'teacher_name'),
      categoryName: named(subjectCategories.name, 'category_name'),
    })
    .from(subjects)
    .leftJoin(classes, eq(classes.id, subjects.classId))
    .leftJoin(teachers, eq(teachers.id, subjects.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .leftJoin(subjectCategories, eq(subjectCategories.id, subjects.categoryId));
}

const subjectOrder = [asc(subjects.name), sql`cast(${classes.name} as integer)`, asc(classes.section)] as const;

async function pagedSubjects(
  ctx: TenantContext,
  where: SQL,
  paging: { page: number; limit: number },
): Promise<{ subjects: ReturnType<typeof toSubject>[]; total: number }> {
  const [rows, [{ total }]] = await ctx.db.batch([
    selectSubjects(ctx.db)
      .where(where)
      .orderBy(...subjectOrder)
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    ctx.db.select({ total: count() }).from(subjects).where(where),
  ]);
  return { subjects: rows.map(toSubject), total };
}

/** Main teacher or co-teacher. */
function taughtBy(teacherId: string): SQL {
  return or(
    eq(subjects.teacherId, teacherId),
    sql`exists (select 1 from ${subjectTeachers} st where st.subject_id = ${outer(subjects.id)} and st.teacher_id = ${teacherId})`,
  ) as SQL;
}

export async function listSubjects(ctx: TenantContext, query: SubjectListQuery) {
  const where = ctx.scoped(
    subjects,
    query.classId ? eq(subjects.classId, query.classId) : undefined,
    query.teacherId ? taughtBy(query.teacherId) : undefined,
    query.categoryId ? eq(subjects.categoryId, query.categoryId) : undefined,
    query.type ? eq(subjects.type, query.type) : undefined,
    query.search ? or(contains(subjects.name, query.search), contains(subjects.code, query.search)) : undefined,
  );
  return pagedSubjects(ctx, where, query);
}

export async function unassignedSubjects(ctx: TenantContext, paging: { page: number; limit: number }) {
  return pagedSubjects(ctx, ctx.scoped(subjects, or(isNull(subjects.classId), isNull(subjects.teacherId))), paging);
}

/** The subjects of one class (any number: a class has a bounded curriculum). */
export async function subjectsOfClass(ctx: TenantContext, classId: string) {
  const rows = await selectSubjects(ctx.db)
    .where(ctx.scoped(subjects, eq(subjects.classId, classId)))
    .orderBy(...subjectOrder);
  return rows.map(toSubject);
}

export async function getSubject(ctx: TenantContext, subjectId: string) {
  const [row] = await selectSubjects(ctx.db)
    .where(ctx.scoped(subjects, eq(subjects.id, subjectId)))
    .limit(1);
  if (!row) throw notFound('Subject');
  return toSubject(row);
}

/** Another subject of that name (any case) in that class. */
function sameNameLookup(ctx: TenantContext, classId: string, name: string, exceptId?: string) {
  return ctx.db
    .select({ id: subjects.id })
    .from(subjects)
    .where(
      ctx.scoped(
        subjects,
        eq(subjects.classId, classId),
        sql`lower(${subjects.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(subjects.id, exceptId) : undefined,
      ),
    )
    .limit(1);
}

export async function createSubject(ctx: TenantContext, input: SubjectCreateInput) {
  const { db } = ctx;
  const [[klass], [teacher], category, [duplicate]] = await db.batch([
    classLookup(ctx, input.classId),
    teacherLookup(ctx, input.teacherId),
    categoryLookup(ctx, input.categoryId ?? ''),
    sameNameLookup(ctx, input.classId, input.name),
  ]);
  if (!klass) throw notFound('Class');
  if (!teacher) throw notFound('Teacher');
  if (input.categoryId && !category[0]) throw notFound('Category');
  if (duplicate) throw new AppError(409, DUPLICATE_SUBJECT);
  const id = newId();
  try {
    const [[row]] = await db.batch([
      db
        .insert(subjects)
        .values({
          id,
          schoolId: ctx.schoolId,
          name: input.name,
          code: input.code ?? null,
          description: input.description ?? null,
          classId: klass.id,
          teacherId: teacher.id,
          categoryId: input.categoryId ?? null,
          credits: input.credits,
          type: input.type,
        })
        .returning(),
      activity(ctx, 'create', 'subject', id, `Added subject ${input.name} to class ${classLabel(klass)}`),
    ]);
    return toSubject({
      subject: row,
      className: klass.name,
      classSection: klass.section,
      teacherName: teacher.name,
      categoryName: category[0]?.name ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_SUBJECT);
    throw error;
  }
}

/**
 * Every change of a subject goes through here (edit, assign teacher, assign or remove class), so the rules hold
 * everywhere:
 * - a subject on the timetable cannot move to another class (its slots belong to the old one): 409;
 * - a new main teacher takes over the slots of the old one (unless the old one stays as co-teacher), after a
 *   clash check of the new teacher's week; leaving a subject with slots without a teacher is refused.
 */
export async function changeSubject(ctx: TenantContext, subjectId: string, input: Partial<SubjectUpdateInput>) {
  const { db } = ctx;
  const [current] = await subjectLookup(ctx, subjectId);
  if (!current) throw notFound('Subject');
  const classId = input.classId === undefined ? current.classId : input.classId;
  const teacherId = input.teacherId === undefined ? current.teacherId : input.teacherId;
  const categoryId = input.categoryId === undefined ? current.categoryId : input.categoryId;
  const name = input.name ?? current.name;
  const classChanges = classId !== current.classId;
  const teacherChanges = teacherId !== current.teacherId;
  const [klass, teacher, category, duplicate, coTeachers, slots, newTeacherSlots] = await db.batch([
    classLookup(ctx, classId ?? ''),
    teacherLookup(ctx, teacherId ?? ''),
    categoryLookup(ctx, categoryId ?? ''),
    sameNameLookup(ctx, classId ?? '', name, current.id),
    coTeachersOf(ctx, current.id),
    selectSchedules(ctx).where(ctx.scoped(schedules, eq(schedules.subjectId, current.id))),
    selectSchedules(ctx).where(
      ctx.scoped(
        schedules,
        eq(schedules.teacherId, teacherChanges ? (teacherId ?? '') : ''),
        ne(schedules.subjectId, current.id),
      ),
    ),
  ]);
  if (classId && !klass[0]) throw notFound('Class');
  if (teacherId && !teacher[0]) throw notFound('Teacher');
  if (input.categoryId && !category[0]) throw notFound('Category');
  if (classId && duplicate[0]) throw new AppError(409, DUPLICATE_SUBJECT);

  if (classChanges && slots.length > 0) {
    const s = slots[0];
    const where = classLabel({ name: s.className ?? '', section: s.classSection ?? '' });
    throw new AppError(
      409,
      `This subject is on the timetable of ${where} (${slots.length} slot(s)); remove those slots before moving it to another class.`,
    );
  }

  const oldTeacherStays = current.teacherId ? coTeachers.some((c) => c.teacherId === current.teacherId) : true;
  const moving =
    teacherChanges && !oldTeacherStays ? slots.filter((s) => s.schedule.teacherId === current.teacherId) : [];
  if (moving.length > 0 && !teacherId) {
    throw new AppError(
      409,
      `This subject has ${moving.length} timetable slot(s) with ${moving[0].teacherName}; assign another teacher or remove those slots first.`,
    );
  }
  if (moving.length > 0 && teacher[0]) {
    const taken = newTeacherSlots.map((row) => ({ row, slot: describeSchedule(row) }));
    for (const m of moving) {
      const slot = { ...describeSchedule(m), teacherId: teacher[0].id, teacherName: teacher[0].name ?? '' };
      const sameTerm = taken
        .filter(
          ({ row }) =>
            row.schedule.academicYear === m.schedule.academicYear && row.schedule.semester === m.schedule.semester,
        )
        .map(({ slot: other }) => other)
        .filter((other) => other.teacherId === slot.teacherId);
      const message = clashOf(slot, sameTerm);
      if (message) throw new AppError(409, message);
    }
  }

  const changes: Partial<typeof subjects.$inferInsert> = { updatedAt: ctx.now().toISOString() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.code !== undefined) changes.code = input.code;
  if (input.description !== undefined) changes.description = input.description;
  if (input.credits !== undefined) changes.credits = input.credits;
  if (input.type !== undefined) changes.type = input.type;
  if (input.categoryId !== undefined) changes.categoryId = input.categoryId;
  if (classChanges) changes.classId = classId;
  if (teacherChanges) changes.teacherId = teacherId;

  const fields = Object.keys(input).join(', ') || 'no fields';
  const statements = [
    db
      .update(subjects)
      .set(changes)
      .where(ctx.scoped(subjects, eq(subjects.id, current.id)))
      .returning(),
    activity(ctx, 'update', 'subject', current.id, `Updated subject ${name} (${fields})`),
    ...(moving.length > 0 && teacherId
      ? [
          db
            .update(schedules)
            .set({ teacherId, updatedAt: ctx.now().toISOString() })
            .where(
              ctx.scoped(
                schedules,
                eq(schedules.subjectId, current.id),
                eq(schedules.teacherId, current.teacherId ?? ''),
              ),
            ),
        ]
      : []),
    // A co-teacher who becomes the main teacher is no longer listed twice.
    ...(teacherChanges && teacherId
      ? [
          db
            .delete(subjectTeachers)
            .where(
              ctx.scoped(
                subjectTeachers,
                eq(subjectTeachers.subjectId, current.id),
                eq(subjectTeachers.teacherId, teacherId),
              ),
            ),
        ]
      : []),
  ];
  try {
    const [[row]] = (await db.batch(statements as [(typeof statements)[0], ...typeof statements])) as [
      (typeof subjects.$inferSelect)[],
    ];
    return {
      subject: toSubject({
        subject: row,
        className: klass[0]?.name ?? null,
        classSection: klass[0]?.section ?? null,
        teacherName: teacher[0]?.name ?? null,
        categoryName: category[0]?.name ?? null,
      }),
      schedulesMoved: moving.length,
    };
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_SUBJECT);
    throw error;
  }
}

export async function deleteSubject(ctx: TenantContext, subjectId: string) {
  const { db } = ctx;
  const [[subject], [marks], [slots]] = await db.batch([
    subjectLookup(ctx, subjectId),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.subjectId, subjectId))),
    db
      .select({ n: count() })
      .from(schedules)
      .where(ctx.scoped(schedules, eq(schedules.subjectId, subjectId))),
  ]);
  if (!subject) throw notFound('Subject');
  if (marks.n > 0) throw new AppError(409, SUBJECT_HAS_ATTENDANCE);
  await db.batch([
    db.delete(schedules).where(ctx.scoped(schedules, eq(schedules.subjectId, subject.id))),
    db.delete(subjectTeachers).where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subject.id))),
    db.delete(subjects).where(ctx.scoped(subjects, eq(subjects.id, subject.id))),
    activity(ctx, 'delete', 'subject', subject.id, `Deleted subject ${subject.name} (${slots.n} schedule(s) removed)`),
  ]);
  return { _id: subject.id, schedulesRemoved: slots.n };
}

/** Assigns the given subjects of this school to a class (each through `changeSubject`'s rules). */
export async function assignSubjectsToClass(ctx: TenantContext, classId: string, subjectIds: string[]) {
  const { db } = ctx;
  const ids = [...new Set(subjectIds)];
  const [[klass], found, slotted, clashingNames] = await db.batch([
    classLookup(ctx, classId),
    db
      .select({ id: subjects.id, name: subjects.name, classId: subjects.classId })
      .from(subjects)
      .where(ctx.scoped(subjects, inJson(subjects.id, ids))),
    db
      .select({ subjectId: schedules.subjectId, n: count() })
      .from(schedules)
      .where(ctx.scoped(schedules, inJson(schedules.subjectId, ids), ne(schedules.classId, classId)))
      .groupBy(schedules.subjectId),
    db
      .select({ id: subjects.id, name: subjects.name })
      .from(subjects)
      .where(ctx.scoped(subjects, eq(subjects.classId, classId), sql`not (${inJson(subjects.id, ids)})`)),
  ]);
  if (!klass) throw notFound('Class');
  if (found.length !== ids.length) throw notFound('Subject');
  const moving = found.filter((s) => s.classId !== klass.id);
  const onTimetable = slotted.find((s) => moving.some((m) => m.id === s.subjectId));
  if (onTimetable) {
    const name = moving.find((m) => m.id === onTimetable.subjectId)?.name;
    throw new AppError(
      409,
      `${name} is on another class's timetable (${onTimetable.n} slot(s)); remove those slots before moving it to ${classLabel(klass)}.`,
    );
  }
  const taken = new Set(clashingNames.map((s) => s.name.toLowerCase()));
  const seen = new Set<string>();
  for (const s of found) {
    const key = s.name.toLowerCase();
    if (taken.has(key) || seen.has(key)) throw new AppError(409, `${DUPLICATE_SUBJECT}: ${s.name}`);
    seen.add(key);
  }
  if (moving.length > 0) {
    await db.batch([
      db
        .update(subjects)
        .set({ classId: klass.id, updatedAt: ctx.now().toISOString() })
        .where(
          ctx.scoped(
            subjects,
            inJson(
              subjects.id,
              moving.map((m) => m.id),
            ),
          ),
        ),
      activity(
        ctx,
        'update',
        'class',
        klass.id,
        `Assigned ${moving.length} subject(s) to class ${classLabel(klass)}: ${moving.map((m) => m.name).join(', ')}`,
      ),
    ]);
  }
  return { subjects: await subjectsOfClass(ctx, klass.id), assigned: moving.length };
}

/** The main teacher and the co-teachers of a subject. */
export async function subjectTeachersOf(ctx: TenantContext, subjectId: string) {
  const { db } = ctx;
  const teacherFields = {
    id: teachers.id,
    name: named(users.name, 'teacher_name'),
    email: named(users.email, 'teacher_email'),
    phone: named(users.phone, 'teacher_phone'),
    department: teachers.department,
    designation: teachers.designation,
    isActive: teachers.isActive,
  };
  const [[subject], main, co] = await db.batch([
    subjectLookup(ctx, subjectId),
    db
      .select(teacherFields)
      .from(subjects)
      .innerJoin(teachers, eq(teachers.id, subjects.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(subjects, eq(subjects.id, subjectId))),
    db
      .select(teacherFields)
      .from(subjectTeachers)
      .innerJoin(teachers, eq(teachers.id, subjectTeachers.teacherId))
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subjectId)))
      .orderBy(asc(users.name)),
  ]);
  if (!subject) throw notFound('Subject');
  const shape = (t: (typeof main)[number], role: 'main' | 'co-teacher') => ({
    _id: t.id,
    name: t.name,
    email: t.email,
    phone: t.phone,
    department: t.department,
    designation: t.designation,
    isActive: t.isActive,
    role,
  });
  return [...main.map((t) => shape(t, 'main')), ...co.map((t) => shape(t, 'co-teacher'))];
}

export async function addCoTeacher(ctx: TenantContext, subjectId: string, teacherId: string) {
  const { db } = ctx;
  const [[subject], [teacher], coTeachers] = await db.batch([
    subjectLookup(ctx, subjectId),
    teacherLookup(ctx, teacherId),
    coTeachersOf(ctx, subjectId),
  ]);
  if (!subject) throw notFound('Subject');
  if (!teacher) throw notFound('Teacher');
  if (subject.teacherId === teacher.id || coTeachers.some((c) => c.teacherId === teacher.id)) {
    throw new AppError(409, 'This teacher already teaches this subject');
  }
  await db.batch([
    db.insert(subjectTeachers).values({ schoolId: ctx.schoolId, subjectId: subject.id, teacherId: teacher.id }),
    activity(ctx, 'update', 'subject', subject.id, `Added ${teacher.name} as a teacher of ${subject.name}`),
  ]);
  return subjectTeachersOf(ctx, subject.id);
}

/** Subjects of a category given by id or by name (any case). */
export async function subjectsOfCategory(
  ctx: TenantContext,
  category: string,
  paging: { page: number; limit: number },
) {
  const [found] = await ctx.db
    .select({ id: subjectCategories.id, name: subjectCategories.name })
    .from(subjectCategories)
    .where(
      ctx.scoped(
        subjectCategories,
        or(eq(subjectCategories.id, category), sql`lower(${subjectCategories.name}) = ${category.toLowerCase()}`),
      ),
    )
    .orderBy(sql`${subjectCategories.id} = ${category} desc`)
    .limit(1);
  if (!found) throw notFound('Category');
  const result = await pagedSubjects(ctx, ctx.scoped(subjects, eq(subjects.categoryId, found.id)), paging);
  return { ...result, category: { _id: found.id, name: found.name } };
}

export async function subjectStats(ctx: TenantContext) {
  const { db } = ctx;
  const [byType, byCategory, [totals]] = await db.batch([
    db.select({ type: subjects.type, n: count() }).from(subjects).where(ctx.scoped(subjects)).groupBy(subjects.type),
    db
      .select({
        id: subjectCategories.id,
        name: subjectCategories.name,
        n: sql<number>`count(${subjects.id})`.mapWith(Number).as('subject_count'),
      })
      .from(subjectCategories)
      .leftJoin(subjects, eq(subjects.categoryId, subjectCategories.id))
      .where(ctx.scoped(subjectCategories))
      .groupBy(subjectCategories.id)
      .orderBy(asc(subjectCategories.name)),
    db
      .select({
        total: count(),
        credits: sum(subjects.credits).mapWith(Number),
        withoutClass: sql<number>`coalesce(sum(${subjects.classId} is null), 0)`.mapWith(Number).as('without_class'),
        withoutTeacher: sql<number>`coalesce(sum(${subjects.teacherId} is null), 0)`
          .mapWith(Number)
          .as('without_teacher'),
        unassigned: sql<number>`coalesce(sum(${subjects.classId} is null or ${subjects.teacherId} is null), 0)`
          .mapWith(Number)
          .as('unassigned'),
        uncategorised: sql<number>`coalesce(sum(${subjects.categoryId} is null), 0)`
          .mapWith(Number)
          .as('uncategorised'),
      })
      .from(subjects)
      .where(ctx.scoped(subjects)),
  ]);
  const types = Object.fromEntries(subjectTypes.map((type) => [type, 0])) as Record<
    (typeof subjectTypes)[number],
    number
  >;
  for (const row of byType) types[row.type] = row.n;
  return {
    total: totals.total,
    totalCredits: totals.credits ?? 0,
    byType: types,
    byCategory: byCategory.map((c) => ({ _id: c.id, name: c.name, count: c.n })),
    uncategorised: totals.uncategorised,
    unassigned: totals.unassigned,
    withoutClass: totals.withoutClass,
    withoutTeacher: totals.withoutTeacher,
  };
}
