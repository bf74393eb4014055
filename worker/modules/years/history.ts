import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import {
  assessments,
  classes,
  enrolments,
  feeCollections,
  feeDues,
  feeStructures,
  reportPublications,
  studentAttendance,
  students,
  subjects,
  terms,
  users,
} from '../../db/schema';
import { named } from '../../db/sql';
import { countedActivity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { notFound } from '../../lib/errors';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { assembleResults, bandsOf, markSums, type ResultRows, round1 } from '../grades';

/** Who reads a student's years: the office (every term's results, the read logged) or a family (see below). */
export interface HistoryReader {
  /** A condition on `students` the student must meet (a family's own children): any other answers 404. */
  who?: SQL;
  /** Results of the terms whose report cards were published for that year's class only; the read is not logged. */
  family?: boolean;
}

/**
 * A student's years: the class and roll number of each (from `enrolments`, and the student's own class for the
 * current year), what became of them, that year's attendance, each term's results as the gradebook computes them
 * (`grades/results.ts`), and the fees of that year billed, paid and still owed (arrears included). One batch.
 */
export async function studentHistory(ctx: TenantContext, studentId: string, reader: HistoryReader = {}) {
  const { db } = ctx;
  const own = and(eq(students.id, studentId), reader.who) as SQL;
  const number = sql`(select ${students.number} from ${students} where ${ctx.scoped(students, own)})`;
  // Every class the student was in: each year's enrolment, and their class of now.
  const theirClasses = sql`(select ${enrolments.classId} from ${enrolments} where ${ctx.scoped(
    enrolments,
    eq(enrolments.studentId, studentId),
  )} union select ${students.classId} from ${students} where ${ctx.scoped(students, own)})`;
  const inTheirClasses = sql`${subjects.classId} in ${theirClasses}`;
  const structureYear = sql<string>`${feeStructures.academicYear}`;
  const [[current], past, attendance, subjectRows, termRows, bands, published, sums, counts, dues, paid] =
    await db.batch([
      db
        .select({
          classId: students.classId,
          rollNumber: students.rollNumber,
          number: students.number,
          name: named(users.name, 'student_name'),
          year: classes.academicYear,
          className: classes.name,
          section: classes.section,
        })
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .leftJoin(classes, eq(classes.id, students.classId))
        .where(ctx.scoped(students, own)),
      db
        .select({
          year: enrolments.academicYear,
          classId: enrolments.classId,
          rollNumber: enrolments.rollNumber,
          outcome: enrolments.outcome,
          className: classes.name,
          section: classes.section,
        })
        .from(enrolments)
        .leftJoin(classes, eq(classes.id, enrolments.classId))
        .where(ctx.scoped(enrolments, eq(enrolments.studentId, studentId)))
        .orderBy(asc(enrolments.academicYear)),
      db
        .select({
          classId: studentAttendance.classId,
          present: sql<number>`coalesce(sum(${studentAttendance.status} = 'present'), 0)`.mapWith(Number),
          absent: sql<number>`coalesce(sum(${studentAttendance.status} = 'absent'), 0)`.mapWith(Number),
          late: sql<number>`coalesce(sum(${studentAttendance.status} = 'late'), 0)`.mapWith(Number),
          excused: sql<number>`coalesce(sum(${studentAttendance.status} = 'excused'), 0)`.mapWith(Number),
        })
        .from(studentAttendance)
        .where(and(eq(studentAttendance.schoolId, ctx.schoolId), eq(studentAttendance.studentId, studentId)))
        .groupBy(studentAttendance.classId),
      db
        .select({
          id: subjects.id,
          classId: subjects.classId,
          name: subjects.name,
          code: subjects.code,
          credits: subjects.credits,
        })
        .from(subjects)
        .where(ctx.scoped(subjects, inTheirClasses))
        .orderBy(asc(subjects.name)),
      db
        .select({ id: terms.id, name: terms.name, startDate: terms.startDate, endDate: terms.endDate })
        .from(terms)
        .where(ctx.scoped(terms))
        .orderBy(asc(terms.startDate)),
      bandsOf(ctx),
      // The terms whose report cards were published for each of the classes (what families may see).
      db
        .select({ classId: reportPublications.classId, termId: reportPublications.termId })
        .from(reportPublications)
        .where(ctx.scoped(reportPublications, sql`${reportPublications.classId} in ${theirClasses}`)),
      ...markSums(ctx, sql`${assessments.classId} in ${theirClasses}`, sql`1`, number),
      // What is still owed of each year's fees: the kept rows, the class's of now and the arrears of past years.
      db
        .select({
          year: structureYear,
          owed: sql<number>`coalesce(sum(max(${feeDues.amountMinor} - ${feeDues.paidMinor}, 0)), 0)`.mapWith(Number),
          arrears: sql<number>`coalesce(sum(case when ${feeStructures.classId} is not ${feeDues.classId}
          then max(${feeDues.amountMinor} - ${feeDues.paidMinor}, 0) end), 0)`.mapWith(Number),
        })
        .from(feeDues)
        .innerJoin(feeStructures, eq(feeStructures.id, feeDues.structureId))
        .where(ctx.scoped(feeDues, eq(feeDues.studentId, studentId)))
        .groupBy(structureYear),
      // Every payment towards each year's fees, also those of past years no longer owed.
      db
        .select({
          year: structureYear,
          paid: sql<number>`coalesce(sum(${feeCollections.amountMinor}), 0)`.mapWith(Number),
        })
        .from(feeCollections)
        .innerJoin(feeStructures, eq(feeStructures.id, feeCollections.structureId))
        .where(ctx.scoped(feeCollections, eq(feeCollections.studentId, studentId)))
        .groupBy(structureYear),
      ...(reader.family
        ? []
        : [
            countedActivity(
              ctx,
              'read',
              'student',
              studentId,
              ['Viewed the years of ', ' student'],
              db.select({ id: students.id }).from(students).where(ctx.scoped(students, own)),
              { unlessEmpty: true },
            ),
          ]),
    ]);
  if (!current) throw notFound('Student');
  const years: {
    year: string;
    classId: string | null;
    className: string | null;
    section: string | null;
    rollNumber: string | null;
    outcome: (typeof past)[number]['outcome'] | null;
  }[] = [...past];
  if (current.classId && current.year && !past.some((y) => y.year === current.year))
    years.push({ ...current, year: current.year, outcome: null });
  const yearsOfFees = new Set([...dues.map((d) => d.year), ...paid.map((p) => p.year)]);
  for (const year of yearsOfFees)
    if (!years.some((y) => y.year === year))
      years.push({ year, classId: null, className: null, section: null, rollNumber: null, outcome: null });
  years.sort((a, b) => a.year.localeCompare(b.year));
  const student = { id: studentId, number: current.number, name: current.name, rollNumber: current.rollNumber };
  return years.map((y) => {
    const a = attendance.find((row) => row.classId === y.classId);
    const marked = a ? a.present + a.absent + a.late + a.excused : 0;
    const counted = a ? marked - a.excused : 0;
    const classSubjects = subjectRows.filter((s) => s.classId === y.classId);
    const subjectIds = new Set(classSubjects.map((s) => s.id));
    const assessedTerms = new Set(counts.filter((c) => subjectIds.has(c.subjectId ?? '')).map((c) => c.termId));
    const publishedTerms = new Set(published.filter((p) => p.classId === y.classId).map((p) => p.termId));
    const results = termRows
      .filter((term) => assessedTerms.has(term.id) && (!reader.family || publishedTerms.has(term.id)))
      .map((term) => {
        // The gradebook's own arithmetic, on this student's rows of the class and term (not ranked).
        const rows: ResultRows = [
          [term],
          [{ rank: false }],
          classSubjects,
          [student],
          sums.filter((s) => s.termId === term.id && subjectIds.has(s.subjectId ?? '')),
          counts.filter((c) => c.termId === term.id && subjectIds.has(c.subjectId ?? '')),
        ];
        const [result] = assembleResults(rows, bands).students;
        return {
          termId: term.id,
          term: term.name,
          startDate: term.startDate,
          percentage: result?.percent ?? null,
          grade: result?.grade ?? null,
        };
      });
    const owed = dues.find((d) => d.year === y.year);
    const paidMinor = paid.find((p) => p.year === y.year)?.paid ?? 0;
    const owedMinor = owed?.owed ?? 0;
    const current = y.outcome === null && y.classId !== null;
    return {
      academicYear: y.year,
      current,
      classId: y.classId,
      className: y.className ? formatClassName({ name: y.className, section: y.section }) : null,
      rollNumber: y.rollNumber,
      outcome: y.outcome,
      attendance: {
        marked,
        present: a?.present ?? 0,
        absent: a?.absent ?? 0,
        late: a?.late ?? 0,
        excused: a?.excused ?? 0,
        // As report cards count it: present or late over the marks, excused left out.
        percentage: a && counted > 0 ? round1(((a.present + a.late) / counted) * 100) : null,
      },
      results,
      fees: {
        billed: toMajor(paidMinor + owedMinor),
        paid: toMajor(paidMinor),
        owed: toMajor(owedMinor),
        arrears: toMajor(owed?.arrears ?? 0),
      },
    };
  });
}
