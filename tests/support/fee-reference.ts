/**
 * What every active student owes, recomputed from the fees, assignments and payments with `owesSql` the way the
 * figures were counted before migration 0010 kept them: the reference the kept rows and totals are held to.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../worker/db/database';
import { feeAssignments, feeCollections, feeStructures, students, users } from '../../worker/db/schema';
import { owesSql } from '../../worker/modules/fees/owed';

/** One row per owed instalment: student, structure, instalment, class, due date, amount and paid. */
export function recomputedDues(db: Database, schoolId: string) {
  const paid = db
    .select({
      studentId: feeCollections.studentId,
      structureId: feeCollections.structureId,
      instalment: feeCollections.instalment,
      paid: sql<number>`sum(${feeCollections.amountMinor})`.as('paid'),
    })
    .from(feeCollections)
    .where(eq(feeCollections.schoolId, schoolId))
    .groupBy(feeCollections.studentId, feeCollections.structureId, feeCollections.instalment)
    .as('paid');
  const instalment = sql<number>`(instalment.key + 1)`;
  const dueDate = sql<string>`instalment.value`;
  return db
    .select({
      studentId: students.id,
      structureId: sql<string>`${feeStructures.id}`.as('structure_ref'),
      instalment: instalment.mapWith(Number).as('instalment_no'),
      classId: sql<string>`${students.classId}`.as('class_ref'),
      dueDate: dueDate.as('due'),
      studentName: users.name,
      amountMinor: feeStructures.amountMinor,
      paidMinor: sql<number>`coalesce(${paid.paid}, 0)`.mapWith(Number).as('paid_minor'),
    })
    .from(students)
    .innerJoin(users, eq(users.id, students.userId))
    .innerJoin(
      feeStructures,
      and(eq(feeStructures.classId, students.classId), eq(feeStructures.schoolId, students.schoolId)),
    )
    .innerJoin(
      sql`json_each(coalesce(${feeStructures.dueDates}, json_array(${feeStructures.dueDate}))) as instalment`,
      sql`true`,
    )
    .leftJoin(
      feeAssignments,
      and(
        eq(feeAssignments.schoolId, students.schoolId),
        eq(feeAssignments.structureId, feeStructures.id),
        eq(feeAssignments.studentId, students.id),
      ),
    )
    .leftJoin(
      paid,
      and(eq(paid.studentId, students.id), eq(paid.structureId, feeStructures.id), eq(paid.instalment, instalment)),
    )
    .where(
      and(
        eq(students.schoolId, schoolId),
        eq(students.status, 'active'),
        owesSql({
          optional: feeStructures.optional,
          dueDate,
          admissionDate: students.admissionDate,
          assigned: sql`${feeAssignments.studentId} is not null`,
        }),
      ),
    );
}

export interface ReferenceDue {
  studentId: string;
  structureId: string;
  instalment: number;
  classId: string;
  dueDate: string;
  studentName: string;
  amountMinor: number;
  paidMinor: number;
}

/** Each student's sums over their owed rows, as `fee_student_totals` keeps them. */
export function totalsOf(rows: ReferenceDue[]) {
  const by = new Map<
    string,
    { classId: string; instalments: number; billed: number; paid: number; outstanding: number; unpaid: number }
  >();
  for (const r of rows) {
    const t = by.get(r.studentId) ?? {
      classId: r.classId,
      instalments: 0,
      billed: 0,
      paid: 0,
      outstanding: 0,
      unpaid: 0,
    };
    t.instalments += 1;
    t.billed += r.amountMinor;
    t.paid += r.paidMinor;
    t.outstanding += Math.max(r.amountMinor - r.paidMinor, 0);
    t.unpaid += r.amountMinor > r.paidMinor ? 1 : 0;
    by.set(r.studentId, t);
  }
  return by;
}

/** The school's fee figures from the recomputed rows, as the API answers them in minor units. */
export function figuresOf(rows: ReferenceDue[]) {
  const totals = [...totalsOf(rows).values()];
  const sum = (f: (t: (typeof totals)[number]) => number) => totals.reduce((n, t) => n + f(t), 0);
  return {
    billedMinor: sum((t) => t.billed),
    collectedMinor: sum((t) => t.paid),
    outstandingMinor: sum((t) => t.outstanding),
    unpaidFees: sum((t) => t.unpaid),
    studentsOwing: totals.filter((t) => t.unpaid > 0).length,
    studentsBilled: totals.length,
  };
}

/**
 * The instalments of past years kept as arrears (`fee_arrears`), recomputed from the rows: each one of an active
 * student whose fee is no longer of their class, at the fee's amount, in the student's class of now.
 */
export async function recomputedArrears(db: Database, schoolId: string): Promise<ReferenceDue[]> {
  return db.all<ReferenceDue>(sql`select s.id as studentId, fs.id as structureId, ar.instalment as instalment,
      s.class_id as classId, json_extract(coalesce(fs.due_dates, json_array(fs.due_date)), '$[' || (ar.instalment - 1) || ']') as dueDate,
      u.name as studentName, fs.amount_minor as amountMinor,
      (select coalesce(sum(c.amount_minor), 0) from fee_collections c where c.student_id = s.id
        and c.structure_id = fs.id and c.instalment = ar.instalment) as paidMinor
    from fee_arrears ar join students s on s.id = ar.student_id join users u on u.id = s.user_id
    join fee_structures fs on fs.id = ar.structure_id
    where ar.school_id = ${schoolId} and s.status = 'active' and fs.class_id is not s.class_id
      and ar.instalment <= json_array_length(coalesce(fs.due_dates, json_array(fs.due_date)))`);
}
