import { asc, eq, sql } from 'drizzle-orm';
import { classes, savedReports, terms } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, isUniqueViolation, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import type { ReportDefinition, SavedReportInput, SavedReportUpdate } from './saved-schemas';

type Row = typeof savedReports.$inferSelect;
const toSaved = (row: Row) => ({
  _id: row.id,
  name: row.name,
  definition: row.definition,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});

export const REPORT_NAME_TAKEN = 'A saved report with this name already exists';
const SAVED = 'Saved report';

/** The saved reports of the school, by name. */
export async function listSavedReports(ctx: TenantContext) {
  const rows = await ctx.db.select().from(savedReports).where(ctx.scoped(savedReports)).orderBy(asc(savedReports.name));
  return rows.map(toSaved);
}

/**
 * What a definition names, read with the report itself and a name clash in one batch: the class and term must be
 * the school's (another school's answer 404, like missing ones).
 */
async function checks(ctx: TenantContext, definition: ReportDefinition | undefined, id: string | null, name?: string) {
  const { db } = ctx;
  const [found, klass, term, taken] = await db.batch([
    db
      .select()
      .from(savedReports)
      .where(ctx.scoped(savedReports, eq(savedReports.id, id ?? ''))),
    db
      .select({ id: classes.id })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, definition?.classId ?? ''))),
    db
      .select({ id: terms.id })
      .from(terms)
      .where(ctx.scoped(terms, eq(terms.id, definition?.termId ?? ''))),
    db
      .select({ id: savedReports.id })
      .from(savedReports)
      .where(ctx.scoped(savedReports, sql`lower(${savedReports.name}) = lower(${name ?? ''})`)),
  ]);
  if (id !== null && found.length === 0) throw notFound(SAVED);
  if (definition?.classId && klass.length === 0) throw notFound('Class');
  if (definition?.termId && term.length === 0) throw notFound('Term');
  if (name && taken.some((row) => row.id !== id))
    throw new AppError(409, REPORT_NAME_TAKEN, { code: 'ALREADY_EXISTS' });
  return found[0];
}

/** Two saves of one name at once: the unique index lets one land, the other gets the read's answer. */
async function named<T>(write: Promise<T>): Promise<T> {
  try {
    return await write;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, REPORT_NAME_TAKEN, { code: 'ALREADY_EXISTS' });
    throw error;
  }
}

export async function createSavedReport(ctx: TenantContext, input: SavedReportInput) {
  await checks(ctx, input.definition, null, input.name);
  const id = newId();
  const now = ctx.now().toISOString();
  const [[row]] = await named(
    ctx.db.batch([
      ctx.db
        .insert(savedReports)
        .values({
          id,
          schoolId: ctx.schoolId,
          name: input.name,
          definition: input.definition,
          createdBy: ctx.session.userId,
          createdAt: now,
          updatedAt: now,
        })
        .returning(),
      activity(ctx, 'create', 'saved_report', id, `Saved the ${input.definition.type} report ${input.name}`),
    ]),
  );
  return toSaved(row);
}

export async function updateSavedReport(ctx: TenantContext, id: string, input: SavedReportUpdate) {
  const current = await checks(ctx, input.definition, id, input.name);
  const [[row]] = await named(
    ctx.db.batch([
      ctx.db
        .update(savedReports)
        .set({ ...input, updatedAt: ctx.now().toISOString() })
        .where(ctx.scoped(savedReports, eq(savedReports.id, id)))
        .returning(),
      activity(ctx, 'update', 'saved_report', id, `Updated the saved report ${input.name ?? current.name}`),
    ]),
  );
  if (!row) throw notFound(SAVED);
  return toSaved(row);
}

export async function deleteSavedReport(ctx: TenantContext, id: string) {
  const current = await checks(ctx, undefined, id);
  await ctx.db.batch([
    ctx.db.delete(savedReports).where(ctx.scoped(savedReports, eq(savedReports.id, id))),
    activity(ctx, 'delete', 'saved_report', id, `Deleted the saved report ${current.name}`),
  ]);
}
