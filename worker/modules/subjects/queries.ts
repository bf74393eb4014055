import { asc, count, eq, isNull, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { classes, subjectCategories, subjects, subjectTeachers, subjectTypes, teachers, users } from '../../db/schema';
import { contains, named, outer } from '../../db/sql';
import { notFound } from '../../lib/errors';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { type SubjectListQuery, toSubject } from './schemas';

/** Subjects with class, main teacher and category populated (joined names aliased, see `named`). */
export function selectSubjects(db: Database) {
  return db
    .select({
      subject: subjects,
      className: named(classes.name, 'class_name'),
      classSection: named(classes.section, 'class_section'),
      teacherName: named(users.name, 'teacher_name'),
      categoryName: named(subjectCategories.name, 'category_name'),
    })
    .from(subjects)
    .leftJoin(classes, eq(classes.id, subjects.classId))
    .leftJoin(teachers, eq(teachers.id, subjects.teacherId))
    .leftJoin(users, eq(users.id, teachers.userId))
    .leftJoin(subjectCategories, eq(subjectCategories.id, subjects.categoryId));
}

const subjectOrder = [asc(subjects.name), sql`cast(${classes.name} as integer)`, asc(classes.section)] as const;

async function pagedSubjects(
  ctx: TenantContext,
  where: SQL,
  paging: { page: number; limit: number },
): Promise<{ subjects: ReturnType<typeof toSubject>[]; total: number }> {
  const [rows, [{ total }]] = await ctx.db.batch([
    selectSubjects(ctx.db)
      .where(where)
      .orderBy(...subjectOrder)
      .limit(paging.limit)
      .offset(offsetOf(paging)),
    ctx.db.select({ total: count() }).from(subjects).where(where),
  ]);
  return { subjects: rows.map(toSubject), total };
}

/** Main teacher or co-teacher. */
function taughtBy(teacherId: string): SQL {
  return or(
    eq(subjects.teacherId, teacherId),
    sql`exists (select 1 from ${subjectTeachers} st where st.subject_id = ${outer(subjects.id)} and st.teacher_id = ${teacherId})`,
  ) as SQL;
}

export async function listSubjects(ctx: TenantContext, query: SubjectListQuery) {
  const where = ctx.scoped(
    subjects,
    query.classId ? eq(subjects.classId, query.classId) : undefined,
    query.teacherId ? taughtBy(query.teacherId) : undefined,
    query.categoryId ? eq(subjects.categoryId, query.categoryId) : undefined,
    query.type ? eq(subjects.type, query.type) : undefined,
    query.search ? or(contains(subjects.name, query.search), contains(subjects.code, query.search)) : undefined,
  );
  return pagedSubjects(ctx, where, query);
}

export async function unassignedSubjects(ctx: TenantContext, paging: { page: number; limit: number }) {
  return pagedSubjects(ctx, ctx.scoped(subjects, or(isNull(subjects.classId), isNull(subjects.teacherId))), paging);
}

/** The subjects of one class (any number: a class has a bounded curriculum). */
export async function subjectsOfClass(ctx: TenantContext, classId: string) {
  const rows = await selectSubjects(ctx.db)
    .where(ctx.scoped(subjects, eq(subjects.classId, classId)))
    .orderBy(...subjectOrder);
  return rows.map(toSubject);
}

export async function getSubject(ctx: TenantContext, subjectId: string) {
  const [row] = await selectSubjects(ctx.db)
    .where(ctx.scoped(subjects, eq(subjects.id, subjectId)))
    .limit(1);
  if (!row) throw notFound('Subject');
  return toSubject(row);
}

/** Subjects of a category given by id or by name (any case). */
export async function subjectsOfCategory(
  ctx: TenantContext,
  category: string,
  paging: { page: number; limit: number },
) {
  const [found] = await ctx.db
    .select({ id: subjectCategories.id, name: subjectCategories.name })
    .from(subjectCategories)
    .where(
      ctx.scoped(
        subjectCategories,
        or(eq(subjectCategories.id, category), sql`lower(${subjectCategories.name}) = ${category.toLowerCase()}`),
      ),
    )
    .orderBy(sql`${subjectCategories.id} = ${category} desc`)
    .limit(1);
  if (!found) throw notFound('Category');
  const result = await pagedSubjects(ctx, ctx.scoped(subjects, eq(subjects.categoryId, found.id)), paging);
  return { ...result, category: { _id: found.id, name: found.name } };
}

export async function subjectStats(ctx: TenantContext) {
  const { db } = ctx;
  const [byType, byCategory, [totals]] = await db.batch([
    db.select({ type: subjects.type, n: count() }).from(subjects).where(ctx.scoped(subjects)).groupBy(subjects.type),
    db
      .select({
        id: subjectCategories.id,
        name: subjectCategories.name,
        n: sql<number>`count(${subjects.id})`.mapWith(Number).as('subject_count'),
      })
      .from(subjectCategories)
      .leftJoin(subjects, eq(subjects.categoryId, subjectCategories.id))
      .where(ctx.scoped(subjectCategories))
      .groupBy(subjectCategories.id)
      .orderBy(asc(subjectCategories.name)),
    db
      .select({
        total: count(),
        credits: sum(subjects.credits).mapWith(Number),
        withoutClass: sql<number>`coalesce(sum(${subjects.classId} is null), 0)`.mapWith(Number).as('without_class'),
        withoutTeacher: sql<number>`coalesce(sum(${subjects.teacherId} is null), 0)`
          .mapWith(Number)
          .as('without_teacher'),
        unassigned: sql<number>`coalesce(sum(${subjects.classId} is null or ${subjects.teacherId} is null), 0)`
          .mapWith(Number)
          .as('unassigned'),
        uncategorised: sql<number>`coalesce(sum(${subjects.categoryId} is null), 0)`
          .mapWith(Number)
          .as('uncategorised'),
      })
      .from(subjects)
      .where(ctx.scoped(subjects)),
  ]);
  const types = Object.fromEntries(subjectTypes.map((type) => [type, 0])) as Record<
    (typeof subjectTypes)[number],
    number
  >;
  for (const row of byType) types[row.type] = row.n;
  return {
    total: totals.total,
    totalCredits: totals.credits ?? 0,
    byType: types,
    byCategory: byCategory.map((c) => ({ _id: c.id, name: c.name, count: c.n })),
    uncategorised: totals.uncategorised,
    unassigned: totals.unassigned,
    withoutClass: totals.withoutClass,
    withoutTeacher: totals.withoutTeacher,
  };
}
