import { sql } from 'drizzle-orm';
import { refusalOf, refuseIf } from '../../db/guard';
import { feeArrears, feeAssignments, feeCollections, feeStructures, students } from '../../db/schema';
import type { TenantContext } from '../../lib/tenancy';
import { owesSql } from './owed';

/**
 * A batch item that refuses the whole write when a student has then paid more than one instalment of these fees
 * asks: two payments racing for the same balance both pass the read, only one lands. Without `studentId` it
 * covers every student of the fees (a lowered amount racing a payment). Detail: `structureId/instalment/paid/amount`.
 */
export function balanceGuard(ctx: TenantContext, structureIds: string[], studentId?: string) {
  const student = studentId ? sql`and c.student_id = ${studentId}` : sql``;
  return refuseIf(
    ctx.db,
    'fee-balance',
    sql`select s.id || '/' || p.instalment || '/' || p.paid || '/' || s.amount_minor as detail from (
      select c.structure_id as structure_id, c.instalment as instalment, sum(c.amount_minor) as paid
      from ${feeCollections} c
      where c.school_id = ${ctx.schoolId} ${student}
        and c.structure_id in (select value from json_each(${JSON.stringify(structureIds)}))
      group by c.structure_id, c.student_id, c.instalment
    ) p join ${feeStructures} s on s.id = p.structure_id and s.school_id = ${ctx.schoolId}
    where p.paid > s.amount_minor`,
  );
}

/** The fee, instalment, amount paid and amount asked behind a write the balance guard refused, or null. */
export function balanceRefusal(error: unknown) {
  const refusal = refusalOf(error, 'fee-balance');
  if (!refusal) return null;
  const [structureId, instalment, paid, amount] = refusal.detail.split('/');
  return { structureId, instalment: Number(instalment), paid: Number(paid), amount: Number(amount) };
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

/** A batch item that refuses a change to a fee's instalments that would leave a payment without its instalment. */
export function instalmentsGuard(ctx: TenantContext, structureId: string) {
  return refuseIf(
    ctx.db,
    'fee-instalments',
    sql`select c.instalment as detail from ${feeCollections} c
      join ${feeStructures} s on s.id = c.structure_id
      where c.school_id = ${ctx.schoolId} and c.structure_id = ${structureId}
        and c.instalment > json_array_length(coalesce(s.due_dates, json_array(s.due_date))) limit 1`,
  );
}

/**
 * A batch item that refuses a payment when one of its fees is not (or no longer) for the student's class, unless
 * the student owes some of it as arrears of a past year (the owed guard then checks the instalment).
 */
export function feeClassGuard(ctx: TenantContext, structureIds: string[], studentId: string) {
  return refuseIf(
    ctx.db,
    'fee-class',
    sql`select s.id as detail from ${feeStructures} s
      where s.school_id = ${ctx.schoolId} and s.id in (select value from json_each(${JSON.stringify(structureIds)}))
        and s.class_id is not (select st.class_id from ${students} st where st.id = ${studentId} and st.school_id = ${ctx.schoolId})
        and not exists (select 1 from ${feeArrears} ar where ar.student_id = ${studentId} and ar.structure_id = s.id)`,
  );
}

/**
 * A batch item that refuses a payment for an instalment the student does not owe (an optional fee not assigned,
 * one due before admission and not charged, no such instalment, a past year's not in arrears), as the owed rows
 * count it. Detail: the fee.
 */
export function owedGuard(ctx: TenantContext, items: { structureId: string; instalment: number }[], studentId: string) {
  const owes = owesSql({
    optional: sql`s.optional`,
    dueDate: sql`i.value`,
    admissionDate: sql`st.admission_date`,
    assigned: sql`exists (select 1 from ${feeAssignments} a where a.school_id = s.school_id
      and a.structure_id = s.id and a.student_id = st.id)`,
  });
  return refuseIf(
    ctx.db,
    'fee-owed',
    sql`select json_extract(item.value, '$.structureId') as detail from json_each(${JSON.stringify(items)}) item
      where not exists (
        select 1 from ${feeStructures} s
        join ${students} st on st.id = ${studentId} and st.school_id = s.school_id
        join json_each(coalesce(s.due_dates, json_array(s.due_date))) i
          on i.key + 1 = json_extract(item.value, '$.instalment')
        where s.school_id = ${ctx.schoolId} and s.id = json_extract(item.value, '$.structureId')
          and (s.class_id = st.class_id and ${owes} or exists (select 1 from ${feeArrears} ar
            where ar.student_id = st.id and ar.structure_id = s.id and ar.instalment = i.key + 1))
      )`,
  );
}
