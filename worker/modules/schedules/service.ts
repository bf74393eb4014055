import { asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { refusalOf } from '../../db/guard';
import { classes, schedules, subjects, subjectTeachers, teachers, users, weekdays } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { dayOrder, named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { NOT_YOUR_SCHEDULE, readableClass, teachesSubject } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { classLookup, coTeachersOf, ownTeacherLookup, subjectLookup, teacherLookup } from '../../lib/lookups';
import { offsetOf } from '../../lib/paging';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { dateInZone } from '../../lib/time';
import { registerOfSlot, weekDates, weekRegisters } from '../attendance';
import {
  END_AFTER_START,
  type Schedule,
  type ScheduleCreateInput,
  type ScheduleListQuery,
  type ScheduleUpdateInput,
  toSchedule,
  type WeekQuery,
} from './schemas';
import {
  CLASH_MEANWHILE,
  clashCandidates,
  clashGuard,
  clashOf,
  type Day,
  type Described,
  describe,
  NOT_TAUGHT,
  selectSchedules,
} from './slots';

/** Teacher, class and subject of a slot, checked: all of this school, and the teacher teaches it to that class. */
async function checkedRefs(ctx: TenantContext, ids: { teacherId: string; classId: string; subjectId: string }) {
  const [[teacher], [klass], [subject], coTeachers] = await ctx.db.batch([
    teacherLookup(ctx, ids.teacherId),
    classLookup(ctx, ids.classId),
    subjectLookup(ctx, ids.subjectId),
    coTeachersOf(ctx, ids.subjectId),
  ]);
  if (!teacher) throw notFound('Teacher');
  if (!klass) throw notFound('Class');
  if (!subject) throw notFound('Subject');
  const coTeacherIds = coTeachers.map((c) => c.teacherId);
  if (subject.classId !== klass.id || !teachesSubject(subject, coTeacherIds, teacher.id)) {
    throw new AppError(400, NOT_TAUGHT, { code: 'NOT_TAUGHT' });
  }
  return { teacher, klass, subject };
}

async function assertNoClash(ctx: TenantContext, slot: Described & { academicYear: string; semester: string }) {
  const rows = await clashCandidates(ctx, slot);
  const message = clashOf(slot, rows.map(describe));
  if (message) throw new AppError(409, message, { code: 'TIMETABLE_CLASH' });
}

/**
 * Writes a slot with its clash guard. A clash that appeared between the check and the write refuses the batch;
 * checking again then names the lesson that took the time.
 */
async function writeSlot<T>(
  ctx: TenantContext,
  slot: Described & { id: string; academicYear: string; semester: string },
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (!refusalOf(error, 'timetable-clash')) throw error;
    await assertNoClash(ctx, slot);
    throw new AppError(409, CLASH_MEANWHILE, { code: 'TIMETABLE_CLASH' });
  }
}

export async function createSchedule(ctx: TenantContext, input: ScheduleCreateInput) {
  const [school, refs] = await Promise.all([ctx.school(), checkedRefs(ctx, input)]);
  const { teacher, klass, subject } = refs;
  const id = newId();
  const slot = {
    id,
    teacherId: teacher.id,
    teacherName: teacher.name ?? '',
    classId: klass.id,
    classLabel: classLabel(klass),
    subjectName: subject.name,
    room: input.room === undefined ? klass.room : input.room,
    dayOfWeek: input.dayOfWeek,
    startTime: input.startTime,
    endTime: input.endTime,
    academicYear: input.academicYear ?? school.academicYear,
    semester: input.semester ?? school.semester,
  };
  await assertNoClash(ctx, slot);
  const now = ctx.now().toISOString();
  const [[row]] = await writeSlot(ctx, slot, () =>
    ctx.db.batch([
      ctx.db
        .insert(schedules)
        .values({
          id,
          schoolId: ctx.schoolId,
          teacherId: slot.teacherId,
          classId: slot.classId,
          subjectId: subject.id,
          dayOfWeek: slot.dayOfWeek,
          startTime: slot.startTime,
          endTime: slot.endTime,
          room: slot.room,
          academicYear: slot.academicYear,
          semester: slot.semester,
          notes: input.notes ?? null,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      clashGuard(ctx, [id]),
      activity(ctx, 'create', 'schedule', id, summaryOf(slot)),
      pastYearWrite(ctx, slot.classId, `added ${summaryOf(slot)}`),
    ]),
  );
  return toSchedule({
    schedule: row,
    teacherName: teacher.name,
    className: klass.name,
    classSection: klass.section,
    subjectName: subject.name,
    subjectCode: subject.code,
  });
}

function summaryOf(slot: Described) {
  return `${slot.classLabel} ${slot.subjectName} with ${slot.teacherName} on ${slot.dayOfWeek} ${slot.startTime}-${slot.endTime}`;
}

async function existingSchedule(ctx: TenantContext, scheduleId: string) {
  const [row] = await ctx.db
    .select()
    .from(schedules)
    .where(ctx.scoped(schedules, eq(schedules.id, scheduleId)))
    .limit(1);
  if (!row) throw notFound('Schedule');
  return row;
}

export async function updateSchedule(ctx: TenantContext, scheduleId: string, input: ScheduleUpdateInput) {
  const current = await existingSchedule(ctx, scheduleId);
  const merged = {
    teacherId: input.teacherId ?? current.teacherId,
    classId: input.classId ?? current.classId,
    subjectId: input.subjectId ?? current.subjectId,
    dayOfWeek: input.dayOfWeek ?? current.dayOfWeek,
    startTime: input.startTime ?? current.startTime,
    endTime: input.endTime ?? current.endTime,
    academicYear: input.academicYear ?? current.academicYear,
    semester: input.semester ?? current.semester,
    notes: input.notes === undefined ? current.notes : input.notes,
  };
  if (merged.endTime <= merged.startTime) {
    throw new AppError(400, 'Validation failed', [{ msg: END_AFTER_START, path: 'endTime' }]);
  }
  const { teacher, klass, subject } = await checkedRefs(ctx, merged);
  // A slot moved to another class takes that class's room unless a room is given.
  const room = input.room !== undefined ? input.room : merged.classId !== current.classId ? klass.room : current.room;
  const slot = {
    ...merged,
    id: current.id,
    teacherName: teacher.name ?? '',
    classLabel: classLabel(klass),
    subjectName: subject.name,
    room,
  };
  await assertNoClash(ctx, slot);
  const [[row]] = await writeSlot(ctx, slot, () =>
    ctx.db.batch([
      ctx.db
        .update(schedules)
        .set({
          teacherId: merged.teacherId,
          classId: merged.classId,
          subjectId: merged.subjectId,
          dayOfWeek: merged.dayOfWeek,
          startTime: merged.startTime,
          endTime: merged.endTime,
          academicYear: merged.academicYear,
          semester: merged.semester,
          notes: merged.notes,
          room,
          updatedAt: ctx.now().toISOString(),
        })
        .where(ctx.scoped(schedules, eq(schedules.id, current.id)))
        .returning(),
      clashGuard(ctx, [current.id]),
      activity(ctx, 'update', 'schedule', current.id, summaryOf(slot)),
      pastYearWrite(ctx, current.classId, `changed ${summaryOf(slot)}`),
    ]),
  );
  return toSchedule({
    schedule: row,
    teacherName: teacher.name,
    className: klass.name,
    classSection: klass.section,
    subjectName: subject.name,
    subjectCode: subject.code,
  });
}

export async function deleteSchedule(ctx: TenantContext, scheduleId: string) {
  const current = await existingSchedule(ctx, scheduleId);
  await ctx.db.batch([
    ctx.db.delete(schedules).where(ctx.scoped(schedules, eq(schedules.id, current.id))),
    activity(
      ctx,
      'delete',
      'schedule',
      current.id,
      `Deleted the slot on ${current.dayOfWeek} ${current.startTime}-${current.endTime}`,
    ),
    pastYearWrite(ctx, current.classId, `deleted the slot on ${current.dayOfWeek} ${current.startTime}`),
  ]);
  return { _id: current.id };
}

export async function getSchedule(ctx: TenantContext, scheduleId: string) {
  const [row] = await selectSchedules(ctx)
    .where(ctx.scoped(schedules, eq(schedules.id, scheduleId)))
    .limit(1);
  if (!row) throw notFound('Schedule');
  return toSchedule(row);
}

/** `all` lifts the filter; absent means the school's current year or semester. */
async function termConditions(ctx: TenantContext, query: { academicYear?: string; semester?: string }) {
  const needsSchool = query.academicYear === undefined || query.semester === undefined;
  const school = needsSchool ? await ctx.school() : null;
  const year = query.academicYear ?? school?.academicYear;
  const semester = query.semester ?? school?.semester;
  return [
    year && year !== 'all' ? eq(schedules.academicYear, year) : undefined,
    semester && semester !== 'all' ? eq(schedules.semester, semester) : undefined,
  ];
}

const timetableOrder = [dayOrder(schedules.dayOfWeek), asc(schedules.startTime), asc(schedules.endTime)] as const;

export async function listSchedules(ctx: TenantContext, query: ScheduleListQuery) {
  const where = ctx.scoped(
    schedules,
    ...(await termConditions(ctx, query)),
    query.teacherId ? eq(schedules.teacherId, query.teacherId) : undefined,
    query.classId ? eq(schedules.classId, query.classId) : undefined,
    query.subjectId ? eq(schedules.subjectId, query.subjectId) : undefined,
    query.dayOfWeek ? eq(schedules.dayOfWeek, query.dayOfWeek) : undefined,
  );
  const [rows, [{ total }]] = await ctx.db.batch([
    selectSchedules(ctx)
      .where(where)
      .orderBy(...timetableOrder)
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(schedules).where(where),
  ]);
  return { schedules: rows.map(toSchedule), total };
}

/** Builders are thenable, so the async part (the term) answers the condition and the select is built after. */
async function weekWhere(ctx: TenantContext, query: WeekQuery, extra: (SQL | undefined)[] = []) {
  return ctx.scoped(
    schedules,
    ...(await termConditions(ctx, query)),
    query.teacherId ? eq(schedules.teacherId, query.teacherId) : undefined,
    query.classId ? eq(schedules.classId, query.classId) : undefined,
    query.dayOfWeek ? eq(schedules.dayOfWeek, query.dayOfWeek) : undefined,
    ...extra,
  );
}

async function weekRows(ctx: TenantContext, query: WeekQuery, extra: (SQL | undefined)[] = []) {
  const rows = await selectSchedules(ctx)
    .where(await weekWhere(ctx, query, extra))
    .orderBy(...timetableOrder);
  return rows.map(toSchedule);
}

/**
 * The teacher whose timetable a caller may read: administrators any of the school's (404 otherwise);
 * a teacher only their own (another teacher of the school: 403; of another school: 404).
 */
async function readableTeacher(ctx: TenantContext, teacherId: string | undefined): Promise<string | undefined> {
  const isAdmin = ctx.session.role === 'school_admin';
  if (isAdmin && !teacherId) return undefined;
  const [own, requested] = await ctx.db.batch([ownTeacherLookup(ctx), teacherLookup(ctx, teacherId ?? '')]);
  const ownId = isAdmin ? undefined : own[0]?.id;
  if (!teacherId) {
    if (!ownId) throw notFound('Teacher');
    return ownId;
  }
  if (!requested[0]) throw notFound('Teacher');
  if (!isAdmin && requested[0].id !== ownId) throw new AppError(403, NOT_YOUR_SCHEDULE);
  return requested[0].id;
}

/**
 * The school's week grouped by day (Monday to Friday); a teacher sees only their own slots. One teacher's week of
 * the current term also says, per slot, whether its register of this week was taken and when, read in the
 * same batch as the slots.
 */
export async function weeklySchedule(ctx: TenantContext, query: WeekQuery) {
  const teacherId = await readableTeacher(ctx, query.teacherId);
  const school = await ctx.school();
  const term = { academicYear: query.academicYear ?? school.academicYear, semester: query.semester ?? school.semester };
  const select = selectSchedules(ctx)
    .where(await weekWhere(ctx, { ...query, teacherId }))
    .orderBy(...timetableOrder);
  const current = term.academicYear === school.academicYear && term.semester === school.semester;
  let slots: (Schedule & { register?: ReturnType<typeof registerOfSlot> })[];
  if (teacherId && current) {
    const dates = weekDates(dateInZone(ctx.now(), school.timeZone));
    const [rows, marks] = await ctx.db.batch([select, weekRegisters(ctx, teacherId, term, dates)]);
    const markOf = new Map(marks.map((m) => [m.scheduleId, m]));
    slots = rows.map(toSchedule).map((slot) => ({
      ...slot,
      register: registerOfSlot(dates[slot.dayOfWeek], markOf.get(slot._id), school.timeZone),
    }));
  } else {
    slots = (await select).map(toSchedule);
  }
  const days = Object.fromEntries(weekdays.map((day) => [day, [] as typeof slots])) as Record<Day, typeof slots>;
  for (const slot of slots) days[slot.dayOfWeek].push(slot);
  return { ...term, days, total: slots.length };
}

export async function teacherSchedule(ctx: TenantContext, teacherId: string, query: WeekQuery) {
  const id = await readableTeacher(ctx, teacherId);
  return weekRows(ctx, { ...query, teacherId: id, classId: query.classId });
}

export async function classSchedule(ctx: TenantContext, classId: string, query: WeekQuery) {
  const id = await readableClass(ctx, classId);
  return weekRows(ctx, { ...query, classId: id });
}

/**
 * What the schedule form may offer (spec-1 section 4): active teachers with the classes each may pick (class
 * teacher of, plus classes of subjects they teach), the current year's classes, and subjects with their class
 * and teachers, so the form can cascade teacher → class → subject.
 */
export async function availableForSchedule(ctx: TenantContext) {
  const school = await ctx.school();
  const { db } = ctx;
  const [teacherRows, classRows, subjectRows, coRows] = await db.batch([
    db
      .select({
        id: teachers.id,
        name: named(users.name, 'teacher_name'),
        email: named(users.email, 'teacher_email'),
        department: teachers.department,
        designation: teachers.designation,
      })
      .from(teachers)
      .innerJoin(users, eq(users.id, teachers.userId))
      .where(ctx.scoped(teachers, eq(teachers.isActive, true)))
      .orderBy(asc(users.name)),
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        room: classes.room,
        teacherId: classes.teacherId,
        academicYear: classes.academicYear,
      })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.academicYear, school.academicYear)))
      .orderBy(sql`cast(${classes.name} as integer)`, asc(classes.section)),
    db
      .select({
        id: subjects.id,
        name: subjects.name,
        code: subjects.code,
        classId: subjects.classId,
        teacherId: subjects.teacherId,
        type: subjects.type,
      })
      .from(subjects)
      .where(ctx.scoped(subjects, sql`${subjects.classId} is not null`))
      .orderBy(asc(subjects.name)),
    db
      .select({ subjectId: subjectTeachers.subjectId, teacherId: subjectTeachers.teacherId })
      .from(subjectTeachers)
      .where(ctx.scoped(subjectTeachers)),
  ]);
  const currentClassIds = new Set(classRows.map((c) => c.id));
  const coBySubject = new Map<string, string[]>();
  for (const co of coRows) coBySubject.set(co.subjectId, [...(coBySubject.get(co.subjectId) ?? []), co.teacherId]);
  const subjectList = subjectRows
    .filter((s) => s.classId && currentClassIds.has(s.classId))
    .map((s) => {
      const teacherIds = [...new Set([s.teacherId, ...(coBySubject.get(s.id) ?? [])].filter(Boolean))] as string[];
      return {
        _id: s.id,
        name: s.name,
        code: s.code,
        type: s.type,
        classId: s.classId,
        teacherId: s.teacherId,
        teacherIds,
      };
    });
  const classesOf = new Map<string, Set<string>>();
  const add = (teacherId: string | null, classId: string | null) => {
    if (!teacherId || !classId || !currentClassIds.has(classId)) return;
    if (!classesOf.has(teacherId)) classesOf.set(teacherId, new Set());
    classesOf.get(teacherId)?.add(classId);
  };
  for (const c of classRows) add(c.teacherId, c.id);
  for (const s of subjectList) for (const teacherId of s.teacherIds) add(teacherId, s.classId);
  const classOrder = new Map(classRows.map((c, i) => [c.id, i]));
  return {
    academicYear: school.academicYear,
    semester: school.semester,
    teachers: teacherRows.map((t) => ({
      _id: t.id,
      name: t.name,
      email: t.email,
      department: t.department,
      designation: t.designation,
      classIds: [...(classesOf.get(t.id) ?? [])].sort((a, b) => (classOrder.get(a) ?? 0) - (classOrder.get(b) ?? 0)),
    })),
    classes: classRows.map((c) => ({
      _id: c.id,
      name: c.name,
      section: c.section,
      room: c.room,
      academicYear: c.academicYear,
      teacherId: c.teacherId,
    })),
    subjects: subjectList,
  };
}
