import { eq, gt, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { jsonInserts } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  classes,
  enrolments,
  feeArrears,
  feeDues,
  feeStructures,
  schedules,
  schools,
  schoolYears,
  students,
  subjects,
  subjectTeachers,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { familiesAudienceChanged, teachersAudienceChanged } from '../../lib/audience';
import { capacityGuard } from '../../lib/capacity-guard';
import { AppError } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { addDays } from '../../lib/time';
import { type Plan, planRollover, planSummary, readYear, type YearRows } from './plan';
import type { RolloverInput } from './schemas';

export const YEAR_EXISTS = 'The school already has this year: a year is rolled over into once';
export const ROLLOVER_CONFLICTS = 'The rollover has conflicts: resolve them (see the dry run) and try again';

/** A date moved by whole years (29 February becomes 28 February). */
function shiftYears(date: string, years: number) {
  const y = Number(date.slice(0, 4)) + years;
  const md = date.slice(5) === '02-29' ? '02-28' : date.slice(5);
  return `${y}-${md}`;
}

/**
 * Moves this year's students to the class their enrolment row names for next year, looked up by key (a JSON
 * list joined to every student took seconds per few hundred), and takes graduates off the roll.
 */
function studentMoves(ctx: TenantContext, from: string) {
  const e = enrolments;
  const listed = (...conditions: SQL[]) =>
    ctx.db
      .select({ id: e.studentId })
      .from(e)
      .where(ctx.scoped(e, eq(e.academicYear, from), ...conditions));
  const next = (column: typeof e.nextClassId | typeof e.nextRollNumber) =>
    sql`(select ${column} from ${e} where ${e.studentId} = ${students.id} and ${e.academicYear} = ${from})`;
  return [
    ctx.db
      .update(students)
      .set({ classId: next(e.nextClassId), rollNumber: next(e.nextRollNumber) })
      .where(ctx.scoped(students, inArray(students.id, listed(isNotNull(e.nextClassId))))),
    ctx.db
      .update(students)
      .set({ status: 'inactive' })
      .where(ctx.scoped(students, inArray(students.id, listed(eq(e.outcome, 'graduated'))))),
  ];
}

/**
 * What each student moved on still owes of this year (their unpaid kept rows) stays owed as arrears: written
 * before they move, while the rows are their class's. An instalment already in arrears keeps its year.
 */
function carryArrears(ctx: TenantContext, from: string) {
  const e = enrolments;
  const d = feeDues;
  const moved = ctx.db
    .select({ id: e.studentId })
    .from(e)
    .where(ctx.scoped(e, eq(e.academicYear, from), isNotNull(e.nextClassId)));
  return ctx.db
    .insert(feeArrears)
    .select(
      ctx.db
        .select({
          schoolId: d.schoolId,
          studentId: d.studentId,
          structureId: d.structureId,
          instalment: d.instalment,
          academicYear: sql<string>`${from}`.as('academic_year'),
        })
        .from(d)
        .where(ctx.scoped(d, gt(d.amountMinor, d.paidMinor), inArray(d.studentId, moved))),
    )
    .onConflictDoNothing();
}

/** Every statement of the rollover, in order: one batch, so it lands whole or not at all. */
export function rolloverWrites(
  ctx: TenantContext,
  rows: YearRows,
  plan: Plan,
  input: RolloverInput,
  c: Record<'classes' | 'promoted' | 'repeated' | 'left' | 'graduated', number>,
) {
  const { db } = ctx;
  const from = rows.school.academicYear;
  const now = ctx.now().toISOString();
  const years = Number(input.name.slice(0, 4)) - Number(from.slice(0, 4));
  const month = String(rows.school.yearStartMonth).padStart(2, '0');
  const fromStart = `${from.slice(0, 4)}-${month}-01`;
  const subjectIds = new Map(rows.subjectRows.map((s) => [s.id, newId()]));
  const newClass = (id: string | null) => (id ? (plan.newClassOf.get(id)?.id ?? null) : null);
  const copied = {
    subjects: input.subjects
      ? rows.subjectRows.map((s) => ({
          ...s,
          id: subjectIds.get(s.id) as string,
          classId: newClass(s.classId),
          createdAt: now,
          updatedAt: now,
        }))
      : [],
    teachers: input.subjects
      ? rows.teacherRows.map((t) => ({ ...t, subjectId: subjectIds.get(t.subjectId) as string, createdAt: now }))
      : [],
    slots:
      input.subjects && input.timetable
        ? rows.slots
            .filter((s) => newClass(s.classId) && subjectIds.has(s.subjectId))
            .map((s) => ({
              ...s,
              id: newId(),
              classId: newClass(s.classId) as string,
              subjectId: subjectIds.get(s.subjectId) as string,
              academicYear: input.name,
              createdAt: now,
              updatedAt: now,
            }))
        : [],
    fees: input.fees
      ? rows.structures.map((f) => ({
          ...f,
          id: newId(),
          classId: newClass(f.classId) as string,
          amountMinor: plan.amounts.get(f.id) ?? f.amountMinor,
          dueDate: shiftYears(f.dueDate, years),
          dueDates: f.dueDates?.map((d) => shiftYears(d, years)) ?? null,
          academicYear: input.name,
          createdAt: now,
          updatedAt: now,
        }))
      : [],
  };
  return batchOf<BatchItem<'sqlite'>>([
    // First, so a second rollover racing this one is refused by name, not by a unique index.
    refuseIf(
      db,
      'year-rolled',
      sql`select ${input.name} as detail from ${schools} where ${schools.id} = ${ctx.schoolId} and (${schools.academicYear} <> ${from}
        or exists (select 1 from ${classes} where ${classes.schoolId} = ${ctx.schoolId} and ${classes.academicYear} = ${input.name}))`,
    ),
    db
      .insert(schoolYears)
      .values({ schoolId: ctx.schoolId, name: from, startsOn: fromStart, endsOn: addDays(input.startsOn, -1) })
      .onConflictDoNothing(),
    db.insert(schoolYears).values({
      schoolId: ctx.schoolId,
      name: input.name,
      startsOn: input.startsOn,
      endsOn: input.endsOn,
      rolledFrom: from,
      rolledBy: ctx.session.userId,
    }),
    ...jsonInserts(
      db,
      classes,
      plan.newClasses.map((k) => ({ ...k.row, id: k.id })),
    ),
    ...jsonInserts(db, subjects, copied.subjects),
    ...jsonInserts(db, subjectTeachers, copied.teachers),
    ...jsonInserts(db, schedules, copied.slots),
    ...jsonInserts(
      db,
      enrolments,
      plan.placed.map((p) => ({
        schoolId: ctx.schoolId,
        studentId: p.id,
        academicYear: from,
        classId: p.fromClass.id,
        rollNumber: p.rollNumber,
        outcome: p.outcome,
        nextClassId: p.target?.id ?? null,
        nextRollNumber: p.target ? p.nextRoll : null,
      })),
    ),
    carryArrears(ctx, from),
    ...studentMoves(ctx, from),
    ...jsonInserts(db, feeStructures, copied.fees),
    db.update(schools).set({ academicYear: input.name }).where(eq(schools.id, ctx.schoolId)),
    capacityGuard(
      ctx,
      plan.newClasses.map((k) => k.id),
    ),
    activity(
      ctx,
      'create',
      'school_year',
      input.name,
      `Rolled ${from} over into ${input.name}: ${c.classes} classes, ${c.promoted} promoted, ${c.repeated} repeating, ${c.left} leaving, ${c.graduated} graduated`,
    ),
  ]);
}

/** Plans the rollover into next year and, unless a dry run, carries it out in one batch. */
export async function rollover(ctx: TenantContext, input: RolloverInput) {
  const rows = await readYear(ctx, input.name);
  const plan = planRollover(rows, input);
  const summary = planSummary(rows, plan, input);
  if (input.dryRun) return { dryRun: true, ...summary };
  if (rows.yearTaken) throw new AppError(409, YEAR_EXISTS, { code: 'YEAR_ROLLED' });
  if (plan.conflicts.length > 0) throw new AppError(409, ROLLOVER_CONFLICTS, { code: 'ROLLOVER_CONFLICTS' });
  try {
    await ctx.db.batch(rolloverWrites(ctx, rows, plan, input, summary.counts));
  } catch (error) {
    if (refusalOf(error, 'year-rolled')) throw new AppError(409, YEAR_EXISTS, { code: 'YEAR_ROLLED' });
    if (refusalOf(error, 'class-capacity')) throw new AppError(409, ROLLOVER_CONFLICTS, { code: 'ROLLOVER_CONFLICTS' });
    throw error;
  }
  const moved = plan.placed.filter((p) => p.target).map((p) => p.id);
  const teacherIds = [...new Set(plan.newClasses.map((k) => k.row.teacherId).filter((id): id is string => !!id))];
  await teachersAudienceChanged(ctx, { teacherIds });
  await familiesAudienceChanged(ctx, moved);
  // Open screens follow the school's year: they switch to the new one at once.
  const { id: _id, name, timeZone, semester, language } = rows.school;
  await ctx.publish(ctx.schoolId, {
    type: 'school_updated',
    data: { _id, name, timeZone, semester, language, academicYear: input.name },
  });
  return { dryRun: false, ...summary };
}
