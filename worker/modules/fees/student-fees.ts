import { asc, eq, sql } from 'drizzle-orm';
import { as } from '../../db/bulk';
import {
  classes,
  feeArrears,
  feeAssignments,
  feeCategories,
  feeStructures,
  parents,
  studentParents,
  students,
  users,
} from '../../db/schema';
import { countedActivity } from '../../lib/activity';
import { notFound } from '../../lib/errors';
import { feeLabel } from '../../lib/instalments';
import { toMajor } from '../../lib/money';
import type { TenantContext } from '../../lib/tenancy';
import { owedLabel, owedRows } from './owed';

const RELATIONS = ['father', 'mother', 'guardian'];

export type InstalmentStatus = 'paid' | 'partial' | 'due' | 'overdue' | 'not-owed';

/**
 * One student's fees: every fee of their class with its instalments, each owed or not (an optional fee they do
 * not take, or one due before their admission and not charged), with what was paid. The owed instalments are
 * the owed rows every figure counts; `assigned` is what the office can change. One round trip.
 */
export async function studentFees(ctx: TenantContext, studentId: string) {
  const { db } = ctx;
  const today = await ctx.today();
  const studentWhere = ctx.scoped(students, eq(students.id, studentId));
  const [[student], structures, owed] = await db.batch([
    db
      .select({
        id: students.id,
        name: users.name,
        admissionNumber: students.admissionNumber,
        admissionDate: students.admissionDate,
        status: students.status,
        classId: as<string | null>(classes.id, 'class_ref_id'),
        className: as<string | null>(classes.name, 'class_name'),
        classSection: as<string | null>(classes.section, 'class_section'),
        // Whom the payment form offers as the payer: a parent, father first.
        parentsJson: sql<string>`(select json_group_array(json_object('name', pu.name, 'relation', sp.relation))
          from ${studentParents} sp join ${parents} p on p.id = sp.parent_id join ${users} pu on pu.id = p.user_id
          where sp.school_id = ${students.schoolId} and sp.student_id = ${students.id})`.as('parents_json'),
      })
      .from(students)
      .innerJoin(users, eq(users.id, students.userId))
      .leftJoin(classes, eq(classes.id, students.classId))
      .where(studentWhere),
    db
      .select({
        structure: feeStructures,
        category: as<string>(feeCategories.name, 'category_name'),
        assigned: sql<number>`exists (select 1 from ${feeAssignments} a where a.school_id = ${feeStructures.schoolId}
          and a.structure_id = ${feeStructures.id} and a.student_id = ${studentId})`.mapWith(Boolean),
      })
      .from(feeStructures)
      .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
      .where(
        ctx.scoped(
          feeStructures,
          // Their class's fees, and a past year's kept as arrears.
          sql`(${feeStructures.classId} = (select ${students.classId} from ${students} where ${studentWhere})
            or ${feeStructures.id} in (select ${feeArrears.structureId} from ${feeArrears}
              where ${feeArrears.studentId} = ${studentId} and ${feeArrears.schoolId} = ${ctx.schoolId}))`,
        ),
      )
      .orderBy(asc(feeStructures.dueDate), asc(feeCategories.name)),
    owedRows(ctx, today, { studentId }).select(false),
    countedActivity(
      ctx,
      'read',
      'fee_due',
      studentId,
      ['Viewed the fees of ', ' student(s)'],
      db.select({ one: sql`1` }).from(students).where(studentWhere),
      { unlessEmpty: true },
    ),
  ]);
  if (!student) throw notFound('Student');
  const owedOf = new Map(owed.map((row) => [`${row.structureId}#${row.instalment}`, row]));
  return {
    student: {
      _id: student.id,
      name: student.name,
      admissionNumber: student.admissionNumber,
      admissionDate: student.admissionDate,
      status: student.status,
      classId: student.classId
        ? { _id: student.classId, name: student.className, section: student.classSection }
        : null,
      parents: (JSON.parse(student.parentsJson ?? '[]') as { name: string; relation: string }[]).sort(
        (a, b) => RELATIONS.indexOf(a.relation) - RELATIONS.indexOf(b.relation),
      ),
    },
    fees: structures.map(({ structure: s, category, assigned }) => {
      const dates = s.dueDates ?? [s.dueDate];
      const arrears = s.classId !== student.classId;
      return {
        structureId: s.id,
        category,
        frequency: s.frequency,
        optional: s.optional,
        assigned,
        academicYear: s.academicYear,
        arrears,
        amount: toMajor(s.amountMinor),
        amountMinor: s.amountMinor,
        instalments: dates.flatMap((dueDate, i) => {
          const row = owedOf.get(`${s.id}#${i + 1}`);
          if (arrears && !row) return [];
          const paidMinor = row?.paidMinor ?? 0;
          const status: InstalmentStatus = !row ? 'not-owed' : paidMinor >= s.amountMinor ? 'paid' : row.status;
          return {
            instalment: i + 1,
            label: owedLabel(feeLabel(category, dueDate, dates.length, ctx.language), { ...s, arrears }, ctx.language),
            dueDate,
            owed: Boolean(row),
            paid: toMajor(paidMinor),
            balance: row ? toMajor(s.amountMinor - paidMinor) : 0,
            balanceMinor: row ? s.amountMinor - paidMinor : 0,
            status,
          };
        }),
      };
    }),
    today,
  };
}
