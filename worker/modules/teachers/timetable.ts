import { inJson } from '../../db/bulk';
import { classes, subjects, subjectTeachers } from '../../db/schema';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import { teacherLookup } from '../../lib/lookups';
import type { TenantContext } from '../../lib/tenancy';
import { type Described, describeRequested, writeWeek } from '../schedules';
import { activeTeacher } from './assignments';
import type { TeacherSlot } from './schemas';

/**
 * `PUT /api/teachers/:id/schedule`: replaces the teacher's weekly slots of the school's current year and semester
 * in one batch, with the rules of a class timetable: each class and subject of this school, the subject belongs
 * to that class and this teacher teaches it (main or co-teacher), and no slot clashes with another teacher's
 * slot of the same class or room, nor with another slot of the request. An empty list clears the week.
 */
export async function replaceTeacherTimetable(ctx: TenantContext, teacherId: string, slots: TeacherSlot[]) {
  const { db } = ctx;
  const classIds = [...new Set(slots.map((s) => s.classId))];
  const subjectIds = [...new Set(slots.map((s) => s.subjectId))];
  const [school, [[found], classRows, subjectRows, coRows]] = await Promise.all([
    ctx.school(),
    db.batch([
      teacherLookup(ctx, teacherId),
      db
        .select()
        .from(classes)
        .where(ctx.scopedIds(classes, classes.id, classIds)),
      db
        .select()
        .from(subjects)
        .where(ctx.scopedIds(subjects, subjects.id, subjectIds)),
      db
        .select({ subjectId: subjectTeachers.subjectId, teacherId: subjectTeachers.teacherId })
        .from(subjectTeachers)
        .where(ctx.scoped(subjectTeachers, inJson(subjectTeachers.subjectId, subjectIds))),
    ]),
  ]);
  const teacher = slots.length > 0 ? activeTeacher(found) : found;
  if (!teacher) throw notFound('Teacher');
  const strays = slots.flatMap((slot, index) =>
    slot.teacherId && slot.teacherId !== teacher.id
      ? [{ msg: 'Every slot must be for this teacher', path: `schedule.${index}.teacherId` }]
      : [],
  );
  if (strays.length > 0) throw new AppError(400, 'Validation failed', strays);

  const classById = new Map(classRows.map((c) => [c.id, c]));
  const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
  const described: Described[] = slots.map((slot, index) => {
    const klass = classById.get(slot.classId);
    if (!klass) throw notFound('Class');
    const subject = subjectById.get(slot.subjectId);
    if (!subject) throw notFound('Subject');
    const coTeacherIds = coRows.filter((c) => c.subjectId === subject.id).map((c) => c.teacherId);
    return describeRequested(slot, index, { teacher, klass, subject, coTeacherIds });
  });

  return writeWeek(ctx, school, {
    owner: { column: 'teacherId', id: teacher.id },
    described,
    slots,
    classById,
    subjectById,
    log: activity(
      ctx,
      'update',
      'teacher',
      teacher.id,
      `Replaced the timetable of ${teacher.name} (${slots.length} slot(s))`,
    ),
  });
}
