import { asc, eq, ne, sql } from 'drizzle-orm';
import { subjectCategories, subjects } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { outer } from '../../db/sql';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { type CategoryInput, toCategory } from './schemas';

export const DUPLICATE_CATEGORY = 'A subject category with this name already exists';

/** The school's category with this id (a statement, for a batch). */
export function categoryLookup(ctx: TenantContext, categoryId: string) {
  return ctx.db
    .select({ id: subjectCategories.id, name: subjectCategories.name })
    .from(subjectCategories)
    .where(ctx.scoped(subjectCategories, eq(subjectCategories.id, categoryId)))
    .limit(1);
}

function selectCategories(ctx: TenantContext) {
  return ctx.db
    .select({
      category: subjectCategories,
      subjectCount:
        sql<number>`(select count(*) from ${subjects} s where s.category_id = ${outer(subjectCategories.id)} and s.school_id = ${outer(subjectCategories.schoolId)})`
          .mapWith(Number)
          .as('subject_count'),
    })
    .from(subjectCategories);
}

export async function listCategories(ctx: TenantContext) {
  const rows = await selectCategories(ctx).where(ctx.scoped(subjectCategories)).orderBy(asc(subjectCategories.name));
  return rows.map((r) => toCategory(r.category, r.subjectCount));
}

export async function getCategory(ctx: TenantContext, categoryId: string) {
  const [row] = await selectCategories(ctx)
    .where(ctx.scoped(subjectCategories, eq(subjectCategories.id, categoryId)))
    .limit(1);
  if (!row) throw notFound('Category');
  return toCategory(row.category, row.subjectCount);
}

function sameCategoryName(ctx: TenantContext, name: string, exceptId?: string) {
  return ctx.db
    .select({ id: subjectCategories.id })
    .from(subjectCategories)
    .where(
      ctx.scoped(
        subjectCategories,
        sql`lower(${subjectCategories.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(subjectCategories.id, exceptId) : undefined,
      ),
    )
    .limit(1);
}

export async function createCategory(ctx: TenantContext, input: { name: string; description?: string | null }) {
  const { db } = ctx;
  const [duplicate] = await sameCategoryName(ctx, input.name);
  if (duplicate) throw new AppError(409, DUPLICATE_CATEGORY, { code: 'ALREADY_EXISTS' });
  const id = newId();
  try {
    const [[row]] = await db.batch([
      db
        .insert(subjectCategories)
        .values({ id, schoolId: ctx.schoolId, name: input.name, description: input.description ?? null })
        .returning(),
      activity(ctx, 'create', 'subject_category', id, `Added subject category ${input.name}`),
    ]);
    return toCategory(row, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_CATEGORY, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

export async function updateCategory(ctx: TenantContext, categoryId: string, input: CategoryInput) {
  const { db } = ctx;
  const [[current], duplicate] = await db.batch([
    categoryLookup(ctx, categoryId),
    sameCategoryName(ctx, input.name ?? '', categoryId),
  ]);
  if (!current) throw notFound('Category');
  if (input.name && duplicate[0]) throw new AppError(409, DUPLICATE_CATEGORY, { code: 'ALREADY_EXISTS' });
  const changes: Partial<typeof subjectCategories.$inferInsert> = { updatedAt: ctx.now().toISOString() };
  if (input.name !== undefined) changes.name = input.name;
  if (input.description !== undefined) changes.description = input.description;
  try {
    await db.batch([
      db
        .update(subjectCategories)
        .set(changes)
        .where(ctx.scoped(subjectCategories, eq(subjectCategories.id, current.id))),
      activity(ctx, 'update', 'subject_category', current.id, `Updated subject category ${input.name ?? current.name}`),
    ]);
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, DUPLICATE_CATEGORY, { code: 'ALREADY_EXISTS' });
    throw error;
  }
  return getCategory(ctx, current.id);
}

/** Its subjects stay, uncategorised. */
export async function deleteCategory(ctx: TenantContext, categoryId: string) {
  const { db } = ctx;
  const [current] = await categoryLookup(ctx, categoryId);
  if (!current) throw notFound('Category');
  const [released] = await db.batch([
    db
      .update(subjects)
      .set({ categoryId: null, updatedAt: ctx.now().toISOString() })
      .where(ctx.scoped(subjects, eq(subjects.categoryId, current.id)))
      .returning({ id: subjects.id }),
    db.delete(subjectCategories).where(ctx.scoped(subjectCategories, eq(subjectCategories.id, current.id))),
    activity(ctx, 'delete', 'subject_category', current.id, `Deleted subject category ${current.name}`),
  ]);
  return { _id: current.id, subjectsUncategorised: released.length };
}
