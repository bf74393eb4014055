import { asc, eq, sql } from 'drizzle-orm';
import { inJson, jsonInserts } from '../../db/bulk';
import { refusalOf, refuseIf } from '../../db/guard';
import { feeAssignments, feeCollections, feeStructures, students } from '../../db/schema';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { owesSql } from './owed';
import type { AssignmentInput } from './schemas';

const PAID = new AppError(
  409,
  'A student being removed has paid towards this fee, which they would then no longer owe; they stay assigned.',
  { code: 'FEE_PAID' },
);

/**
 * Payments of these students towards the fee that the fee would not be owed for once they are unassigned (an
 * optional fee, or an instalment due before admission): one row is enough to refuse the removal. Read before the
 * write and, as a guard, after the delete inside it.
 */
function strandedPayments(ctx: TenantContext, structureId: string, studentIds: string[]) {
  const owes = owesSql({
    optional: sql`s.optional`,
    dueDate: sql`coalesce(json_extract(s.due_dates, '$[' || (c.instalment - 1) || ']'), s.due_date)`,
    admissionDate: sql`st.admission_date`,
    assigned: sql`false`,
  });
  return sql`select c.student_id as detail from ${feeCollections} c
    join ${feeStructures} s on s.id = c.structure_id join ${students} st on st.id = c.student_id
    where c.school_id = ${ctx.schoolId} and c.structure_id = ${structureId}
      and c.student_id in (select value from json_each(${JSON.stringify(studentIds)})) and not ${owes} limit 1`;
}

function assignedIds(ctx: TenantContext, structureId: string) {
  return ctx.db
    .select({ studentId: feeAssignments.studentId })
    .from(feeAssignments)
    .where(ctx.scoped(feeAssignments, eq(feeAssignments.structureId, structureId)))
    .orderBy(asc(feeAssignments.studentId));
}

/** The students assigned to a fee: those who take an optional fee, or are charged a class fee due before admission. */
export async function listAssignments(ctx: TenantContext, structureId: string) {
  const [[structure], assigned] = await ctx.db.batch([
    ctx.db
      .select({ id: feeStructures.id })
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, eq(feeStructures.id, structureId))),
    assignedIds(ctx, structureId),
  ]);
  if (!structure) throw notFound('Fee structure');
  return { structureId, studentIds: assigned.map((a) => a.studentId) };
}

/**
 * Assigns students to a fee and unassigns others, in one batch. Every student must be this school's (404 otherwise)
 * and, to be added, in the fee's class. A student whose payments the fee would no longer be owed for stays
 * assigned, checked again inside the batch, so no payment is left for a fee its student does not owe.
 */
export async function updateAssignments(ctx: TenantContext, structureId: string, input: AssignmentInput) {
  const { db } = ctx;
  const ids = [...input.add, ...input.remove];
  const [[structure], found, paid] = await db.batch([
    db
      .select({ id: feeStructures.id, classId: feeStructures.classId })
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, eq(feeStructures.id, structureId))),
    db
      .select({ id: students.id, classId: students.classId })
      .from(students)
      .where(ctx.scopedIds(students, students.id, ids)),
    db.select({ detail: sql<string>`detail` }).from(sql`(${strandedPayments(ctx, structureId, input.remove)})`),
  ]);
  if (!structure) throw notFound('Fee structure');
  const classOf = new Map(found.map((s) => [s.id, s.classId]));
  if (ids.some((id) => !classOf.has(id))) throw notFound('Student');
  if (input.add.some((id) => classOf.get(id) !== structure.classId)) {
    throw new AppError(400, "Only students of the fee's class can be assigned to it", { code: 'FEE_NOT_IN_CLASS' });
  }
  if (paid.length) throw PAID;
  try {
    const results = await db.batch([
      ...jsonInserts(
        db,
        feeAssignments,
        input.add.map((studentId) => ({ schoolId: ctx.schoolId, structureId, studentId })),
      ).map((insert) => insert.onConflictDoNothing()),
      db
        .delete(feeAssignments)
        .where(
          ctx.scoped(
            feeAssignments,
            eq(feeAssignments.structureId, structureId),
            inJson(feeAssignments.studentId, input.remove),
          ),
        ),
      refuseIf(db, 'fee-paid', strandedPayments(ctx, structureId, input.remove)),
      activity(
        ctx,
        'update',
        'fee_structure',
        structureId,
        `Assigned ${input.add.length} and unassigned ${input.remove.length} student(s)`,
      ),
      assignedIds(ctx, structureId),
    ] as unknown as [ReturnType<typeof activity>]);
    const assigned = results.at(-1) as unknown as { studentId: string }[];
    return { structureId, studentIds: assigned.map((a) => a.studentId) };
  } catch (error) {
    if (refusalOf(error, 'fee-paid')) throw PAID;
    throw error;
  }
}
