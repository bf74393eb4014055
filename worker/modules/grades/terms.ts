import { asc, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import { jsonInserts } from '../../db/bulk';
import { refusalOf, refuseIf } from '../../db/guard';
import { assessments, gradeBands, terms } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import { activity } from '../../lib/activity';
import { AppError, notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { type ScaleInput, TERM_IN_USE, TERM_OVERLAP, type TermInput, type TermUpdate } from './schemas';

type TermRow = typeof terms.$inferSelect;
const toTerm = (t: TermRow) => ({
  _id: t.id,
  name: t.name,
  startDate: t.startDate,
  endDate: t.endDate,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
});

/** `GET /api/grades/terms`: the school's terms in date order. */
export async function listTerms(ctx: TenantContext) {
  const rows = await ctx.db.select().from(terms).where(ctx.scoped(terms)).orderBy(asc(terms.startDate));
  return rows.map(toTerm);
}

/** Terms of the school other than `exceptId` that share a day with the range: the rows the overlap rule refuses. */
function overlapping(ctx: TenantContext, range: { startDate: string; endDate: string }, exceptId?: string) {
  return ctx.db
    .select({ detail: sql<string>`${terms.id}`.as('detail') })
    .from(terms)
    .where(
      ctx.scoped(
        terms,
        sql`${terms.startDate} <= ${range.endDate}`,
        sql`${terms.endDate} >= ${range.startDate}`,
        exceptId ? ne(terms.id, exceptId) : undefined,
      ),
    );
}

const overlapError = () => new AppError(409, TERM_OVERLAP, { code: 'TERM_OVERLAP' });

/** Runs a term's write batch; a term written at the same time over the same days refuses it (the guard). */
async function guarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (refusalOf(error, 'term-overlap')) throw overlapError();
    if (refusalOf(error, 'term-in-use')) throw new AppError(409, TERM_IN_USE, { code: 'IN_USE' });
    throw error;
  }
}

/** `POST /api/grades/terms`: a term that shares no day with another. Read, then one write batch with its guard. */
export async function createTerm(ctx: TenantContext, input: TermInput) {
  const { db } = ctx;
  const [clash] = await overlapping(ctx, input).limit(1);
  if (clash) throw overlapError();
  const now = ctx.now().toISOString();
  const row = { id: newId(), schoolId: ctx.schoolId, ...input, createdAt: now, updatedAt: now };
  await guarded(() =>
    db.batch([
      db.insert(terms).values(row),
      refuseIf(db, 'term-overlap', sql`${overlapping(ctx, input, row.id)}`),
      activity(ctx, 'create', 'term', row.id, `Added term ${input.name} (${input.startDate} to ${input.endDate})`),
    ]),
  );
  return toTerm(row);
}

/** `PUT /api/grades/terms/:id`: renames or moves a term, which must still share no day with another. */
export async function updateTerm(ctx: TenantContext, id: string, input: TermUpdate) {
  const { db } = ctx;
  const [current] = await db
    .select()
    .from(terms)
    .where(ctx.scoped(terms, eq(terms.id, id)))
    .limit(1);
  if (!current) throw notFound('Term');
  const next = { ...current, ...input, updatedAt: ctx.now().toISOString() };
  if (next.endDate < next.startDate)
    throw new AppError(400, 'End date must not be before start date', { code: 'BAD_REQUEST' });
  const [clash] = await overlapping(ctx, next, id).limit(1);
  if (clash) throw overlapError();
  await guarded(() =>
    db.batch([
      db
        .update(terms)
        .set({ name: next.name, startDate: next.startDate, endDate: next.endDate, updatedAt: next.updatedAt })
        .where(ctx.scoped(terms, eq(terms.id, id))),
      refuseIf(db, 'term-overlap', sql`${overlapping(ctx, next, id)}`),
      activity(
        ctx,
        'update',
        'term',
        id,
        `Changed term ${current.name} to ${next.name} (${next.startDate} to ${next.endDate})`,
      ),
    ]),
  );
  return toTerm(next);
}

/** `DELETE /api/grades/terms/:id`: only a term without assessments (their marks would go with them). */
export async function deleteTerm(ctx: TenantContext, id: string) {
  const { db } = ctx;
  const [[current], [used]] = await db.batch([
    db
      .select()
      .from(terms)
      .where(ctx.scoped(terms, eq(terms.id, id)))
      .limit(1),
    db
      .select({ id: assessments.id })
      .from(assessments)
      .where(ctx.scoped(assessments, eq(assessments.termId, id)))
      .limit(1),
  ]);
  if (!current) throw notFound('Term');
  if (used) throw new AppError(409, TERM_IN_USE, { code: 'IN_USE' });
  await guarded(() =>
    db.batch([
      refuseIf(
        db,
        'term-in-use',
        sql`select ${assessments.id} as detail from ${assessments} where ${ctx.scoped(assessments, eq(assessments.termId, id))}`,
      ),
      db.delete(terms).where(ctx.scoped(terms, eq(terms.id, id))),
      activity(ctx, 'delete', 'term', id, `Deleted term ${current.name}`),
    ]),
  );
  return { _id: id };
}

type Band = { minPercent: number; grade: string; points: number };

/** Bands from the highest down, each with the highest whole percentage it covers (up to the next band's start). */
export function withMaximums(bands: Band[]) {
  const sorted = [...bands].sort((a, b) => b.minPercent - a.minPercent);
  return sorted.map((b, i) => ({
    grade: b.grade,
    minPercent: b.minPercent,
    maxPercent: i === 0 ? 100 : sorted[i - 1].minPercent - 1,
    points: b.points,
  }));
}

/** The grade a percentage earns on the scale (bands from the highest down), or null without a scale. */
export function gradeOf(bands: Band[], percent: number): string | null {
  return bands.find((b) => percent >= b.minPercent)?.grade ?? null;
}

export function bandsOf(ctx: TenantContext) {
  return ctx.db
    .select({ minPercent: gradeBands.minPercent, grade: gradeBands.grade, points: gradeBands.points })
    .from(gradeBands)
    .where(ctx.scoped(gradeBands))
    .orderBy(desc(gradeBands.minPercent));
}

/** `GET /api/grades/scale`: the school's grading scale (a default one is given to every school). */
export async function gradingScale(ctx: TenantContext) {
  return { bands: withMaximums(await bandsOf(ctx)) };
}

/** `PUT /api/grades/scale`: replaces the whole scale in one batch, the old one kept in the activity log. */
export async function setGradingScale(ctx: TenantContext, input: ScaleInput) {
  const { db } = ctx;
  const before = withMaximums(await bandsOf(ctx));
  const describe = (bands: ReturnType<typeof withMaximums>) =>
    bands.map((b) => `${b.grade} ${b.minPercent}–${b.maxPercent} (${b.points})`).join(', ');
  const after = withMaximums(input.bands);
  const rows = input.bands.map((b) => ({ schoolId: ctx.schoolId, ...b }));
  await db.batch([
    db.delete(gradeBands).where(ctx.scoped(gradeBands) as SQL),
    ...jsonInserts(db, gradeBands, rows),
    activity(ctx, 'update', 'grading_scale', null, `Grading scale set to ${describe(after)}; was ${describe(before)}`),
  ] as never);
  return { bands: after };
}
