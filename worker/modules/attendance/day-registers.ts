import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import {
  attendanceMarks,
  attendanceRegisters,
  classes,
  schedules,
  subjects,
  teachers,
  users,
  weekdays,
} from '../../db/schema';
import { named } from '../../db/sql';
import { refOf } from '../../lib/refs';
import type { TenantContext } from '../../lib/tenancy';
import { dateInZone, timeInZone, weekdayOf } from '../../lib/time';

const teacherUser = alias(users, 'slot_teacher_user');
const takenByUser = alias(users, 'taken_by_user');
const markedByUser = alias(users, 'marked_by_user');

export type RegisterState = 'taken' | 'not-taken';

/**
 * `GET /api/attendance/registers`: every period of the school's timetable on a date (default today) with its
 * register: taken (who first, when, who saved it last, how many marks) or not yet. One statement for the
 * periods and their registers; `status` keeps one kind. A period has started once its start time has passed.
 */
export async function dayRegisters(ctx: TenantContext, query: { date?: string; status?: RegisterState }) {
  const school = await ctx.school();
  const now = ctx.now();
  const today = dateInZone(now, school.timeZone);
  const date = query.date ?? today;
  const day = weekdays[weekdayOf(date) - 1];
  const rows = day
    ? await ctx.db
        .select({
          scheduleId: named(schedules.id, 'schedule_id'),
          startTime: schedules.startTime,
          endTime: schedules.endTime,
          room: schedules.room,
          classId: named(classes.id, 'class_ref_id'),
          className: named(classes.name, 'class_name'),
          classSection: named(classes.section, 'class_section'),
          subjectId: named(subjects.id, 'subject_ref_id'),
          subjectName: named(subjects.name, 'subject_name'),
          teacherId: named(teachers.id, 'teacher_ref_id'),
          teacherName: named(teacherUser.name, 'teacher_name'),
          registerId: named(attendanceRegisters.id, 'register_id'),
          takenAt: attendanceRegisters.takenAt,
          takenBy: named(attendanceRegisters.takenBy, 'taken_by'),
          takenByName: named(takenByUser.name, 'taken_by_name'),
          markedAt: attendanceRegisters.markedAt,
          markedBy: named(attendanceRegisters.markedBy, 'marked_by'),
          markedByName: named(markedByUser.name, 'marked_by_name'),
          marked:
            sql<number>`(select count(*) from ${attendanceMarks} m where m.register_id = ${attendanceRegisters.id})`
              .mapWith(Number)
              .as('marked'),
        })
        .from(schedules)
        .innerJoin(classes, eq(classes.id, schedules.classId))
        .innerJoin(subjects, eq(subjects.id, schedules.subjectId))
        .leftJoin(teachers, eq(teachers.id, schedules.teacherId))
        .leftJoin(teacherUser, eq(teacherUser.id, teachers.userId))
        .leftJoin(
          attendanceRegisters,
          and(
            eq(attendanceRegisters.schoolId, ctx.schoolId),
            eq(attendanceRegisters.classId, schedules.classId),
            eq(attendanceRegisters.date, date),
            eq(attendanceRegisters.subjectId, schedules.subjectId),
          ),
        )
        .leftJoin(takenByUser, eq(takenByUser.id, attendanceRegisters.takenBy))
        .leftJoin(markedByUser, eq(markedByUser.id, attendanceRegisters.markedBy))
        .where(
          ctx.scoped(
            schedules,
            eq(schedules.academicYear, school.academicYear),
            eq(schedules.semester, school.semester),
            eq(schedules.dayOfWeek, day),
          ),
        )
        .orderBy(schedules.startTime, sql`cast(${classes.name} as integer)`, classes.section, subjects.name)
    : [];
  const clock = date === today ? timeInZone(now, school.timeZone) : date < today ? '24:00' : '00:00';
  const periods = rows.map((r) => ({
    scheduleId: r.scheduleId,
    startTime: r.startTime,
    endTime: r.endTime,
    room: r.room,
    started: r.startTime <= clock,
    class: { _id: r.classId, name: r.className, section: r.classSection },
    subject: { _id: r.subjectId, name: r.subjectName },
    teacher: refOf(r.teacherId, r.teacherName),
    taken: r.registerId !== null,
    register:
      r.registerId !== null && r.takenAt && r.markedAt
        ? {
            takenBy: refOf(r.takenBy, r.takenByName),
            takenAt: r.takenAt,
            markedBy: refOf(r.markedBy, r.markedByName),
            markedAt: r.markedAt,
            marked: r.marked,
          }
        : null,
  }));
  const taken = periods.filter((p) => p.taken).length;
  const shown = query.status ? periods.filter((p) => p.taken === (query.status === 'taken')) : periods;
  return {
    date,
    dayOfWeek: day ?? null,
    counts: {
      periods: periods.length,
      taken,
      notTaken: periods.length - taken,
      startedNotTaken: periods.filter((p) => !p.taken && p.started).length,
    },
    periods: shown,
  };
}
