import { sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import { feeCollections, feeStructures, students } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';

/**
 * A batch item that refuses the whole write when a student has then paid more than one of these fees asks:
 * two payments racing for the same balance both pass the read, only one lands. Without `studentId` it covers
 * every student of the fees (a lowered amount racing a payment). Detail: `structureId/paid/amount`.
 */
export function balanceGuard(ctx: TenantContext, structureIds: string[], studentId?: string) {
  const student = studentId ? sql`and c.student_id = ${studentId}` : sql``;
  return refuseIf(
    ctx.db,
    'fee-balance',
    sql`select s.id || '/' || p.paid || '/' || s.amount_minor as detail from (
      select c.structure_id as structure_id, sum(c.amount_minor) as paid from ${feeCollections} c
      where c.school_id = ${ctx.schoolId} ${student}
        and c.structure_id in (select value from json_each(${JSON.stringify(structureIds)}))
      group by c.structure_id, c.student_id
    ) p join ${feeStructures} s on s.id = p.structure_id and s.school_id = ${ctx.schoolId}
    where p.paid > s.amount_minor`,
  );
}

/** The fee, amount paid and amount asked behind a write the balance guard refused, or null. */
export function balanceRefusal(error: unknown) {
  const refusal = refusalOf(error, 'fee-balance');
  if (!refusal) return null;
  const [structureId, paid, amount] = refusal.detail.split('/');
  return { structureId, paid: Number(paid), amount: Number(amount) };
}

/** A batch item that refuses the write when any payment is recorded against the fee (its class or its existence). */
export function unpaidGuard(ctx: TenantContext, structureId: string) {
  return refuseIf(
    ctx.db,
    'fee-paid',
    sql`select c.structure_id as detail from ${feeCollections} c
      where c.school_id = ${ctx.schoolId} and c.structure_id = ${structureId} limit 1`,
  );
}

/** A batch item that refuses a payment when one of its fees is not (or no longer) for the student's class. */
export function feeClassGuard(ctx: TenantContext, structureIds: string[], studentId: string) {
  return refuseIf(
    ctx.db,
    'fee-class',
    sql`select s.id as detail from ${feeStructures} s
      where s.school_id = ${ctx.schoolId} and s.id in (select value from json_each(${JSON.stringify(structureIds)}))
        and s.class_id is not (select st.class_id from ${students} st where st.id = ${studentId} and st.school_id = ${ctx.schoolId})`,
  );
}
