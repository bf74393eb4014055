import { count, eq, ne, sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  assessments,
  attendanceRegisters,
  schedules,
  studentAttendance,
  subjects,
  subjectTeachers,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { teachersAudienceChanged } from '../../lib/audience';
import { classLabel } from '../../lib/class-name';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import { classLookup, coTeachersOf, subjectLookup, teacherLookup } from '../../lib/lookups';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { CLASH_MEANWHILE, clashGuard, clashOf, describe as describeSchedule, selectSchedules } from '../schedules';
import { categoryLookup } from './categories';
import { type SubjectCreateInput, type SubjectUpdateInput, toSubject } from './schemas';

export const DUPLICATE_SUBJECT = 'A subject with this name already exists in this class';
export const SUBJECT_HAS_ATTENDANCE = 'Attendance has been recorded for this subject; it cannot be deleted.';
export const SUBJECT_HAS_MARKS =
  'Marks have been recorded for this subject; delete its assessments before deleting it.';

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
  if (duplicate) throw new AppError(409, DUPLICATE_SUBJECT, { code: 'ALREADY_EXISTS' });
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
      pastYearWrite(ctx, klass.id, `added subject ${input.name}`),
    ]);
    await teachersAudienceChanged(ctx, { teacherIds: [teacher.id] });
    return toSubject({
      subject: row,
      className: klass.name,
      classSection: klass.section,
      teacherName: teacher.name,
      categoryName: category[0]?.name ?? null,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_SUBJECT, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

type SlotRow = Parameters<typeof describeSchedule>[0];

/** Refuses (409) when a slot moving to `teacher` overlaps one of their other slots of the same term. */
function assertTeacherFree(moving: SlotRow[], teacherSlots: SlotRow[], teacher: { id: string; name: string | null }) {
  for (const m of moving) {
    const slot = { ...describeSchedule(m), teacherId: teacher.id, teacherName: teacher.name ?? '' };
    const sameTerm = teacherSlots
      .filter(
        (row) => row.schedule.academicYear === m.schedule.academicYear && row.schedule.semester === m.schedule.semester,
      )
      .map(describeSchedule)
      .filter((other) => other.teacherId === slot.teacherId);
    const message = clashOf(slot, sameTerm);
    if (message) throw new AppError(409, message, { code: 'TIMETABLE_CLASH' });
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
  if (classId && duplicate[0]) throw new AppError(409, DUPLICATE_SUBJECT, { code: 'ALREADY_EXISTS' });

  if (classChanges && slots.length > 0) {
    const s = slots[0];
    const where = classLabel({ name: s.className ?? '', section: s.classSection ?? '' });
    throw new AppError(
      409,
      `This subject is on the timetable of ${where} (${slots.length} slot(s)); remove those slots before moving it to another class.`,
      { code: 'IN_USE' },
    );
  }

  const oldTeacherStays = current.teacherId ? coTeachers.some((c) => c.teacherId === current.teacherId) : true;
  const moving =
    teacherChanges && !oldTeacherStays ? slots.filter((s) => s.schedule.teacherId === current.teacherId) : [];
  if (moving.length > 0 && !teacherId) {
    throw new AppError(
      409,
      `This subject has ${moving.length} timetable slot(s) with ${moving[0].teacherName}; assign another teacher or remove those slots first.`,
      { code: 'IN_USE' },
    );
  }
  if (moving.length > 0 && teacher[0]) assertTeacherFree(moving, newTeacherSlots, teacher[0]);

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
    pastYearWrite(ctx, current.classId, `updated subject ${name}`),
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
          clashGuard(
            ctx,
            moving.map((m) => m.schedule.id),
            { teacherOnly: true, otherThanSubject: current.id },
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
    if (classChanges || teacherChanges) {
      const coTeacherIds = classChanges ? coTeachers.map((c) => c.teacherId) : [];
      await teachersAudienceChanged(ctx, { teacherIds: [current.teacherId, teacherId, ...coTeacherIds] });
    }
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
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_SUBJECT, { code: 'ALREADY_EXISTS' });
    // The new teacher was given a lesson at one of these times meanwhile: checking again names it.
    if (refusalOf(error, 'timetable-clash') && teacher[0]) {
      const taken = await selectSchedules(ctx).where(
        ctx.scoped(schedules, eq(schedules.teacherId, teacher[0].id), ne(schedules.subjectId, current.id)),
      );
      assertTeacherFree(moving, taken, teacher[0]);
      throw new AppError(409, CLASH_MEANWHILE, { code: 'TIMETABLE_CLASH' });
    }
    throw error;
  }
}

export async function deleteSubject(ctx: TenantContext, subjectId: string) {
  const { db } = ctx;
  const [[subject], [marks], [slots], coTeachers, [assessed]] = await db.batch([
    subjectLookup(ctx, subjectId),
    db
      .select({ n: count() })
      .from(studentAttendance)
      .where(ctx.scoped(studentAttendance, eq(studentAttendance.subjectId, subjectId))),
    db
      .select({ n: count() })
      .from(schedules)
      .where(ctx.scoped(schedules, eq(schedules.subjectId, subjectId))),
    coTeachersOf(ctx, subjectId),
    db
      .select({ id: assessments.id })
      .from(assessments)
      .where(ctx.scoped(assessments, eq(assessments.subjectId, subjectId)))
      .limit(1),
  ]);
  if (!subject) throw notFound('Subject');
  if (marks.n > 0) throw new AppError(409, SUBJECT_HAS_ATTENDANCE, { code: 'IN_USE' });
  if (assessed) throw new AppError(409, SUBJECT_HAS_MARKS, { code: 'IN_USE' });
  await db
    .batch([
      // Registers and assessments go with a deleted subject: one saved after the read above stops the delete.
      refuseIf(
        db,
        'subject-in-use',
        sql`select 'attendance' as detail from (select 1 from ${attendanceRegisters} where ${ctx.scoped(attendanceRegisters, eq(attendanceRegisters.subjectId, subject.id))} limit 1)
          union all select 'marks' from (select 1 from ${assessments} where ${ctx.scoped(assessments, eq(assessments.subjectId, subject.id))} limit 1)`,
      ),
      db.delete(schedules).where(ctx.scoped(schedules, eq(schedules.subjectId, subject.id))),
      db.delete(subjectTeachers).where(ctx.scoped(subjectTeachers, eq(subjectTeachers.subjectId, subject.id))),
      db.delete(subjects).where(ctx.scoped(subjects, eq(subjects.id, subject.id))),
      activity(
        ctx,
        'delete',
        'subject',
        subject.id,
        `Deleted subject ${subject.name} (${slots.n} schedule(s) removed)`,
      ),
    ])
    .catch((error) => {
      const refusal = refusalOf(error, 'subject-in-use');
      if (!refusal) throw error;
      throw new AppError(409, refusal.detail === 'marks' ? SUBJECT_HAS_MARKS : SUBJECT_HAS_ATTENDANCE, {
        code: 'IN_USE',
      });
    });
  if (subject.classId) {
    await teachersAudienceChanged(ctx, { teacherIds: [subject.teacherId, ...coTeachers.map((c) => c.teacherId)] });
  }
  return { _id: subject.id, schedulesRemoved: slots.n };
}
