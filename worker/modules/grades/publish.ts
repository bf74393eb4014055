import { and, asc, eq, sql } from 'drizzle-orm';
import { assessments, classes, reportPublications, schools, terms, users } from '../../db/schema';
import { named } from '../../db/sql';
import { activity } from '../../lib/activity';
import { classLabel } from '../../lib/class-name';
import { notFound } from '../../lib/errors';
import type { TenantContext } from '../../lib/tenancy';
import { assembleResults, classStudents, classSubjects, markSums, type ResultRows } from './results';
import type { PublicationInput } from './schemas';
import { bandsOf } from './terms';

const publishedOf = (ctx: TenantContext, classId: string) =>
  ctx.db
    .select({
      termId: reportPublications.termId,
      publishedAt: reportPublications.publishedAt,
      publishedBy: named(users.name, 'publisher_name'),
    })
    .from(reportPublications)
    .leftJoin(users, eq(users.id, reportPublications.publishedBy))
    .where(ctx.scoped(reportPublications, eq(reportPublications.classId, classId)));

/** `GET /api/grades/publications?classId`: the class's terms whose report cards families see, and since when. */
export async function listPublications(ctx: TenantContext, classId: string) {
  const [[klass], rows] = await ctx.db.batch([
    ctx.db
      .select({ id: classes.id })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    publishedOf(ctx, classId),
  ]);
  if (!klass) throw notFound('Class');
  return rows.map((r) => ({ termId: r.termId, publishedAt: r.publishedAt, publishedBy: r.publishedBy ?? null }));
}

/**
 * `PUT /api/grades/publications`: the office publishes a class's report cards of a term (families then see the
 * term's results and cards) or withdraws them. One read (class and term), one write batch with its log line, then
 * the event that tells the class's families and teachers at once.
 */
export async function setPublication(ctx: TenantContext, input: PublicationInput) {
  const { db } = ctx;
  const { classId, termId, published } = input;
  const [[klass], [term], [before]] = await db.batch([
    db
      .select({ id: classes.id, name: classes.name, section: classes.section })
      .from(classes)
      .where(ctx.scoped(classes, eq(classes.id, classId)))
      .limit(1),
    db
      .select({ id: terms.id, name: terms.name })
      .from(terms)
      .where(ctx.scoped(terms, eq(terms.id, termId)))
      .limit(1),
    db
      .select({ publishedAt: reportPublications.publishedAt })
      .from(reportPublications)
      .where(
        ctx.scoped(reportPublications, eq(reportPublications.classId, classId), eq(reportPublications.termId, termId)),
      )
      .limit(1),
  ]);
  if (!klass) throw notFound('Class');
  if (!term) throw notFound('Term');
  const now = ctx.now().toISOString();
  const where = ctx.scoped(
    reportPublications,
    eq(reportPublications.classId, classId),
    eq(reportPublications.termId, termId),
  );
  const summary = `${published ? 'Published' : 'Withdrew'} the ${term.name} report cards of class ${classLabel(klass)}`;
  await db.batch([
    published
      ? db
          .insert(reportPublications)
          .values({ schoolId: ctx.schoolId, classId, termId, publishedBy: ctx.session.userId, publishedAt: now })
          .onConflictDoNothing()
      : db.delete(reportPublications).where(where),
    activity(ctx, 'update', 'report_publication', `${classId}:${termId}`, summary),
  ]);
  await ctx.publish(ctx.schoolId, { type: 'results_published', data: { classId, termId, published } });
  return { classId, termId, published, publishedAt: published ? (before?.publishedAt ?? now) : null };
}

/**
 * Every published term's results of a class, for its families: one read batch (the published terms in date order,
 * the scale, the rank setting, subjects, students, and the sums of those terms' marks), split per term.
 */
export async function publishedResults(ctx: TenantContext, classId: string) {
  const { db } = ctx;
  const publishedTerm = sql`${reportPublications.termId}`;
  const [bands, published, school, subjectRows, studentRows, sums, counts] = await db.batch([
    bandsOf(ctx),
    db
      .select({
        id: terms.id,
        name: terms.name,
        startDate: terms.startDate,
        endDate: terms.endDate,
        publishedAt: reportPublications.publishedAt,
      })
      .from(reportPublications)
      .innerJoin(terms, eq(terms.id, reportPublications.termId))
      .where(ctx.scoped(reportPublications, eq(reportPublications.classId, classId)))
      .orderBy(asc(terms.startDate)),
    db.select({ rank: schools.rankStudents }).from(schools).where(eq(schools.id, ctx.schoolId)).limit(1),
    classSubjects(ctx, classId),
    classStudents(ctx, classId),
    ...markSums(
      ctx,
      classId,
      sql`${assessments.termId} in (select ${publishedTerm} from ${reportPublications} where ${and(
        eq(reportPublications.schoolId, ctx.schoolId),
        eq(reportPublications.classId, classId),
      )})`,
    ),
  ]);
  return published.map((term) => {
    const rows: ResultRows = [
      [term],
      school,
      subjectRows,
      studentRows,
      sums.filter((s) => s.termId === term.id),
      counts.filter((c) => c.termId === term.id),
    ];
    return { publishedAt: term.publishedAt, ...assembleResults(rows, bands) };
  });
}
