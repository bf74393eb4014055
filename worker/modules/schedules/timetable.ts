import { eq, ne, or, sql } from 'drizzle-orm';
import { inJson, jsonInserts } from '../../db/bulk';
import { refusalOf } from '../../db/guard';
import { schedules, subjects, subjectTeachers, teachers, users, weekdays } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { classLookup } from '../../lib/lookups';
import type { TenantContext } from '../../lib/tenancy';
import { type TimetableSlot, toSchedule } from './schemas';
import {
  CLASH_MEANWHILE,
  clashGuard,
  clashOf,
  type Described,
  describe,
  describeRequested,
  selectSchedules,
} from './slots';

/**
 * Replaces a class's weekly timetable for the school's current year and semester in one batch. Every slot is
 * checked like a single create: teacher and subject of this school, the subject taught by that teacher to this
 * class, and no clash with other classes' slots nor with another slot of the same request.
 */
export async function replaceClassTimetable(ctx: TenantContext, classId: string, slots: TimetableSlot[]) {
  const { db } = ctx;
  const teacherIds = [...new Set(slots.map((s) => s.teacherId))];
  const subjectIds = [...new Set(slots.map((s) => s.subjectId))];
  const [school, [[klass], teacherRows, subjectRows, coRows]] = await Promise.all([
    ctx.school(),
    db.batch([
      classLookup(ctx, classId),
      db
        .select({ id: teachers.id, name: named(users.name, 'teacher_name') })
        .from(teachers)
        .innerJoin(users, eq(users.id, teachers.userId))
        .where(ctx.scopedIds(teachers, teachers.id, teacherIds)),
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
  if (!klass) throw notFound('Class');
  const strays = slots.flatMap((slot, index) =>
    slot.classId && slot.classId !== klass.id
      ? [{ msg: 'Every slot must be for this class', path: `schedule.${index}.classId` }]
      : [],
  );
  if (strays.length > 0) throw new AppError(400, 'Validation failed', strays);
  const teacherById = new Map(teacherRows.map((t) => [t.id, t]));
  const subjectById = new Map(subjectRows.map((s) => [s.id, s]));
  const label = classLabel(klass);
  const described: Described[] = slots.map((slot, index) => {
    const teacher = teacherById.get(slot.teacherId);
    if (!teacher) throw notFound('Teacher');
    const subject = subjectById.get(slot.subjectId);
    if (!subject) throw notFound('Subject');
    const coTeacherIds = coRows.filter((c) => c.subjectId === subject.id).map((c) => c.teacherId);
    return describeRequested(slot, index, { teacher, klass, subject, coTeacherIds });
  });

  return writeWeek(ctx, school, {
    owner: { column: 'classId', id: klass.id },
    described,
    slots,
    classById: new Map([[klass.id, klass]]),
    subjectById,
    log: activity(ctx, 'update', 'class', klass.id, `Replaced the timetable of ${label} (${slots.length} slot(s))`),
  });
}

interface WeekSlot {
  subjectId: string;
  notes?: string | null;
}

/** Refuses (409) when a described slot clashes with another owner's slot (same teacher, class or room) or another new one. */
async function assertWeekFree(
  ctx: TenantContext,
  school: { academicYear: string; semester: string },
  owner: { column: 'classId' | 'teacherId'; id: string },
  described: Described[],
) {
  const counterpart = owner.column === 'classId' ? 'teacherId' : 'classId';
  const counterpartIds = [...new Set(described.map((s) => s[counterpart]))];
  const rooms = [...new Set(described.map((s) => s.room?.trim().toLowerCase()).filter(Boolean))] as string[];
  const days = [...new Set(described.map((s) => s.dayOfWeek))];
  const others =
    described.length === 0
      ? []
      : await selectSchedules(ctx).where(
          ctx.scoped(
            schedules,
            eq(schedules.academicYear, school.academicYear),
            eq(schedules.semester, school.semester),
            ne(schedules[owner.column], owner.id),
            inJson(schedules.dayOfWeek, days),
            or(
              inJson(schedules[counterpart], counterpartIds),
              rooms.length
                ? sql`lower(trim(${schedules.room})) in (select value from json_each(${JSON.stringify(rooms)}))`
                : undefined,
            ),
          ),
        );
  const existing = others.map(describe);
  described.forEach((slot, index) => {
    const message = clashOf(slot, [...existing, ...described.slice(0, index)]);
    if (message)
      throw new AppError(409, message, {
        code: 'TIMETABLE_CLASH',
        details: [{ msg: message, path: `schedule.${index}` }],
      });
  });
}

/**
 * The shared second half of replacing a class's or a teacher's week: checks the described slots against the
 * other owners' slots on the same days (same teacher, class or room) and against each other, then deletes the
 * owner's week and inserts the new one with its activity row in one batch.
 */
export async function writeWeek(
  ctx: TenantContext,
  school: { academicYear: string; semester: string },
  week: {
    owner: { column: 'classId' | 'teacherId'; id: string };
    described: Described[];
    slots: WeekSlot[];
    classById: Map<string, { name: string; section: string | null }>;
    subjectById: Map<string, { code: string | null }>;
    log: ReturnType<typeof activity>;
  },
) {
  const { db } = ctx;
  const { owner, described, slots } = week;
  await assertWeekFree(ctx, school, owner, described);

  const now = ctx.now().toISOString();
  const rows = described.map((slot, index) => ({
    id: newId(),
    schoolId: ctx.schoolId,
    teacherId: slot.teacherId,
    classId: slot.classId,
    subjectId: slots[index].subjectId,
    dayOfWeek: slot.dayOfWeek,
    startTime: slot.startTime,
    endTime: slot.endTime,
    room: slot.room,
    academicYear: school.academicYear,
    semester: school.semester,
    notes: slots[index].notes ?? null,
    createdAt: now,
    updatedAt: now,
  }));
  const removal = db
    .delete(schedules)
    .where(
      ctx.scoped(
        schedules,
        eq(schedules[owner.column], owner.id),
        eq(schedules.academicYear, school.academicYear),
        eq(schedules.semester, school.semester),
      ),
    )
    .returning({ id: schedules.id });
  let removed: { id: string }[];
  try {
    [removed] = await db.batch([
      removal,
      ...jsonInserts(db, schedules, rows),
      clashGuard(
        ctx,
        rows.map((row) => row.id),
      ),
      week.log,
    ]);
  } catch (error) {
    // A lesson added between the check and the write: checking again names it.
    if (!refusalOf(error, 'timetable-clash')) throw error;
    await assertWeekFree(ctx, school, owner, described);
    throw new AppError(409, CLASH_MEANWHILE, { code: 'TIMETABLE_CLASH' });
  }
  const result = rows.map((row, index) => {
    const klass = week.classById.get(row.classId);
    return toSchedule({
      schedule: row,
      teacherName: described[index].teacherName,
      className: klass?.name ?? null,
      classSection: klass?.section ?? null,
      subjectName: described[index].subjectName,
      subjectCode: week.subjectById.get(row.subjectId)?.code ?? null,
    });
  });
  result.sort(
    (a, b) => weekdays.indexOf(a.dayOfWeek) - weekdays.indexOf(b.dayOfWeek) || a.startTime.localeCompare(b.startTime),
  );
  return { schedules: result, removed: removed.length };
}
