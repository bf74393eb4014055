import { asc, count, eq, type SQL, sql, sum } from 'drizzle-orm';
import { as } from '../../db/bulk';
import { refusalOf } from '../../db/guard';
import { classes, feeAssignments, feeCategories, feeCollections, feeStructures } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { formatClassName } from '../../lib/class-name';
import { AppError, notFound } from '../../lib/errors';
import { instalmentDates } from '../../lib/instalments';
import { formatMinor } from '../../lib/money';
import { offsetOf } from '../../lib/paging';
import { pastYearWrite } from '../../lib/past-year';
import type { TenantContext } from '../../lib/tenancy';
import { balanceGuard, balanceRefusal, instalmentsGuard, unpaidGuard } from './balance';
import { money, type StructureInput } from './schemas';

const structureFields = {
  structure: feeStructures,
  className: as<string>(classes.name, 'class_name'),
  classSection: as<string>(classes.section, 'class_section'),
  categoryName: as<string>(feeCategories.name, 'category_name'),
  assignedCount: sql<number>`(select count(*) from ${feeAssignments} a
    where a.school_id = ${feeStructures.schoolId} and a.structure_id = ${feeStructures.id})`
    .mapWith(Number)
    .as('assigned_count'),
};
type StructureRow = {
  structure: typeof feeStructures.$inferSelect;
  className: string;
  classSection: string;
  categoryName: string;
  assignedCount: number;
};

function toStructure(row: StructureRow, collectedMinor = 0) {
  const s = row.structure;
  const dueDates = s.dueDates ?? [s.dueDate];
  return {
    _id: s.id,
    classId: { _id: s.classId, name: row.className, section: row.classSection },
    categoryId: { _id: s.categoryId, name: row.categoryName },
    ...money(s.amountMinor),
    dueDate: s.dueDate,
    frequency: s.frequency,
    /** The instalments' due dates, one per period of the frequency to the end of the school year. */
    dueDates,
    instalments: dueDates.length,
    optional: s.optional,
    /** Students assigned: those who take an optional fee, or are charged a class fee due before admission. */
    assignedCount: row.assignedCount,
    academicYear: s.academicYear,
    description: s.description,
    collected: money(collectedMinor).amount,
    collectedMinor,
    createdAt: s.createdAt,
  };
}

function structuresQuery(ctx: TenantContext, where: SQL) {
  return ctx.db
    .select(structureFields)
    .from(feeStructures)
    .innerJoin(classes, eq(classes.id, feeStructures.classId))
    .innerJoin(feeCategories, eq(feeCategories.id, feeStructures.categoryId))
    .where(where);
}

function collectedBy(ctx: TenantContext, where: SQL) {
  return ctx.db
    .select({ structureId: feeCollections.structureId, collected: sum(feeCollections.amountMinor).mapWith(Number) })
    .from(feeCollections)
    .where(where)
    .groupBy(feeCollections.structureId);
}

export async function listStructures(
  ctx: TenantContext,
  query: { classId?: string; categoryId?: string; academicYear?: string; page: number; limit: number },
) {
  const where = ctx.scoped(
    feeStructures,
    query.classId ? eq(feeStructures.classId, query.classId) : undefined,
    query.categoryId ? eq(feeStructures.categoryId, query.categoryId) : undefined,
    query.academicYear ? eq(feeStructures.academicYear, query.academicYear) : undefined,
  );
  const [rows, [{ total }], collected] = await ctx.db.batch([
    structuresQuery(ctx, where)
      .orderBy(asc(feeStructures.dueDate), asc(classes.name), asc(classes.section))
      .limit(query.limit)
      .offset(offsetOf(query)),
    ctx.db.select({ total: count() }).from(feeStructures).where(where),
    collectedBy(
      ctx,
      ctx.scoped(
        feeCollections,
        sql`${feeCollections.structureId} in (select ${feeStructures.id} from ${feeStructures} where ${where})`,
      ),
    ),
  ]);
  const byStructure = new Map(collected.map((c) => [c.structureId, c.collected]));
  return { structures: rows.map((r) => toStructure(r, byStructure.get(r.structure.id) ?? 0)), total };
}

export async function getStructure(ctx: TenantContext, id: string) {
  const [[row], collected] = await ctx.db.batch([
    structuresQuery(ctx, ctx.scoped(feeStructures, eq(feeStructures.id, id))),
    collectedBy(ctx, ctx.scoped(feeCollections, eq(feeCollections.structureId, id))),
  ]);
  if (!row) throw notFound('Fee structure');
  return toStructure(row, collected[0]?.collected ?? 0);
}

/** The class and category of a structure must be this school's; both checked in one round trip. */
async function checkReferences(ctx: TenantContext, classId?: string, categoryId?: string) {
  const [foundClass, foundCategory] = await ctx.db.batch([
    ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, classId ?? ''))),
    ctx.db
      .select({ id: feeCategories.id })
      .from(feeCategories)
      .where(ctx.scoped(feeCategories, eq(feeCategories.id, categoryId ?? ''))),
  ]);
  if (classId && !foundClass.length) throw notFound('Class');
  if (categoryId && !foundCategory.length) throw notFound('Fee category');
}

export async function createStructure(ctx: TenantContext, input: StructureInput) {
  await checkReferences(ctx, input.classId, input.categoryId);
  const id = newId();
  const school = await ctx.school();
  const academicYear = input.academicYear ?? school.academicYear;
  await ctx.db.batch([
    ctx.db.insert(feeStructures).values({
      id,
      schoolId: ctx.schoolId,
      classId: input.classId,
      categoryId: input.categoryId,
      amountMinor: input.amount,
      dueDate: input.dueDate,
      frequency: input.frequency,
      dueDates: instalmentDates(input.dueDate, input.frequency, school.yearStartMonth),
      optional: input.optional,
      academicYear,
      description: input.description ?? null,
    }),
    activity(ctx, 'create', 'fee_structure', id, `Added a fee of ${formatMinor(input.amount)}`),
    pastYearWrite(ctx, input.classId, `added a fee of ${formatMinor(input.amount)}`),
  ]);
  return getStructure(ctx, id);
}

export async function updateStructure(ctx: TenantContext, id: string, input: Partial<StructureInput>) {
  const current = await getStructure(ctx, id);
  if (Object.keys(input).length === 0) return current;
  await checkReferences(ctx, input.classId, input.categoryId);
  const movesClass = input.classId !== undefined && input.classId !== current.classId._id;
  if (movesClass && current.collectedMinor > 0) throw PAID_CLASS;
  const { amount, ...rest } = input;
  const relaysInstalments = input.dueDate !== undefined || input.frequency !== undefined;
  const dueDates = relaysInstalments
    ? instalmentDates(
        input.dueDate ?? current.dueDate,
        input.frequency ?? current.frequency,
        (await ctx.school()).yearStartMonth,
      )
    : undefined;
  const becomesOptional = input.optional === true && !current.optional;
  try {
    await ctx.db.batch([
      ctx.db
        .update(feeStructures)
        .set({ ...rest, ...(amount !== undefined ? { amountMinor: amount } : {}), ...(dueDates ? { dueDates } : {}) })
        .where(ctx.scoped(feeStructures, eq(feeStructures.id, id))),
      // A class fee made optional stays assigned to whoever has paid towards it, so no payment loses its fee.
      ...(becomesOptional
        ? [
            ctx.db
              .insert(feeAssignments)
              .select(
                sql`select distinct ${ctx.schoolId}, ${id}, c.student_id from ${feeCollections} c
                  where c.school_id = ${ctx.schoolId} and c.structure_id = ${id} and true`,
              )
              .onConflictDoNothing(),
          ]
        : []),
      // Moved to another class (allowed only while unpaid), the fee leaves its old students' assignments behind.
      ...(movesClass
        ? [ctx.db.delete(feeAssignments).where(ctx.scoped(feeAssignments, eq(feeAssignments.structureId, id)))]
        : []),
      activity(ctx, 'update', 'fee_structure', id, 'Updated a fee structure'),
      pastYearWrite(ctx, current.classId._id, 'updated a fee structure'),
      // A lowered amount is checked against each student's payments here, so a payment racing it is counted too.
      ...(amount !== undefined ? [balanceGuard(ctx, [id])] : []),
      ...(movesClass ? [unpaidGuard(ctx, id)] : []),
      ...(dueDates ? [instalmentsGuard(ctx, id)] : []),
    ] as unknown as [ReturnType<typeof activity>]);
  } catch (error) {
    const overpaid = balanceRefusal(error);
    if (overpaid) {
      throw new AppError(
        409,
        `The amount cannot be less than what has already been collected (${formatMinor(overpaid.paid)}).`,
        { code: 'AMOUNT_BELOW_PAID' },
      );
    }
    if (refusalOf(error, 'fee-paid')) throw PAID_CLASS;
    if (refusalOf(error, 'fee-instalments')) throw PAID_INSTALMENTS;
    throw error;
  }
  return getStructure(ctx, id);
}

const PAID_CLASS = new AppError(409, 'Payments have been recorded against this fee; its class cannot change.', {
  code: 'FEE_PAID',
});
const PAID_INSTALMENTS = new AppError(
  409,
  'Payments have been recorded for a later instalment of this fee; keep its due date and frequency.',
  { code: 'INSTALMENT_PAID' },
);
const PAID_DELETE = new AppError(409, 'Payments have been recorded against this fee; it cannot be deleted.', {
  code: 'FEE_PAID',
});

export async function deleteStructure(ctx: TenantContext, id: string) {
  const current = await getStructure(ctx, id);
  if (current.collectedMinor > 0) throw PAID_DELETE;
  try {
    await ctx.db.batch([
      // Before the delete, which would take a payment recorded meanwhile with it.
      unpaidGuard(ctx, id),
      ctx.db.delete(feeStructures).where(ctx.scoped(feeStructures, eq(feeStructures.id, id))),
      activity(
        ctx,
        'delete',
        'fee_structure',
        id,
        `Deleted the ${current.categoryId.name} fee of ${formatClassName(current.classId)}`,
      ),
    ] as unknown as [ReturnType<typeof activity>]);
  } catch (error) {
    if (refusalOf(error, 'fee-paid')) throw PAID_DELETE;
    throw error;
  }
}
