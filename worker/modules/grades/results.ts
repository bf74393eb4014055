import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/sqlite-core';
import {
  assessmentMarks,
  assessments,
  classes,
  enrolments,
  schools,
  students,
  subjects,
  terms,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { callerTeaches, NOT_YOUR_CLASS } from '../../lib/class-access';
import { classLabel } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import type { ResultsQuery } from './schemas';
import { bandsOf } from './terms';

/**
 * Term results, computed where the marks are: SQL sums each student's weighted marks per subject in one grouped
 * read of the class's term (assessments index → marks by key); the rest (grades, GPA, spread, rank) is arithmetic
 * on at most students × subjects rows. Absent counts as 0; exempt and not yet marked are left out.
 */

type Band = { minPercent: number; grade: string; points: number };

/** The term `termId` names, or the one running on (or last started before) `onDate`. */
export function termPick(ctx: TenantContext, pick: { termId: string } | { onDate: string }): SQL {
  if ('termId' in pick) return sql`${pick.termId}`;
  return sql`(select ${terms.id} from ${terms} where ${ctx.scoped(terms, sql`${terms.startDate} <= ${pick.onDate}`)}
    order by ${terms.startDate} desc limit 1)`;
}

/** A class's subjects with their credits, by name. */
export function classSubjects(ctx: TenantContext, classId: string) {
  return ctx.db
    .select({ id: subjects.id, name: subjects.name, code: subjects.code, credits: subjects.credits })
    .from(subjects)
    .where(ctx.scoped(subjects, eq(subjects.classId, classId)))
    .orderBy(asc(subjects.name));
}

/**
 * A class's students in roll-number order: its active students, and for a class of a past year those its year's
 * enrolments place in it, with the roll number they had then (they have since moved on, left or graduated).
 */
export function classStudents(ctx: TenantContext, classId: string) {
  const now = ctx.db
    .select({
      id: students.id,
      number: students.number,
      name: named(users.name, 'student_name'),
      rollNumber: students.rollNumber,
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .where(ctx.scoped(students, eq(students.classId, classId), eq(students.status, 'active')));
  const then = ctx.db
    .select({
      id: students.id,
      number: students.number,
      name: named(users.name, 'student_name'),
      rollNumber: enrolments.rollNumber,
    })
    .from(enrolments)
    .innerJoin(students, and(eq(students.id, enrolments.studentId), eq(students.schoolId, enrolments.schoolId)))
    .innerJoin(users, eq(users.id, students.userId))
    .where(
      and(
        eq(enrolments.schoolId, ctx.schoolId),
        sql`${enrolments.academicYear} = (select ${classes.academicYear} from ${classes} where ${classes.id} = ${classId})`,
        eq(enrolments.classId, classId),
      ),
    );
  const all = union(now, then).as('class_students');
  return ctx.db.select().from(all).orderBy(sql`cast(${all.rollNumber} as integer)`, asc(all.rollNumber), asc(all.name));
}

/** The read statements of a class's term results, for one batch (with the caller's own statements). */
export function resultStatements(ctx: TenantContext, classId: string, term: SQL) {
  const { db } = ctx;
  return [
    db
      .select({ id: terms.id, name: terms.name, startDate: terms.startDate, endDate: terms.endDate })
      .from(terms)
      .where(ctx.scoped(terms, sql`${terms.id} = ${term}`))
      .limit(1),
    db.select({ rank: schools.rankStudents }).from(schools).where(eq(schools.id, ctx.schoolId)).limit(1),
    classSubjects(ctx, classId),
    classStudents(ctx, classId),
    ...markSums(ctx, classId, sql`${assessments.termId} = ${term}`),
  ] as const;
}

/**
 * Each student's weighted sums per term and subject, and each subject's number of assessments per term, over the
 * class's assessments that `terms` admits (a condition on `assessments.term_id`). `classId` may be a condition on
 * `assessments.class_id` (several classes), and `studentNumber` narrows the sums to one student.
 */
export function markSums(ctx: TenantContext, classId: string | SQL, termCondition: SQL, studentNumber?: SQL) {
  const { db } = ctx;
  const inClass = typeof classId === 'string' ? eq(assessments.classId, classId) : classId;
  const weighed = sql`case when ${assessmentMarks.status} in (0, 1) then ${assessments.weight} end`;
  return [
    db
      .select({
        termId: named(assessments.termId, 'summed_term'),
        studentNumber: assessmentMarks.studentNumber,
        subjectId: assessments.subjectId,
        // Each assessment counts as score / max, times its weight; absent as 0.
        earned:
          sql<number>`sum(case ${assessmentMarks.status} when 0 then ${assessments.weight} * ${assessmentMarks.score} * 1.0 / ${assessments.maxScore} when 1 then 0 end)`
            .mapWith(Number)
            .as('earned'),
        weighed: sql<number | null>`sum(${weighed})`.as('weighed'),
        scored: sql<number>`sum(${assessmentMarks.status} = 0)`.mapWith(Number).as('n_scored'),
        absent: sql<number>`sum(${assessmentMarks.status} = 1)`.mapWith(Number).as('n_absent'),
        exempt: sql<number>`sum(${assessmentMarks.status} = 2)`.mapWith(Number).as('n_exempt'),
      })
      .from(assessments)
      .innerJoin(assessmentMarks, eq(assessmentMarks.assessmentId, assessments.id))
      .where(
        ctx.scoped(
          assessments,
          inClass,
          termCondition,
          studentNumber ? sql`${assessmentMarks.studentNumber} = ${studentNumber}` : undefined,
        ),
      )
      .groupBy(assessments.termId, assessmentMarks.studentNumber, assessments.subjectId),
    db
      .select({
        termId: named(assessments.termId, 'counted_term'),
        subjectId: named(assessments.subjectId, 'assessed_subject'),
        assessments: sql<number>`count(*)`.mapWith(Number).as('n_assessments'),
      })
      .from(assessments)
      .where(ctx.scoped(assessments, inClass, termCondition))
      .groupBy(assessments.termId, assessments.subjectId),
  ] as const;
}

type Statements = ReturnType<typeof resultStatements>;
type Rows<I extends number> = Awaited<Statements[I]>;
export type ResultRows = [Rows<0>, Rows<1>, Rows<2>, Rows<3>, Rows<4>, Rows<5>];

export const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** A band edge is read on the percentage as shown (one decimal): 90.96 shows 91.0 and earns the 91 band. */
export function bandOf(bands: Band[], percent: number) {
  return bands.find((b) => percent >= b.minPercent) ?? null;
}

/** Mean, lowest, highest and (population) standard deviation of the class's percentages, one decimal. */
export function spreadOf(values: number[]) {
  if (!values.length) return { students: 0, mean: null, min: null, max: null, standardDeviation: null };
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return {
    students: values.length,
    mean: round1(mean),
    min: Math.min(...values),
    max: Math.max(...values),
    standardDeviation: round1(Math.sqrt(variance)),
  };
}

/**
 * Credit-weighted mean of `value` over the subjects with a result; subjects carry credits (1 unless set), so a
 * school that never sets them gets the plain mean. All credits 0 falls back to the plain mean.
 */
function creditMean(items: { value: number; credits: number }[]) {
  if (!items.length) return null;
  const credits = items.reduce((n, i) => n + i.credits, 0);
  if (credits <= 0) return items.reduce((n, i) => n + i.value, 0) / items.length;
  return items.reduce((n, i) => n + i.value * i.credits, 0) / credits;
}

/** The class's term results from the batch's rows: every current student × subject, their spread, ranks if on. */
export function assembleResults(rows: ResultRows, bands: Band[]) {
  const [[term], [school], subjectRows, studentRows, sums, counts] = rows;
  const ranked = Boolean(school?.rank);
  const sumOf = new Map(sums.map((s) => [`${s.studentNumber}:${s.subjectId}`, s]));
  const assessed = new Map(counts.map((c) => [c.subjectId, c.assessments]));
  const list = studentRows.map((s) => {
    const perSubject = subjectRows.map((subject) => {
      const sum = sumOf.get(`${s.number}:${subject.id}`);
      const weighed = Number(sum?.weighed ?? 0);
      const percent = sum && weighed > 0 ? round1((sum.earned / weighed) * 100) : null;
      const band = percent == null ? null : bandOf(bands, percent);
      return {
        subjectId: subject.id,
        percent,
        grade: band?.grade ?? null,
        points: band?.points ?? null,
        scored: sum?.scored ?? 0,
        absent: sum?.absent ?? 0,
        exempt: sum?.exempt ?? 0,
      };
    });
    const credited = perSubject.flatMap((r, i) =>
      r.percent == null ? [] : [{ percent: r.percent, points: r.points ?? 0, credits: subjectRows[i].credits }],
    );
    const percent = creditMean(credited.map((c) => ({ value: c.percent, credits: c.credits })));
    const gpa = creditMean(credited.map((c) => ({ value: c.points, credits: c.credits })));
    const overall = percent == null ? null : round1(percent);
    return {
      student: { _id: s.id, name: s.name ?? '', rollNumber: s.rollNumber },
      subjects: perSubject,
      percent: overall,
      grade: overall == null ? null : (bandOf(bands, overall)?.grade ?? null),
      gpa: gpa == null ? null : round2(gpa),
      rank: null as number | null,
    };
  });
  if (ranked) {
    // Competition ranking on the overall percentage: equal percentages share a place (1, 2, 2, 4).
    const order = list.filter((s) => s.percent != null).sort((a, b) => (b.percent ?? 0) - (a.percent ?? 0));
    order.forEach((s, i) => {
      s.rank = i > 0 && order[i - 1].percent === s.percent ? (order[i - 1].rank ?? i + 1) : i + 1;
    });
  }
  const subjectsOut = subjectRows.map((subject, i) => ({
    _id: subject.id,
    name: subject.name,
    code: subject.code,
    credits: subject.credits,
    assessments: assessed.get(subject.id) ?? 0,
    statistics: spreadOf(list.flatMap((s) => (s.subjects[i].percent == null ? [] : [s.subjects[i].percent as number]))),
  }));
  const gpas = list.flatMap((s) => (s.gpa == null ? [] : [s.gpa]));
  return {
    term: term ? { _id: term.id, name: term.name, startDate: term.startDate, endDate: term.endDate } : null,
    ranked,
    subjects: subjectsOut,
    students: list,
    summary: {
      students: list.length,
      withResults: gpas.length,
      meanPercent: spreadOf(list.flatMap((s) => (s.percent == null ? [] : [s.percent]))).mean,
      meanGpa: gpas.length ? round2(gpas.reduce((a, b) => a + b, 0) / gpas.length) : null,
    },
  };
}

export type ClassResults = ReturnType<typeof assembleResults>;

/**
 * `GET /api/grades/results?classId&termId`: one read batch (the class and whether the caller teaches it, the
 * scale, the results' statements), then the read's log line. Teachers read the classes they teach.
 */
export async function classResults(ctx: TenantContext, query: ResultsQuery) {
  const { db } = ctx;
  const [[klass], bands, ...rows] = await db.batch([
    db
      .select({
        id: classes.id,
        name: classes.name,
        section: classes.section,
        teaches: sql<number>`${callerTeaches(ctx, classes.id)}`.mapWith(Number).as('teaches'),
      })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, query.classId)))
      .limit(1),
    bandsOf(ctx),
    ...resultStatements(ctx, query.classId, termPick(ctx, { termId: query.termId })),
  ]);
  if (!klass) throw notFound('Class');
  if (ctx.session.role !== 'school_admin' && !klass.teaches) throw new AppError(403, NOT_YOUR_CLASS);
  const results = assembleResults(rows, bands);
  if (!results.term) throw notFound('Term');
  const label = classLabel(klass);
  await activity(
    ctx,
    'read',
    'class',
    klass.id,
    `Viewed the ${results.term.name} results of class ${label}: ${results.students.length} student(s)`,
  );
  return { class: { _id: klass.id, name: klass.name, section: klass.section }, ...results, term: results.term };
}
