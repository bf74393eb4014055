import { and, eq, inArray } from 'drizzle-orm';
import {
  classes,
  feeStructures,
  rollovers,
  schedules,
  schoolYears,
  students,
  subjects,
  subjectTeachers,
  users,
} from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { named } from '../../db/sql';
import { classLabel } from '../../lib/class-name';
import { notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import type { RolloverInput } from './schemas';

type ClassRow = typeof classes.$inferSelect;
export type Outcome = 'promoted' | 'repeated' | 'left' | 'graduated';

export type Conflict =
  | { type: 'capacity'; classLabel: string; students: number; capacity: number }
  | { type: 'missing-next-grade'; classLabel: string; nextLabel: string; students: number }
  | { type: 'duplicate-roll-number'; classLabel: string; rollNumber: string; students: number }
  | { type: 'year-exists'; year: string };

/** This year's rows a rollover copies, read in one batch. */
export async function readYear(ctx: TenantContext, to: string) {
  const { db } = ctx;
  const school = await ctx.school();
  const year = school.academicYear;
  const yearClasses = db
    .select({ id: classes.id })
    .from(classes)
    .where(ctx.scoped(classes, eq(classes.academicYear, year)));
  const [klasses, subjectRows, teacherRows, slots, structures, pupils, taken, nextClasses, record] = await db.batch([
    db
      .select()
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.academicYear, year))),
    db
      .select()
      .from(subjects)
      .where(ctx.scoped(subjects, inArray(subjects.classId, yearClasses))),
    db
      .select()
      .from(subjectTeachers)
      .where(
        ctx.scoped(
          subjectTeachers,
          inArray(
            subjectTeachers.subjectId,
            db
              .select({ id: subjects.id })
              .from(subjects)
              .where(ctx.scoped(subjects, inArray(subjects.classId, yearClasses))),
          ),
        ),
      ),
    db
      .select()
      .from(schedules)
      .where(ctx.scoped(schedules, eq(schedules.academicYear, year))),
    db
      .select()
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, eq(feeStructures.academicYear, year))),
    db
      .select({
        id: students.id,
        classId: students.classId,
        rollNumber: students.rollNumber,
        name: named(users.name, 'student_name'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .where(ctx.scoped(students, eq(students.status, 'active'), inArray(students.classId, yearClasses))),
    db
      .select({ id: schoolYears.id })
      .from(schoolYears)
      .where(ctx.scoped(schoolYears, eq(schoolYears.name, to))),
    db
      .select({ id: classes.id })
      .from(classes)
      .where(and(ctx.scoped(classes, eq(classes.academicYear, to))))
      .limit(1),
    // A rollover into that year already under way (a call that stopped before its switch).
    db
      .select()
      .from(rollovers)
      .where(ctx.scoped(rollovers, eq(rollovers.toYear, to), eq(rollovers.state, 'running')))
      .limit(1),
  ]);
  return {
    school,
    klasses,
    subjectRows,
    teacherRows,
    slots,
    structures,
    pupils,
    yearTaken: taken.length + nextClasses.length > 0,
    running: record[0] ?? null,
  };
}
export type YearRows = Awaited<ReturnType<typeof readYear>>;

const grade = (k: { name: string }) => Number(k.name);
const labelKey = (name: string | number, section: string) => `${name}-${section}`;

/** The key a row of next year gets from the row of this year it copies (`kind` tells copies of one row apart). */
export type KeyOf = (kind: string, from: string) => string;

/**
 * The rollover worked out in memory: next year's classes and copies, each student's outcome and class, and every
 * conflict that would stop it. Ids named in the input that are not this year's answer 404, as another school's do.
 * Next year's keys come from `newKey`: a resumed rollover derives the same ones, so it plans the same rows.
 */
export function planRollover(rows: YearRows, input: RolloverInput, newKey: KeyOf = () => newId()) {
  const byId = new Map(rows.klasses.map((k) => [k.id, k]));
  const lastGrade = Math.max(0, ...rows.klasses.map(grade));
  const capacities = new Map(input.capacities.map((c) => [c.classId, c.capacity]));
  for (const id of capacities.keys()) if (!byId.has(id)) throw notFound('Class');
  const amounts = new Map(input.amounts.map((a) => [a.structureId, a.amountMinor]));
  const structureIds = new Set(rows.structures.map((s) => s.id));
  for (const id of amounts.keys()) if (!structureIds.has(id)) throw notFound('Fee structure');
  const decisions = new Map(input.decisions.map((d) => [d.studentId, d.action]));
  const pupilIds = new Set(rows.pupils.map((p) => p.id));
  for (const id of decisions.keys()) if (!pupilIds.has(id)) throw notFound('Student');

  const ordered = [...rows.klasses].sort((a, b) => grade(a) - grade(b) || a.section.localeCompare(b.section));
  const newClasses = ordered.map((k) => ({
    id: newKey('class', k.id),
    from: k,
    row: {
      schoolId: k.schoolId,
      name: k.name,
      section: k.section,
      teacherId: input.classTeachers ? k.teacherId : null,
      capacity: capacities.get(k.id) ?? k.capacity,
      room: k.room,
      academicYear: input.name,
    } satisfies Omit<ClassRow, 'id' | 'createdAt' | 'updatedAt'>,
  }));
  const newClassOf = new Map(newClasses.map((c) => [c.from.id, c]));
  const newByKey = new Map(newClasses.map((c) => [labelKey(c.row.name, c.row.section), c]));

  const conflicts: Conflict[] = [];
  if (rows.yearTaken) conflicts.push({ type: 'year-exists', year: input.name });
  const missing = new Map<string, { klass: ClassRow; students: number }>();
  const placed = rows.pupils.map((p) => {
    const klass = byId.get(p.classId as string) as ClassRow;
    const action = decisions.get(p.id) ?? 'promote';
    let outcome: Outcome;
    let target: (typeof newClasses)[number] | undefined;
    if (action === 'leave') outcome = 'left';
    else if (action === 'repeat') {
      outcome = 'repeated';
      target = newClassOf.get(klass.id);
    } else if (grade(klass) >= lastGrade) outcome = 'graduated';
    else {
      outcome = 'promoted';
      target = newByKey.get(labelKey(grade(klass) + 1, klass.section));
      if (!target) {
        const gap = missing.get(klass.id) ?? { klass, students: 0 };
        gap.students += 1;
        missing.set(klass.id, gap);
      }
    }
    return { ...p, fromClass: klass, outcome, target, nextRoll: p.rollNumber };
  });
  for (const { klass, students } of missing.values())
    conflicts.push({
      type: 'missing-next-grade',
      classLabel: classLabel(klass),
      nextLabel: labelKey(grade(klass) + 1, klass.section),
      students,
    });

  const byTarget = new Map<string, typeof placed>();
  for (const p of placed) if (p.target) byTarget.set(p.target.id, [...(byTarget.get(p.target.id) ?? []), p]);
  for (const c of newClasses) {
    const inClass = byTarget.get(c.id) ?? [];
    if (input.renumberRolls)
      inClass
        .sort((a, b) => (a.name ?? '').localeCompare(b.name ?? '') || a.id.localeCompare(b.id))
        .forEach((p, i) => {
          p.nextRoll = String(i + 1);
        });
    if (inClass.length > c.row.capacity)
      conflicts.push({
        type: 'capacity',
        classLabel: classLabel(c.row),
        students: inClass.length,
        capacity: c.row.capacity,
      });
    const rolls = new Map<string, number>();
    for (const p of inClass) rolls.set(p.nextRoll, (rolls.get(p.nextRoll) ?? 0) + 1);
    for (const [rollNumber, n] of rolls)
      if (n > 1)
        conflicts.push({ type: 'duplicate-roll-number', classLabel: classLabel(c.row), rollNumber, students: n });
  }
  return { newClasses, newClassOf, placed, conflicts, amounts, lastGrade };
}
export type Plan = ReturnType<typeof planRollover>;

/** What the dry run (and the rollover) answer: counts, conflicts, each class's way and each student's. */
export function planSummary(rows: YearRows, plan: Plan, input: RolloverInput) {
  const count = (o: Outcome) => plan.placed.filter((p) => p.outcome === o).length;
  const subjectsCopied = input.subjects ? rows.subjectRows.length : 0;
  return {
    from: rows.school.academicYear,
    to: { name: input.name, startsOn: input.startsOn, endsOn: input.endsOn },
    counts: {
      classes: plan.newClasses.length,
      subjects: subjectsCopied,
      subjectTeachers: input.subjects ? rows.teacherRows.length : 0,
      timetableSlots: input.subjects && input.timetable ? rows.slots.length : 0,
      feeStructures: input.fees ? rows.structures.length : 0,
      students: plan.placed.length,
      promoted: count('promoted'),
      repeated: count('repeated'),
      left: count('left'),
      graduated: count('graduated'),
    },
    conflicts: plan.conflicts,
    // A rollover into this year that stopped before its switch: this year is whole, and starting again finishes it.
    unfinished: rows.running
      ? { step: rows.running.step, steps: rows.running.steps, startedAt: rows.running.createdAt }
      : null,
    classes: plan.newClasses.map((c) => ({
      classId: c.from.id,
      label: classLabel(c.from),
      capacity: c.row.capacity,
      students: plan.placed.filter((p) => p.fromClass.id === c.from.id).length,
      incoming: plan.placed.filter((p) => p.target?.id === c.id).length,
    })),
    students: plan.placed.map((p) => ({
      _id: p.id,
      name: p.name ?? '',
      rollNumber: p.rollNumber,
      nextRoll: p.target ? p.nextRoll : null,
      classId: p.fromClass.id,
      outcome: p.outcome,
      nextClass: p.target ? classLabel(p.target.row) : null,
    })),
  };
}
