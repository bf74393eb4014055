import { asc, count, eq, exists, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/sqlite-core';
import type { ImportantDateEventData } from '../../../party/events';
import { jsonInserts } from '../../db/bulk';
import {
  classes,
  importantDateClasses,
  importantDates,
  parents,
  studentParents,
  students,
  subjects,
  subjectTeachers,
  teachers,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { notFound, validationError } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import {
  type CalendarQuery,
  CLASSES_REQUIRED,
  type ClassRef,
  END_AFTER_START,
  type ImportantDateInput,
  type ImportantDateListQuery,
  type ImportantDateRow,
  type ImportantDateUpdate,
  type TodayQuery,
  toImportantDate,
  type UpcomingQuery,
} from './schemas';

const NOT_FOUND = 'Important date';

interface Filters {
  startDate?: string;
  endDate?: string;
  classId?: string;
  type?: ImportantDateRow['type'];
  priority?: ImportantDateRow['priority'];
}

/**
 * The classes that concern a signed-in teacher (class teacher, or teacher or co-teacher of one of its
 * subjects), student (their class) or parent (their children's classes), as a subquery: no extra round trip.
 */
function callerClassIds(ctx: TenantContext) {
  const userId = ctx.session.userId;
  if (ctx.session.role === 'teacher') {
    const me = ctx.db
      .select({ id: teachers.id })
      .from(teachers)
      .where(ctx.scoped(teachers, eq(teachers.userId, userId)));
    // The nullable column first: it gives the union its type.
    return union(
      ctx.db
        .select({ classId: subjects.classId })
        .from(subjects)
        .where(ctx.scoped(subjects, inArray(subjects.teacherId, me))),
      ctx.db
        .select({ classId: classes.id })
        .from(classes)
        .where(ctx.scoped(classes, inArray(classes.teacherId, me))),
      ctx.db
        .select({ classId: subjects.classId })
        .from(subjectTeachers)
        .innerJoin(subjects, eq(subjects.id, subjectTeachers.subjectId))
        .where(ctx.scoped(subjectTeachers, inArray(subjectTeachers.teacherId, me))),
    );
  }
  if (ctx.session.role === 'student') {
    return ctx.db
      .select({ classId: students.classId })
      .from(students)
      .where(ctx.scoped(students, eq(students.userId, userId)));
  }
  return ctx.db
    .select({ classId: students.classId })
    .from(parents)
    .innerJoin(studentParents, eq(studentParents.parentId, parents.id))
    .innerJoin(students, eq(students.id, studentParents.studentId))
    .where(ctx.scoped(parents, eq(parents.userId, userId)));
}

/** Dates for all classes, or scoped to at least one class in `classIds` (a value or a subquery). */
function forClasses(ctx: TenantContext, classCondition: SQL) {
  return sql`(${importantDates.applyToAllClasses} = 1 or ${exists(
    ctx.db
      .select({ one: sql`1` })
      .from(importantDateClasses)
      .where(
        ctx.scoped(importantDateClasses, eq(importantDateClasses.importantDateId, importantDates.id), classCondition),
      ),
  )})`;
}

/** Administrators see every date of the school; everyone else all-class dates and those of their classes. */
function visibleToCaller(ctx: TenantContext): SQL | undefined {
  if (ctx.session.role === 'school_admin') return undefined;
  return forClasses(ctx, inArray(importantDateClasses.classId, callerClassIds(ctx)));
}

function whereOf(ctx: TenantContext, filters: Filters, ...more: (SQL | undefined)[]) {
  return ctx.scoped(
    importantDates,
    visibleToCaller(ctx),
    filters.startDate ? gte(importantDates.date, filters.startDate) : undefined,
    filters.endDate ? lte(importantDates.date, filters.endDate) : undefined,
    filters.type ? eq(importantDates.type, filters.type) : undefined,
    filters.priority ? eq(importantDates.priority, filters.priority) : undefined,
    filters.classId ? forClasses(ctx, eq(importantDateClasses.classId, filters.classId)) : undefined,
    ...more,
  );
}

/** By day, all-day entries (no start time) first, then by start time and title. */
const dateOrder = [
  asc(importantDates.date),
  asc(importantDates.startTime),
  asc(importantDates.title),
  asc(importantDates.id),
];
/** Classes in grade order (names are '1'…'12'), then section. */
const classOrder = [sql`cast(${classes.name} as integer)`, asc(classes.section)];

/** The classes of the dates that `dateIds` selects (ids or a subquery), one statement for any number of dates. */
function classesOf(ctx: TenantContext, dateIds: SQL) {
  return ctx.db
    .select({
      importantDateId: importantDateClasses.importantDateId,
      classId: sql<string>`${classes.id}`.as('class_id'),
      className: sql<string>`${classes.name}`.as('class_name'),
      classSection: sql<string>`${classes.section}`.as('class_section'),
    })
    .from(importantDateClasses)
    .innerJoin(classes, eq(classes.id, importantDateClasses.classId))
    .where(ctx.scoped(importantDateClasses, dateIds))
    .orderBy(...classOrder);
}

type ClassOfDate = { importantDateId: string; classId: string; className: string; classSection: string };

function toDates(rows: ImportantDateRow[], classRows: ClassOfDate[]) {
  const byDate = new Map<string, ClassRef[]>();
  for (const c of classRows) {
    const list = byDate.get(c.importantDateId) ?? [];
    list.push({ _id: c.classId, name: c.className, section: c.classSection });
    byDate.set(c.importantDateId, list);
  }
  return rows.map((row) => toImportantDate(row, byDate.get(row.id) ?? []));
}

/** `classId` of a filter must be a class of this school; checked in the same round trip as the list. */
function classCheck(ctx: TenantContext, classId: string | undefined) {
  return ctx.db
    .select({ id: classes.id })
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.id, classId ?? '')))
    .limit(1);
}

async function findDates(ctx: TenantContext, filters: Filters, paging: { page: number; limit: number }) {
  const where = whereOf(ctx, filters);
  const page = ctx.db
    .select({ id: importantDates.id })
    .from(importantDates)
    .where(where)
    .orderBy(...dateOrder)
    .limit(paging.limit)
    .offset(offsetOf(paging));
  const [rows, [{ total }], classRows, known] = await ctx.db.batch([
    ctx.db
      .select()
      .from(importantDates)
      .where(where)
      .orderBy(...dateOrder)
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    ctx.db.select({ total: count() }).from(importantDates).where(where),
    classesOf(ctx, inArray(importantDateClasses.importantDateId, page)),
    classCheck(ctx, filters.classId),
  ]);
  if (filters.classId && known.length === 0) throw notFound('Class');
  return { dates: toDates(rows, classRows), total };
}

export function listImportantDates(ctx: TenantContext, query: ImportantDateListQuery) {
  return findDates(ctx, query, query);
}

/** Whole months are small: one page of up to a thousand dates. */
const MONTH_PAGE = { page: 1, limit: 1000 };

export function calendarMonth(ctx: TenantContext, query: CalendarQuery) {
  const month = String(query.month).padStart(2, '0');
  const lastDay = new Date(Date.UTC(query.year, query.month, 0)).getUTCDate();
  const year = String(query.year).padStart(4, '0');
  return findDates(
    ctx,
    { ...query, startDate: `${year}-${month}-01`, endDate: `${year}-${month}-${String(lastDay).padStart(2, '0')}` },
    MONTH_PAGE,
  );
}

/** From the school's today (inclusive) to `days` days later. */
export async function upcomingDates(ctx: TenantContext, query: UpcomingQuery) {
  const today = await ctx.today();
  return findDates(ctx, { ...query, startDate: today, endDate: addDays(today, query.days) }, MONTH_PAGE);
}

export async function todaysDates(ctx: TenantContext, query: TodayQuery) {
  const today = await ctx.today();
  return findDates(ctx, { ...query, startDate: today, endDate: today }, MONTH_PAGE);
}

export async function getImportantDate(ctx: TenantContext, id: string) {
  const [rows, classRows] = await ctx.db.batch([
    ctx.db
      .select()
      .from(importantDates)
      .where(whereOf(ctx, {}, eq(importantDates.id, id)))
      .limit(1),
    classesOf(ctx, eq(importantDateClasses.importantDateId, id)),
  ]);
  const [row] = rows;
  if (!row) throw notFound(NOT_FOUND);
  return toImportantDate(row, toDates([row], classRows)[0].classes);
}

/** The school's classes with these ids, in one statement; the caller compares the count. */
function classLookup(ctx: TenantContext, classIds: string[]) {
  return ctx.db
    .select({ _id: classes.id, name: classes.name, section: classes.section })
    .from(classes)
    .where(ctx.scopedIds(classes, classes.id, classIds))
    .orderBy(...classOrder);
}

/** Class scope after a write: 'apply to all' clears the list; a scoped date needs at least one class. */
function scopeOf(applyToAllClasses: boolean, classIds: string[]) {
  if (applyToAllClasses) return { applyToAllClasses, classIds: [] as string[] };
  if (classIds.length === 0) throw validationError([{ msg: CLASSES_REQUIRED, path: 'classes' }]);
  return { applyToAllClasses, classIds };
}

function classRowsOf(ctx: TenantContext, importantDateId: string, classIds: string[]) {
  return jsonInserts(
    ctx.db,
    importantDateClasses,
    classIds.map((classId) => ({ schoolId: ctx.schoolId, importantDateId, classId })),
  );
}

function eventData(row: ImportantDateRow, classIds: string[]): ImportantDateEventData {
  return { _id: row.id, title: row.title, date: row.date, applyToAllClasses: row.applyToAllClasses, classIds };
}

export async function createImportantDate(ctx: TenantContext, input: ImportantDateInput) {
  const scope = scopeOf(input.applyToAllClasses ?? !input.classes?.length, input.classes ?? []);
  const found = scope.classIds.length > 0 ? await classLookup(ctx, scope.classIds) : [];
  if (found.length !== scope.classIds.length) throw notFound('Class');

  const id = newId();
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(importantDates)
      .values({
        id,
        schoolId: ctx.schoolId,
        title: input.title,
        description: input.description,
        date: input.date,
        type: input.type,
        priority: input.priority ?? 'medium',
        applyToAllClasses: scope.applyToAllClasses,
        startTime: input.startTime ?? null,
        endTime: input.endTime ?? null,
        location: input.location,
        createdBy: ctx.session.userId,
        createdAt: ctx.now().toISOString(),
        updatedAt: ctx.now().toISOString(),
      })
      .returning(),
    ...classRowsOf(ctx, id, scope.classIds),
    activity(ctx, 'create', 'important_date', id, `Added ${input.title} on ${input.date}`),
  ]);
  await ctx.publish(ctx.schoolId, { type: 'important_date_created', data: eventData(row, scope.classIds) });
  return toImportantDate(row, found);
}

export async function updateImportantDate(ctx: TenantContext, id: string, input: ImportantDateUpdate) {
  const [[current], currentClasses, found] = await ctx.db.batch([
    ctx.db
      .select()
      .from(importantDates)
      .where(ctx.scoped(importantDates, eq(importantDates.id, id)))
      .limit(1),
    classesOf(ctx, eq(importantDateClasses.importantDateId, id)),
    classLookup(ctx, input.classes ?? []),
  ]);
  if (!current) throw notFound(NOT_FOUND);

  const startTime = input.startTime === undefined ? current.startTime : input.startTime;
  const endTime = input.endTime === undefined ? current.endTime : input.endTime;
  if (startTime && endTime && endTime <= startTime) {
    throw validationError([{ msg: END_AFTER_START, path: 'endTime' }]);
  }
  const applyToAll =
    input.applyToAllClasses ?? (input.classes ? input.classes.length === 0 : current.applyToAllClasses);
  const scope = scopeOf(applyToAll, input.classes ?? currentClasses.map((c) => c.classId));
  if (input.classes && !scope.applyToAllClasses && found.length !== input.classes.length) throw notFound('Class');
  const classRefs = scope.applyToAllClasses
    ? []
    : input.classes
      ? found
      : toDates([current], currentClasses)[0].classes;

  const { classes: _classes, applyToAllClasses: _all, ...fields } = input;
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(importantDates)
      .set({ ...fields, applyToAllClasses: scope.applyToAllClasses, updatedAt: ctx.now().toISOString() })
      .where(ctx.scoped(importantDates, eq(importantDates.id, id)))
      .returning(),
    ctx.db
      .delete(importantDateClasses)
      .where(ctx.scoped(importantDateClasses, eq(importantDateClasses.importantDateId, id))),
    ...classRowsOf(ctx, id, scope.classIds),
    activity(ctx, 'update', 'important_date', id, `Updated ${input.title ?? current.title}`),
  ]);
  await ctx.publish(ctx.schoolId, { type: 'important_date_updated', data: eventData(row, scope.classIds) });
  return toImportantDate(row, classRefs);
}

export async function deleteImportantDate(ctx: TenantContext, id: string) {
  const [[current], currentClasses] = await ctx.db.batch([
    ctx.db
      .select()
      .from(importantDates)
      .where(ctx.scoped(importantDates, eq(importantDates.id, id)))
      .limit(1),
    ctx.db
      .select({ classId: importantDateClasses.classId })
      .from(importantDateClasses)
      .where(ctx.scoped(importantDateClasses, eq(importantDateClasses.importantDateId, id))),
  ]);
  if (!current) throw notFound(NOT_FOUND);
  await ctx.db.batch([
    ctx.db
      .delete(importantDateClasses)
      .where(ctx.scoped(importantDateClasses, eq(importantDateClasses.importantDateId, id))),
    ctx.db.delete(importantDates).where(ctx.scoped(importantDates, eq(importantDates.id, id))),
    activity(ctx, 'delete', 'important_date', id, `Deleted ${current.title} on ${current.date}`),
  ]);
  const classIds = currentClasses.map((c) => c.classId);
  await ctx.publish(ctx.schoolId, { type: 'important_date_deleted', data: eventData(current, classIds) });
  return { _id: id };
}
