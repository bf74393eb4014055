import { eq, gt, lt, ne, or, sql } from 'drizzle-orm';
import { refuseIf } from '../../db/guard';
import { classes, schedules, subjects, teachers, users, type weekdays } from '../../db/schema';
import { named } from '../../db/sql';
import { teachesSubject } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import type { ScheduleRow } from './schemas';

export const NOT_TAUGHT = 'This teacher does not teach this subject to this class';

export type Day = (typeof weekdays)[number];

/** A slot with the names a clash message needs. */
export interface Described {
  id?: string;
  teacherId: string;
  teacherName: string;
  classId: string;
  classLabel: string;
  subjectName: string;
  room: string | null;
  dayOfWeek: Day;
  startTime: string;
  endTime: string;
}

/** Slots with every reference populated; names are aliased (see `named`). */
export function selectSchedules(ctx: TenantContext) {
  return ctx.db
    .select({
      schedule: schedules,
      teacherName: named(users.name, 'teacher_name'),
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      subjectName: named(subjects.name, 'subject_name'),
      subjectCode: named(subjects.code, 'subject_code'),
    })
    .from(schedules)
    .innerJoin(teachers, eq(teachers.id, schedules.teacherId))
    .innerJoin(users, eq(users.id, teachers.userId))
    .innerJoin(classes, eq(classes.id, schedules.classId))
    .innerJoin(subjects, eq(subjects.id, schedules.subjectId));
}

export function describe(row: ScheduleRow): Described {
  const s = row.schedule;
  return {
    id: s.id,
    teacherId: s.teacherId,
    teacherName: row.teacherName ?? '',
    classId: s.classId,
    classLabel: classLabel({ name: row.className ?? '', section: row.classSection ?? '' }),
    subjectName: row.subjectName ?? '',
    room: s.room,
    dayOfWeek: s.dayOfWeek,
    startTime: s.startTime,
    endTime: s.endTime,
  };
}

/** What a week's replacement found for one requested slot, by its ids. */
export interface SlotParts {
  teacher: { id: string; name: string | null };
  klass: { id: string; name: string; section: string; room: string | null };
  subject: { classId: string | null; name: string; teacherId: string | null };
  coTeacherIds: readonly string[];
}

/**
 * A requested slot of a whole week (a class's or a teacher's), checked like a single create: the subject belongs
 * to the class and the teacher teaches it. A slot without a room takes the class's room.
 */
export function describeRequested(
  slot: { room?: string | null; dayOfWeek: Day; startTime: string; endTime: string },
  index: number,
  { teacher, klass, subject, coTeacherIds }: SlotParts,
): Described {
  if (subject.classId !== klass.id || !teachesSubject(subject, coTeacherIds, teacher.id)) {
    throw new AppError(400, NOT_TAUGHT, {
      code: 'NOT_TAUGHT',
      details: [{ msg: NOT_TAUGHT, path: `schedule.${index}` }],
    });
  }
  return {
    id: `new-${index}`,
    teacherId: teacher.id,
    teacherName: teacher.name ?? '',
    classId: klass.id,
    classLabel: classLabel(klass),
    subjectName: subject.name,
    room: slot.room === undefined ? klass.room : slot.room,
    dayOfWeek: slot.dayOfWeek,
    startTime: slot.startTime,
    endTime: slot.endTime,
  };
}

const sameRoom = (a: string | null, b: string | null) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** Strict overlap: back-to-back periods (one ends 09:00, the next starts 09:00) do not clash. */
export const overlaps = (a: { startTime: string; endTime: string }, b: { startTime: string; endTime: string }) =>
  a.startTime < b.endTime && b.startTime < a.endTime;

/** The first clash of `slot` with `others` (teacher, then class, then room), as the message to answer with. */
export function clashOf(slot: Described, others: Described[]): string | null {
  const candidates = others
    .filter((o) => o.id === undefined || o.id !== slot.id)
    .filter((o) => o.dayOfWeek === slot.dayOfWeek && overlaps(o, slot))
    .sort((a, b) => a.startTime.localeCompare(b.startTime));
  const when = (o: Described) => `on ${o.dayOfWeek} ${o.startTime}-${o.endTime}`;
  const teacher = candidates.find((o) => o.teacherId === slot.teacherId);
  if (teacher) {
    return `Teacher clash: ${teacher.teacherName} already teaches ${teacher.classLabel} ${teacher.subjectName} ${when(teacher)}`;
  }
  const klass = candidates.find((o) => o.classId === slot.classId);
  if (klass) {
    return `Class clash: ${klass.classLabel} already has ${klass.subjectName} with ${klass.teacherName} ${when(klass)}`;
  }
  const room = candidates.find((o) => sameRoom(o.room, slot.room));
  if (room) return `Room clash: room ${room.room} is used by ${room.classLabel} ${room.subjectName} ${when(room)}`;
  return null;
}

/** One SELECT of every slot that could clash with `slot`: same teacher OR class OR room, same day, overlapping. */
export function clashCandidates(ctx: TenantContext, slot: Described & { academicYear: string; semester: string }) {
  return selectSchedules(ctx).where(
    ctx.scoped(
      schedules,
      eq(schedules.academicYear, slot.academicYear),
      eq(schedules.semester, slot.semester),
      eq(schedules.dayOfWeek, slot.dayOfWeek),
      lt(schedules.startTime, slot.endTime),
      gt(schedules.endTime, slot.startTime),
      slot.id ? ne(schedules.id, slot.id) : undefined,
      or(
        eq(schedules.teacherId, slot.teacherId),
        eq(schedules.classId, slot.classId),
        slot.room ? sql`lower(trim(${schedules.room})) = ${slot.room.trim().toLowerCase()}` : undefined,
      ),
    ),
  );
}

export const CLASH_MEANWHILE = 'Another lesson was just added at this time; reload the timetable and try again';

/**
 * A batch item, placed after the writes, that refuses the whole batch when one of the slots `slotIds` then
 * overlaps another slot of the same teacher, class or room (only the teacher with `teacherOnly`), same day and
 * term: two requests that both passed the check above cannot both land. Back-to-back periods do not clash.
 */
export function clashGuard(
  ctx: TenantContext,
  slotIds: string[],
  options: { teacherOnly?: boolean; otherThanSubject?: string } = {},
) {
  const sameRoom = sql`trim(n.room) <> '' and lower(trim(o.room)) = lower(trim(n.room))`;
  const shared = options.teacherOnly
    ? sql`o.teacher_id = n.teacher_id`
    : sql`(o.teacher_id = n.teacher_id or o.class_id = n.class_id or (${sameRoom}))`;
  const subject = options.otherThanSubject ? sql` and o.subject_id <> ${options.otherThanSubject}` : sql``;
  return refuseIf(
    ctx.db,
    'timetable-clash',
    sql`select n.id || '~' || o.id as detail
      from ${schedules} n
      join ${schedules} o on o.school_id = n.school_id and o.id <> n.id
        and o.academic_year = n.academic_year and o.semester = n.semester and o.day_of_week = n.day_of_week
        and o.start_time < n.end_time and n.start_time < o.end_time and ${shared}${subject}
      where n.school_id = ${ctx.schoolId} and n.id in (select value from json_each(${JSON.stringify(slotIds)}))`,
  );
}
