import { asc, count, eq, sql } from 'drizzle-orm';
import { feeCategories, feeStructures } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';

type Category = typeof feeCategories.$inferSelect;
const toCategory = (c: Category) => ({ _id: c.id, name: c.name, description: c.description, createdAt: c.createdAt });

export async function listCategories(ctx: TenantContext) {
  const rows = await ctx.db
    .select()
    .from(feeCategories)
    .where(ctx.scoped(feeCategories))
    .orderBy(asc(feeCategories.name));
  return rows.map(toCategory);
}

export async function getCategory(ctx: TenantContext, id: string) {
  const [row] = await ctx.db
    .select()
    .from(feeCategories)
    .where(ctx.scoped(feeCategories, eq(feeCategories.id, id)));
  if (!row) throw notFound('Fee category');
  return toCategory(row);
}

const CATEGORY_TAKEN = 'A fee category with this name already exists';

export async function createCategory(ctx: TenantContext, input: { name: string; description?: string }) {
  const [taken] = await ctx.db
    .select({ id: feeCategories.id })
    .from(feeCategories)
    .where(ctx.scoped(feeCategories, sql`lower(${feeCategories.name}) = lower(${input.name})`));
  if (taken) throw new AppError(409, CATEGORY_TAKEN, { code: 'ALREADY_EXISTS' });
  const id = newId();
  const [[row]] = await ctx.db.batch([
    ctx.db
      .insert(feeCategories)
      .values({ id, schoolId: ctx.schoolId, name: input.name, description: input.description ?? null })
      .returning(),
    activity(ctx, 'create', 'fee_category', id, `Added fee category ${input.name}`),
  ]);
  return toCategory(row);
}

export async function updateCategory(ctx: TenantContext, id: string, input: { name?: string; description?: string }) {
  const current = await getCategory(ctx, id);
  if (Object.keys(input).length === 0) return current;
  if (input.name && input.name.toLowerCase() !== current.name.toLowerCase()) {
    const [taken] = await ctx.db
      .select({ id: feeCategories.id })
      .from(feeCategories)
      .where(ctx.scoped(feeCategories, sql`lower(${feeCategories.name}) = lower(${input.name})`));
    if (taken) throw new AppError(409, CATEGORY_TAKEN, { code: 'ALREADY_EXISTS' });
  }
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(feeCategories)
      .set(input)
      .where(ctx.scoped(feeCategories, eq(feeCategories.id, id)))
      .returning(),
    activity(ctx, 'update', 'fee_category', id, `Updated fee category ${input.name ?? current.name}`),
  ]);
  return toCategory(row);
}

export async function deleteCategory(ctx: TenantContext, id: string) {
  const [[row], [{ used }]] = await ctx.db.batch([
    ctx.db
      .select()
      .from(feeCategories)
      .where(ctx.scoped(feeCategories, eq(feeCategories.id, id))),
    ctx.db
      .select({ used: count() })
      .from(feeStructures)
      .where(ctx.scoped(feeStructures, eq(feeStructures.categoryId, id))),
  ]);
  if (!row) throw notFound('Fee category');
  if (used > 0)
    throw new AppError(409, `This category is used by ${used} fee structure(s); delete or move them first.`, {
      code: 'IN_USE',
    });
  await ctx.db.batch([
    ctx.db.delete(feeCategories).where(ctx.scoped(feeCategories, eq(feeCategories.id, id))),
    activity(ctx, 'delete', 'fee_category', id, `Deleted fee category ${row.name}`),
  ]);
}
