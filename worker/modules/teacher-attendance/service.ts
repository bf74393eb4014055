import { asc, count, desc, eq, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { jsonInserts } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { teacherAttendance, teachers, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import { ownTeacherLookup, teacherLookup } from '../../lib/lookups';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { inRange, rangeOf, selectRecords, teacherUser } from './records';
import {
  type BulkInput,
  FUTURE_DATE,
  type MarkInput,
  NOT_YOUR_ATTENDANCE,
  type RangeQuery,
  type TeacherRangeQuery,
  type TeacherRecord,
  type TeacherRecordRow,
  toTeacherRecord,
  type UpdateInput,
} from './schemas';

const RECORD = 'Attendance record';

/** Teachers with their sign-in names and emails, for a batch (any number of ids, one parameter). */
function teachersById(ctx: TenantContext, ids: string[]) {
  return ctx.db
    .select({
      id: teachers.id,
      name: named(users.name, 'teacher_name'),
      email: named(users.email, 'teacher_email'),
    })
    .from(teachers)
    .innerJoin(users, eq(users.id, teachers.userId))
    .where(ctx.scopedIds(teachers, teachers.id, ids));
}

/** The latest mark of a day replaces the earlier one: every field of the mark, not only its status. */
function upsertSet(now: string) {
  return {
    status: sql`excluded.status`,
    remarks: sql`excluded.remarks`,
    checkInTime: sql`excluded.check_in_time`,
    checkOutTime: sql`excluded.check_out_time`,
    markedBy: sql`excluded.marked_by`,
    markedAt: sql`excluded.marked_at`,
    updatedAt: now,
  };
}
const markKey = [teacherAttendance.schoolId, teacherAttendance.teacherId, teacherAttendance.date];

type Mark = Omit<MarkInput, 'date'>;

function rowOf(ctx: TenantContext, date: string, mark: Mark, now: string) {
  return {
    schoolId: ctx.schoolId,
    teacherId: mark.teacherId,
    date,
    status: mark.status,
    remarks: mark.remarks ?? null,
    checkInTime: mark.checkInTime ?? null,
    checkOutTime: mark.checkOutTime ?? null,
    markedBy: ctx.session.userId,
    markedAt: now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Marks teachers for one date in one write batch (upserts and the activity row) after one read batch beside the
 * school's today. Unknown teachers and repeated entries are answered in `failed`; the rest are written.
 */
export async function bulkMarkTeachers(ctx: TenantContext, input: BulkInput) {
  const { db } = ctx;
  const ids = [...new Set(input.records.map((r) => r.teacherId))];
  const [today, found] = await Promise.all([ctx.today(), teachersById(ctx, ids)]);
  if (input.date > today) throw new AppError(400, FUTURE_DATE, { code: 'FUTURE_DATE' });
  const byId = new Map(found.map((t) => [t.id, t]));
  const seen = new Set<string>();
  const failed: { teacherId: string; reason: string }[] = [];
  const accepted: Mark[] = [];
  for (const record of input.records) {
    if (!byId.has(record.teacherId)) failed.push({ teacherId: record.teacherId, reason: 'Teacher not found' });
    else if (seen.has(record.teacherId))
      failed.push({ teacherId: record.teacherId, reason: 'Teacher is listed more than once' });
    else accepted.push(record);
    seen.add(record.teacherId);
  }
  const now = ctx.now().toISOString();
  const rows = accepted.map((mark) => rowOf(ctx, input.date, mark, now));
  const successful: TeacherRecord[] = [];
  if (rows.length > 0) {
    const upserts = jsonInserts(db, teacherAttendance, rows).map((insert) =>
      insert
        .onConflictDoUpdate({ target: markKey, set: upsertSet(now) })
        .returning({ id: teacherAttendance.id, teacherId: teacherAttendance.teacherId }),
    );
    const summary =
      rows.length === 1
        ? `Marked ${byId.get(rows[0].teacherId)?.name} ${rows[0].status} for ${input.date}`
        : `Marked attendance of ${rows.length} teachers for ${input.date}`;
    const results = (await db.batch(
      batchOf<BatchItem<'sqlite'>>([...upserts, activity(ctx, 'create', 'teacher_attendance', null, summary)]),
    )) as unknown[];
    const written = new Map(
      (results.slice(0, upserts.length) as { id: string; teacherId: string }[][])
        .flat()
        .map((r) => [r.teacherId, r.id]),
    );
    for (const row of rows) {
      const teacher = byId.get(row.teacherId);
      successful.push(
        toTeacherRecord({
          ...row,
          id: written.get(row.teacherId) ?? '',
          teacherName: teacher?.name ?? '',
          teacherEmail: teacher?.email ?? '',
          markerName: ctx.session.name,
        }),
      );
    }
  }
  return {
    date: input.date,
    successful,
    failed,
    successfulCount: successful.length,
    failedCount: failed.length,
  };
}

/** One teacher's mark for a date: 404 for a teacher who is not the school's. */
export async function markTeacher(ctx: TenantContext, input: MarkInput) {
  const { date, ...mark } = input;
  const result = await bulkMarkTeachers(ctx, { date, records: [mark] });
  if (result.failedCount > 0) throw notFound('Teacher');
  return result.successful[0];
}

export async function updateTeacherAttendance(ctx: TenantContext, id: string, input: UpdateInput) {
  const { db } = ctx;
  const [row] = await selectRecords(ctx)
    .where(ctx.scoped(teacherAttendance, eq(teacherAttendance.id, id)))
    .limit(1);
  if (!row) throw notFound(RECORD);
  const now = ctx.now().toISOString();
  const set: Partial<typeof teacherAttendance.$inferInsert> = {
    markedBy: ctx.session.userId,
    markedAt: now,
    updatedAt: now,
  };
  if (input.status !== undefined) set.status = input.status;
  if (input.remarks !== undefined) set.remarks = input.remarks;
  if (input.checkInTime !== undefined) set.checkInTime = input.checkInTime;
  if (input.checkOutTime !== undefined) set.checkOutTime = input.checkOutTime;
  const next: TeacherRecordRow = {
    ...row,
    ...set,
    markedBy: ctx.session.userId,
    markedAt: now,
    markerName: ctx.session.name,
  };
  if (next.checkInTime && next.checkOutTime && next.checkInTime >= next.checkOutTime) {
    throw new AppError(400, 'Validation failed', [
      { msg: 'Check-out time must be after check-in time', path: 'checkOutTime' },
    ]);
  }
  await db.batch([
    db
      .update(teacherAttendance)
      .set(set)
      .where(ctx.scoped(teacherAttendance, eq(teacherAttendance.id, row.id))),
    activity(
      ctx,
      'update',
      'teacher_attendance',
      row.id,
      `Changed attendance of ${row.teacherName} for ${row.date}: ${next.status}`,
    ),
  ]);
  return toTeacherRecord(next);
}

export async function deleteTeacherAttendance(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [row] = await selectRecords(ctx)
    .where(ctx.scoped(teacherAttendance, eq(teacherAttendance.id, id)))
    .limit(1);
  if (!row) throw notFound(RECORD);
  await db.batch([
    db.delete(teacherAttendance).where(ctx.scoped(teacherAttendance, eq(teacherAttendance.id, row.id))),
    activity(ctx, 'delete', 'teacher_attendance', row.id, `Deleted attendance of ${row.teacherName} for ${row.date}`),
  ]);
  return { _id: row.id };
}

/** `GET /api/teacher-attendance?date`: the day's marks (default the school's today), by teacher name. */
export async function teacherAttendanceByDate(ctx: TenantContext, query: { date?: string }) {
  const date = query.date ?? (await ctx.today());
  const rows = await selectRecords(ctx)
    .where(ctx.scoped(teacherAttendance, eq(teacherAttendance.date, date)))
    .orderBy(asc(teacherUser.name), asc(teacherAttendance.id));
  return rows.map(toTeacherRecord);
}

/** Marks over a range for one teacher (by id) or, with no teacher, for all: paged, newest first. */
async function marksInRange(ctx: TenantContext, teacherId: string | undefined, query: TeacherRangeQuery) {
  const range = await rangeOf(ctx, query);
  const where = ctx.scoped(
    teacherAttendance,
    inRange(range),
    teacherId ? eq(teacherAttendance.teacherId, teacherId) : undefined,
  );
  const [teacher, rows, [{ total }]] = await ctx.db.batch([
    teacherLookup(ctx, teacherId ?? ''),
    selectRecords(ctx)
      .where(where)
      .orderBy(desc(teacherAttendance.date), asc(teacherUser.name), asc(teacherAttendance.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(teacherAttendance).where(where),
  ]);
  if (teacherId && !teacher[0]) throw notFound('Teacher');
  return { ...range, records: rows.map(toTeacherRecord), total };
}

/** The signed-in teacher's own teacher id, or 403 when they ask for someone else's marks. */
async function ownTeacherId(ctx: TenantContext, asked: string | undefined) {
  const [own] = await ownTeacherLookup(ctx);
  if (!own) throw notFound('Teacher');
  if (asked && asked !== 'own' && asked !== own.id) throw new AppError(403, NOT_YOUR_ATTENDANCE);
  return own.id;
}

/**
 * `GET /api/teacher-attendance/range`: administrators any teacher or all; a teacher only their own
 * (`teacherId=own`, their id, or none).
 */
export async function teacherAttendanceRange(ctx: TenantContext, query: RangeQuery) {
  const { teacherId, ...rest } = query;
  if (ctx.session.role === 'teacher') return marksInRange(ctx, await ownTeacherId(ctx, teacherId), rest);
  if (teacherId === 'own') throw notFound('Teacher');
  return marksInRange(ctx, teacherId, rest);
}

/** `GET /api/teachers/:id/attendance`: one teacher's marks; a teacher may read only their own. */
export async function teacherAttendanceOf(ctx: TenantContext, teacherId: string, query: TeacherRangeQuery) {
  if (ctx.session.role === 'teacher') await ownTeacherId(ctx, teacherId);
  return marksInRange(ctx, teacherId, query);
}
