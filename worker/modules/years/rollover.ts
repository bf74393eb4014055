import { and, asc, eq, gt, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import { jsonInsertsFrom, jsonPayloads } from '../../db/bulk';
import { batchOf } from '../../db/database';
import { refusalOf, refuseIf } from '../../db/guard';
import {
  classes,
  enrolments,
  feeArrears,
  feeDues,
  feeStructures,
  rolloverParts,
  rollovers,
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
import { type KeyOf, type Plan, planRollover, planSummary, readYear, type YearRows } from './plan';
import type { RolloverInput } from './schemas';

export const YEAR_EXISTS = 'The school already has this year: a year is rolled over into once';
export const ROLLOVER_CONFLICTS = 'The rollover has conflicts: resolve them (see the dry run) and try again';
export const ROLLOVER_RESTARTED =
  'The rollover was started again meanwhile, with other choices or after this year changed: try again';

/**
 * How much of next year one step writes, in characters of JSON (each part is at most half a megabyte, as
 * `jsonPayloads` cuts them): two parts a batch keep each step well inside D1's limits on a batch. Tests lower it so
 * that a small school takes several steps.
 */
export const rolloverLimits = { stepChars: 1_000_000 };

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

/** Next year's tables in the order the switch inserts them (parents first). */
const TARGETS = {
  classes,
  subjects,
  subject_teachers: subjectTeachers,
  schedules,
  fee_structures: feeStructures,
  enrolments,
} satisfies Record<string, SQLiteTable>;
type Target = keyof typeof TARGETS;
type Part = { target: Target; rows: string };

const byId = <T extends { id: string }>(rows: T[]) => [...rows].sort((a, b) => a.id.localeCompare(b.id));

/**
 * Next year's rows as JSON parts, each table's rows in key order, so a resumed rollover cuts the same parts: the
 * copied classes, subjects with their teachers, timetable and fees, and this year's enrolments saying where each
 * student goes. `now` is the rollover's own start, the same on every call.
 */
function nextYearParts(
  ctx: TenantContext,
  rows: YearRows,
  plan: Plan,
  input: RolloverInput,
  newKey: KeyOf,
  now: string,
) {
  const from = rows.school.academicYear;
  const years = Number(input.name.slice(0, 4)) - Number(from.slice(0, 4));
  const newClass = (id: string | null) => (id ? (plan.newClassOf.get(id)?.id ?? null) : null);
  const subjectIds = new Map(rows.subjectRows.map((s) => [s.id, newKey('subject', s.id)]));
  const tables: { [T in Target]: (typeof TARGETS)[T]['$inferInsert'][] } = {
    classes: byId(plan.newClasses.map((k) => ({ ...k.row, id: k.id, createdAt: now, updatedAt: now }))),
    subjects: input.subjects
      ? byId(
          rows.subjectRows.map((s) => ({
            ...s,
            id: subjectIds.get(s.id) as string,
            classId: newClass(s.classId),
            createdAt: now,
            updatedAt: now,
          })),
        )
      : [],
    subject_teachers: input.subjects
      ? rows.teacherRows
          .map((t) => ({ ...t, subjectId: subjectIds.get(t.subjectId) as string, createdAt: now }))
          .sort((a, b) => a.subjectId.localeCompare(b.subjectId) || a.teacherId.localeCompare(b.teacherId))
      : [],
    schedules:
      input.subjects && input.timetable
        ? byId(
            rows.slots
              .filter((s) => newClass(s.classId) && subjectIds.has(s.subjectId))
              .map((s) => ({
                ...s,
                id: newKey('slot', s.id),
                classId: newClass(s.classId) as string,
                subjectId: subjectIds.get(s.subjectId) as string,
                academicYear: input.name,
                createdAt: now,
                updatedAt: now,
              })),
          )
        : [],
    fee_structures: input.fees
      ? byId(
          rows.structures.map((f) => ({
            ...f,
            id: newKey('fee', f.id),
            classId: newClass(f.classId) as string,
            amountMinor: plan.amounts.get(f.id) ?? f.amountMinor,
            dueDate: shiftYears(f.dueDate, years),
            dueDates: f.dueDates?.map((d) => shiftYears(d, years)) ?? null,
            academicYear: input.name,
            createdAt: now,
            updatedAt: now,
          })),
        )
      : [],
    enrolments: plan.placed
      .map((p) => ({
        schoolId: ctx.schoolId,
        studentId: p.id,
        academicYear: from,
        classId: p.fromClass.id,
        rollNumber: p.rollNumber,
        outcome: p.outcome,
        nextClassId: p.target?.id ?? null,
        nextRollNumber: p.target ? p.nextRoll : null,
        createdAt: now,
        updatedAt: now,
      }))
      .sort((a, b) => a.studentId.localeCompare(b.studentId)),
  };
  return (Object.keys(TARGETS) as Target[]).flatMap((target) =>
    jsonPayloads(TARGETS[target], tables[target] as never[]).map((json): Part => ({ target, rows: json })),
  );
}

/** The parts cut into steps of at most `rolloverLimits.stepChars` (at least one part each; at least one step). */
function stepsOf(parts: Part[]): Part[][] {
  const steps: Part[][] = [[]];
  let size = 0;
  for (const part of parts) {
    const step = steps[steps.length - 1];
    if (step.length > 0 && size + part.rows.length > rolloverLimits.stepChars) {
      steps.push([part]);
      size = part.rows.length;
    } else {
      step.push(part);
      size += part.rows.length;
    }
  }
  return steps;
}

/** What the rollover is planned from, hashed: a call that finds the same carries on the rollover it finds. */
async function fingerprintOf(rows: YearRows, input: RolloverInput) {
  const { dryRun: _dryRun, ...choices } = input;
  const text = JSON.stringify([
    rows.school.academicYear,
    // Steps cut otherwise would not continue those written: a change of size starts afresh.
    rolloverLimits.stepChars,
    choices,
    byId(rows.klasses),
    byId(rows.subjectRows),
    rows.teacherRows.map((t) => `${t.subjectId}:${t.teacherId}`).sort(),
    byId(rows.slots),
    byId(rows.structures),
    byId(rows.pupils),
  ]);
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Keys of next year's rows derived from the rollover's id and the row each copies: the same on every call of one
 * rollover, different between rollovers (a 128-bit hash of the three, shaped as a UUID).
 */
export function derivedKeys(seed: string): KeyOf {
  return (kind, from) => {
    const text = `${seed}:${kind}:${from}`;
    let h1 = 1779033703;
    let h2 = 3144134277;
    let h3 = 1013904242;
    let h4 = 2773480762;
    for (let i = 0; i < text.length; i++) {
      const k = text.charCodeAt(i);
      h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
      h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
      h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
      h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
    }
    h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
    h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
    h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
    h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
    h1 ^= h2 ^ h3 ^ h4;
    h2 ^= h1;
    h3 ^= h1;
    h4 ^= h1;
    const hex = [h1, h2, h3, h4].map((h) => (h >>> 0).toString(16).padStart(8, '0')).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
}

interface Run {
  id: string;
  fingerprint: string;
  /** Steps already written (a resumed rollover's), and all of them. */
  done: number;
  steps: Part[][];
  /** A new record to claim in the first batch (and running ones of the school to drop), or null to resume. */
  claim: typeof rollovers.$inferInsert | null;
}

/** The record is still this run's, running, with the same plan: else another call started the rollover again. */
function stillOurs(ctx: TenantContext, run: Run) {
  return refuseIf(
    ctx.db,
    'rollover-restarted',
    sql`select ${run.id} as detail where not exists (select 1 from ${rollovers} where ${rollovers.id} = ${run.id}
      and ${rollovers.schoolId} = ${ctx.schoolId} and ${rollovers.state} = 'running' and ${rollovers.fingerprint} = ${run.fingerprint})`,
  );
}

/** The school's rollover records a new one replaces: those still running, and any into the same year. */
const replaced = (ctx: TenantContext, toYear: string) =>
  ctx.db
    .select({ id: rollovers.id })
    .from(rollovers)
    .where(ctx.scoped(rollovers, or(eq(rollovers.state, 'running'), eq(rollovers.toYear, toYear))));

/** A step of staged parts: the claim (first step of a new record), the parts, the step recorded. */
function stepWrites(ctx: TenantContext, run: Run, index: number) {
  const { db } = ctx;
  const claim = index === 0 && run.claim ? run.claim : null;
  const offset = run.steps.slice(0, index).reduce((n, step) => n + step.length, 0);
  return [
    ...(claim
      ? [
          // A rollover of the school stopped on the way and planned otherwise gives way, its parts with it, and so
          // does the record of one into this year that a restored backup took back.
          db
            .delete(rolloverParts)
            .where(ctx.scoped(rolloverParts, inArray(rolloverParts.rolloverId, replaced(ctx, claim.toYear)))),
          db.delete(rollovers).where(ctx.scoped(rollovers, inArray(rollovers.id, replaced(ctx, claim.toYear)))),
          db.insert(rollovers).values(claim),
        ]
      : []),
    ...run.steps[index].map((part, i) =>
      db.insert(rolloverParts).values({
        schoolId: ctx.schoolId,
        rolloverId: run.id,
        seq: offset + i,
        target: part.target,
        rows: part.rows,
      }),
    ),
    db
      .update(rollovers)
      .set({ step: index + 1 })
      .where(eq(rollovers.id, run.id)),
    stillOurs(ctx, run),
  ];
}

/**
 * The switch: next year's rows inserted from the staged parts (a statement per table, nothing large bound), this
 * year's unpaid fees carried as arrears, students moved, and the school's year changed: the moment next year exists
 * for everyone. One batch with the rollover's last step, so it lands whole or not at all.
 */
export function switchWrites(
  ctx: TenantContext,
  rows: YearRows,
  plan: Plan,
  input: RolloverInput,
  run: Run,
  c: Record<'classes' | 'promoted' | 'repeated' | 'left' | 'graduated', number>,
) {
  const { db } = ctx;
  const from = rows.school.academicYear;
  const month = String(rows.school.yearStartMonth).padStart(2, '0');
  const fromStart = `${from.slice(0, 4)}-${month}-01`;
  const partsOf = (target: Target) =>
    db
      .select({ rows: rolloverParts.rows })
      .from(rolloverParts)
      .where(and(eq(rolloverParts.rolloverId, run.id), eq(rolloverParts.target, target)))
      .orderBy(asc(rolloverParts.seq))
      .getSQL();
  return [
    // First, so a second rollover racing this one is refused by name, not by a unique index.
    refuseIf(
      db,
      'year-rolled',
      sql`select ${input.name} as detail from ${schools} where ${schools.id} = ${ctx.schoolId} and (${schools.academicYear} <> ${from}
        or exists (select 1 from ${classes} where ${classes.schoolId} = ${ctx.schoolId} and ${classes.academicYear} = ${input.name}))`,
    ),
    ...stepWrites(ctx, run, run.steps.length - 1),
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
    // Fee structures before anyone moves: each student's move then lays out their new class's fees once.
    ...(Object.keys(TARGETS) as Target[]).map((target) => jsonInsertsFrom(db, TARGETS[target], partsOf(target))),
    carryArrears(ctx, from),
    ...studentMoves(ctx, from),
    db.update(schools).set({ academicYear: input.name }).where(eq(schools.id, ctx.schoolId)),
    capacityGuard(
      ctx,
      plan.newClasses.map((k) => k.id),
    ),
    db.update(rollovers).set({ state: 'done', step: run.steps.length }).where(eq(rollovers.id, run.id)),
    db.delete(rolloverParts).where(eq(rolloverParts.rolloverId, run.id)),
    activity(
      ctx,
      'create',
      'school_year',
      input.name,
      `Rolled ${from} over into ${input.name}: ${c.classes} classes, ${c.promoted} promoted, ${c.repeated} repeating, ${c.left} leaving, ${c.graduated} graduated`,
    ),
  ];
}

/** A failed batch because another call claimed the same rollover first (the unique record of the year). */
function claimTaken(error: unknown) {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (/UNIQUE constraint failed: rollovers\./.test(String((current as Error).message ?? ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Plans the rollover into next year and, unless a dry run, carries it out: next year's rows are written in steps
 * under a rollover record, and the last step switches the school's year, so a failure or a timeout at any step
 * leaves this year as it was. Called again, it carries on from the recorded step when nothing it was planned from
 * has changed, or starts afresh (the staged parts of the stopped one dropped) when something has. A small school
 * takes one batch.
 */
export async function rollover(ctx: TenantContext, input: RolloverInput, retried = false): Promise<RolloverAnswer> {
  const rows = await readYear(ctx, input.name);
  const fingerprint = input.dryRun ? '' : await fingerprintOf(rows, input);
  const resumed = rows.running && rows.running.fingerprint === fingerprint ? rows.running : null;
  const id = resumed?.id ?? newId();
  const plan = planRollover(rows, input, derivedKeys(id));
  const summary = planSummary(rows, plan, input);
  if (input.dryRun) return { dryRun: true, ...summary };
  if (rows.yearTaken) throw new AppError(409, YEAR_EXISTS, { code: 'YEAR_ROLLED' });
  if (plan.conflicts.length > 0) throw new AppError(409, ROLLOVER_CONFLICTS, { code: 'ROLLOVER_CONFLICTS' });
  const now = resumed?.createdAt ?? ctx.now().toISOString();
  const steps = stepsOf(nextYearParts(ctx, rows, plan, input, derivedKeys(id), now));
  const run: Run = {
    id,
    fingerprint,
    done: resumed?.step ?? 0,
    steps,
    claim: resumed
      ? null
      : {
          id,
          schoolId: ctx.schoolId,
          fromYear: rows.school.academicYear,
          toYear: input.name,
          fingerprint,
          state: 'running',
          step: 0,
          steps: steps.length,
          startedBy: ctx.session.userId,
          createdAt: now,
          updatedAt: now,
        },
  };
  try {
    for (let index = run.done; index < steps.length - 1; index++)
      await ctx.db.batch(batchOf<BatchItem<'sqlite'>>(stepWrites(ctx, run, index)));
    await ctx.db.batch(batchOf<BatchItem<'sqlite'>>(switchWrites(ctx, rows, plan, input, run, summary.counts)));
  } catch (error) {
    if (refusalOf(error, 'year-rolled')) throw new AppError(409, YEAR_EXISTS, { code: 'YEAR_ROLLED' });
    if (refusalOf(error, 'class-capacity')) throw new AppError(409, ROLLOVER_CONFLICTS, { code: 'ROLLOVER_CONFLICTS' });
    if (refusalOf(error, 'rollover-restarted'))
      throw new AppError(409, ROLLOVER_RESTARTED, { code: 'ROLLOVER_RESTARTED' });
    // Another call claimed this rollover first: once more, which finds it (and carries it on, or finds it done).
    if (claimTaken(error) && !retried) return rollover(ctx, input, true);
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
  return { dryRun: false, ...summary, unfinished: null };
}

type RolloverAnswer = ReturnType<typeof planSummary> & { dryRun: boolean };
