import { eq, sql } from 'drizzle-orm';
import { inJson } from '../../db/bulk';
import { classes, schedules, subjects, subjectTeachers } from '../../db/schema';
import { activity } from '../../lib/activity';
import { teachersAudienceChanged } from '../../lib/audience';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { teacherLookup } from '../../lib/lookups';
import type { TenantContext } from '../../lib/tenancy';
import { clashOf, type Described, describe, selectSchedules } from '../schedules';
import { getTeacher } from './service';

export const TEACHER_INACTIVE =
  'This teacher is inactive; reactivate them before giving them classes, subjects or a timetable';

/** The school's teacher, active: 404 for a missing one (or another school's), 409 for an inactive one. */
export function activeTeacher<T extends { isActive: boolean }>(teacher: T | undefined): T {
  if (!teacher) throw notFound('Teacher');
  if (!teacher.isActive) throw new AppError(409, TEACHER_INACTIVE, { code: 'TEACHER_INACTIVE' });
  return teacher;
}

/**
 * `PUT /api/teachers/:id/assign-subjects`: the teacher becomes the main teacher of each listed subject (others
 * keep theirs). As when a subject's teacher is changed one at a time: the previous main teacher's timetable slots
 * of that subject move to this teacher (unless the previous one stays on as a co-teacher), refused with 409 when
 * a moved slot would clash with this teacher's week; a co-teacher who becomes main is no longer listed twice.
 */
export async function assignSubjectsToTeacher(ctx: TenantContext, teacherId: string, subjectIds: string[]) {
  const { db } = ctx;
  const ids = [...new Set(subjectIds)];
  const [[found], subjectRows, coRows, subjectSlots, teacherSlots] = await db.batch([
    teacherLookup(ctx, teacherId),
    db
      .select()
      .from(subjects)
      .where(ctx.scopedIds(subjects, subjects.id, ids)),
    db
      .select({ subjectId: subjectTeachers.subjectId, teacherId: subjectTeachers.teacherId })
      .from(subjectTeachers)
      .where(ctx.scoped(subjectTeachers, inJson(subjectTeachers.subjectId, ids))),
    selectSchedules(ctx).where(ctx.scoped(schedules, inJson(schedules.subjectId, ids))),
    selectSchedules(ctx).where(
      ctx.scoped(schedules, eq(schedules.teacherId, teacherId), sql`not (${inJson(schedules.subjectId, ids)})`),
    ),
  ]);
  const teacher = activeTeacher(found);
  if (subjectRows.length !== ids.length) throw notFound('Subject');

  const changing = subjectRows.filter((s) => s.teacherId !== teacher.id);
  const changingById = new Map(changing.map((s) => [s.id, s]));
  const moving = subjectSlots.filter((row) => {
    const subject = changingById.get(row.schedule.subjectId);
    if (!subject?.teacherId || row.schedule.teacherId !== subject.teacherId) return false;
    return !coRows.some((c) => c.subjectId === subject.id && c.teacherId === subject.teacherId);
  });

  // A moved slot must not overlap this teacher's week, nor another moved slot, in the same year and semester.
  const taken = [...teacherSlots, ...subjectSlots.filter((row) => row.schedule.teacherId === teacher.id)];
  const term = (row: (typeof taken)[number]) => `${row.schedule.academicYear}|${row.schedule.semester}`;
  const placed: { term: string; slot: Described }[] = taken.map((row) => ({ term: term(row), slot: describe(row) }));
  for (const row of moving) {
    const slot = { ...describe(row), teacherId: teacher.id, teacherName: teacher.name ?? '' };
    const others = placed.filter((p) => p.term === term(row)).map((p) => p.slot);
    const message = clashOf(slot, others);
    if (message) throw new AppError(409, message, { code: 'TIMETABLE_CLASH' });
    placed.push({ term: term(row), slot });
  }

  if (changing.length > 0) {
    const now = ctx.now().toISOString();
    const changingIds = changing.map((s) => s.id);
    const statements = [
      db
        .update(subjects)
        .set({ teacherId: teacher.id, updatedAt: now })
        .where(ctx.scopedIds(subjects, subjects.id, changingIds)),
      db
        .delete(subjectTeachers)
        .where(
          ctx.scoped(
            subjectTeachers,
            eq(subjectTeachers.teacherId, teacher.id),
            inJson(subjectTeachers.subjectId, changingIds),
          ),
        ),
      activity(
        ctx,
        'update',
        'teacher',
        teacher.id,
        `Made ${teacher.name} the teacher of ${changing.map((s) => s.name).join(', ')}` +
          (moving.length > 0 ? ` (${moving.length} timetable slot(s) moved)` : ''),
      ),
      ...(moving.length > 0
        ? [
            db
              .update(schedules)
              .set({ teacherId: teacher.id, updatedAt: now })
              .where(
                ctx.scoped(
                  schedules,
                  inJson(
                    schedules.id,
                    moving.map((row) => row.schedule.id),
                  ),
                ),
              ),
          ]
        : []),
    ];
    await db.batch(statements as [(typeof statements)[number], ...typeof statements]);
    await teachersAudienceChanged(ctx, { teacherIds: [teacher.id, ...changing.map((s) => s.teacherId)] });
  }
  return { teacher: await getTeacher(ctx, teacher.id), assigned: changing.length, schedulesMoved: moving.length };
}

/**
 * `PUT /api/teachers/:id/assign-classes`: the teacher becomes the class teacher of each listed class (a class has
 * one class teacher, so the previous one is replaced); classes not listed keep theirs.
 */
export async function assignClassesToTeacher(ctx: TenantContext, teacherId: string, classIds: string[]) {
  const { db } = ctx;
  const ids = [...new Set(classIds)];
  const [[found], classRows] = await db.batch([
    teacherLookup(ctx, teacherId),
    db
      .select({ id: classes.id, name: classes.name, section: classes.section, teacherId: classes.teacherId })
      .from(classes)
      .where(ctx.scopedIds(classes, classes.id, ids)),
  ]);
  const teacher = activeTeacher(found);
  if (classRows.length !== ids.length) throw notFound('Class');
  const changing = classRows.filter((c) => c.teacherId !== teacher.id);
  if (changing.length > 0) {
    await db.batch([
      db
        .update(classes)
        .set({ teacherId: teacher.id, updatedAt: ctx.now().toISOString() })
        .where(
          ctx.scoped(
            classes,
            inJson(
              classes.id,
              changing.map((c) => c.id),
            ),
          ),
        ),
      activity(
        ctx,
        'update',
        'teacher',
        teacher.id,
        `Made ${teacher.name} the class teacher of ${changing.map(classLabel).join(', ')}`,
      ),
    ]);
    await teachersAudienceChanged(ctx, { teacherIds: [teacher.id, ...changing.map((c) => c.teacherId)] });
  }
  return { teacher: await getTeacher(ctx, teacher.id), assigned: changing.length };
}
