import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import { parents, schoolVersions, studentParents, students, users } from '../../db/schema';
import { outer } from '../../db/sql';
import { activityIf, countedActivity } from '../../lib/activity';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { RELATIONS, type StudentListQuery } from './schemas';
import { describeFilters, studentFilter } from './service';

type Relation = (typeof RELATIONS)[number];

/** The school's version of what its student lists show (0 before the first write), read in the list's batch. */
function versionOf(ctx: TenantContext) {
  return ctx.db
    .select({ version: sql<number>`coalesce(max(${schoolVersions.students}), 0)`.mapWith(Number) })
    .from(schoolVersions)
    .where(eq(schoolVersions.schoolId, ctx.schoolId));
}

/** What a list's tag is made for: the school, the caller's role and the whole query. */
export function listScope(ctx: TenantContext, query: StudentListQuery): string {
  const { view, page, limit, search, classId, status } = query;
  return JSON.stringify(['students', ctx.schoolId, ctx.session.role, view, page, limit, search, classId, status]);
}

const lines = (query: StudentListQuery): [string, string] => ['Listed ', ` student(s)${describeFilters(query)}`];

const parentsJson = sql<string>`(
  select json_group_array(json_object('relation', sp.relation, 'name', pu.name))
  from ${studentParents} sp
  join ${parents} p on p.id = sp.parent_id
  join ${users} pu on pu.id = p.user_id
  where sp.student_id = ${outer(students.id)} and sp.school_id = ${outer(students.schoolId)}
)`.as('parents_json');

/** A roster row as SQLite writes it: the page's JSON leaves the database as one text, parsed and shaped by nobody. */
const rosterJson = sql`json_object('_id', ${students.id}, 'name', ${users.name}, 'rollNumber', ${students.rollNumber},
  'admissionNumber', ${students.admissionNumber}, 'status', ${students.status}, 'classId', ${students.classId})`;

function selectRows(ctx: TenantContext, query: StudentListQuery) {
  const row = {
    id: students.id,
    name: users.name,
    rollNumber: students.rollNumber,
    admissionNumber: students.admissionNumber,
    status: students.status,
    classId: students.classId,
  };
  const card = {
    ...row,
    email: users.email,
    phone: users.phone,
    street: students.addressStreet,
    city: students.addressCity,
    admissionDate: students.admissionDate,
    parentsJson,
  };
  const columns = query.view === 'cards' ? card : { row: rosterJson.as('row') };
  // Without a class, the school's students are read in name order from the accounts' index and stop at the page;
  // a class's few are found by its index and sorted.
  const byName = !query.classId;
  const from = byName
    ? ctx.db
        .select(columns)
        .from(users)
        .crossJoin(students)
        .where(
          and(
            eq(users.schoolId, ctx.schoolId),
            eq(users.role, 'student'),
            eq(students.userId, users.id),
            studentFilter(ctx, query),
          ),
        )
    : ctx.db
        .select(columns)
        .from(students)
        .innerJoin(users, eq(users.id, students.userId))
        .where(studentFilter(ctx, query));
  return from.orderBy(asc(users.name), asc(users.id)).limit(query.limit).offset(offsetOf(query));
}

/** Students matching the filters; the accounts are read only when the search needs them. */
function matching(ctx: TenantContext, query: StudentListQuery, columns: Record<string, SQL.Aliased | SQL>) {
  const base = ctx.db.select(columns).from(students);
  return (query.search ? base.innerJoin(users, eq(users.id, students.userId)) : base).where(studentFilter(ctx, query));
}

type RowOut = {
  id: string;
  name: string;
  rollNumber: string;
  admissionNumber: string;
  status: 'active' | 'inactive';
  classId: string | null;
  email?: string;
  phone?: string | null;
  street?: string | null;
  city?: string | null;
  admissionDate?: string;
  parentsJson?: string | null;
};

function shape(row: RowOut) {
  const lean = {
    _id: row.id,
    name: row.name,
    rollNumber: row.rollNumber,
    admissionNumber: row.admissionNumber,
    status: row.status,
    classId: row.classId,
  };
  if (row.admissionDate === undefined) return lean;
  const family = (row.parentsJson ? JSON.parse(row.parentsJson) : []) as { relation: Relation; name: string }[];
  return {
    ...lean,
    email: row.email ?? null,
    phone: row.phone ?? null,
    address: { street: row.street ?? null, city: row.city ?? null },
    admissionDate: row.admissionDate,
    parents: family.sort((a, b) => RELATIONS.indexOf(a.relation) - RELATIONS.indexOf(b.relation)),
  };
}

/**
 * The roster page as one JSON array, in the page's order, with its length. Its rows are joined as the text
 * `json_object` wrote: `json_group_array(json(…))` would parse each again (a quarter of the list's SQL).
 */
function rosterPage(ctx: TenantContext, query: StudentListQuery) {
  const page = selectRows(ctx, query).as('page');
  return ctx.db
    .select({
      json: sql<string>`'[' || coalesce(group_concat("page"."row", ','), '') || ']'`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(page);
}

/**
 * One page of the school's students with the total, the school's version for the list's tag and the activity
 * line counting the page: one round trip.
 */
export async function listStudents(ctx: TenantContext, query: StudentListQuery) {
  const [rows, [{ total }], , [{ version }]] = await ctx.db.batch([
    query.view === 'cards' ? selectRows(ctx, query) : rosterPage(ctx, query),
    matching(ctx, query, { total: count() }),
    countedActivity(
      ctx,
      'read',
      'student',
      null,
      lines(query),
      matching(ctx, query, { one: sql`1` }).limit(query.limit).offset(offsetOf(query)),
    ),
    versionOf(ctx),
  ]);
  if (query.view === 'cards') {
    const students = (rows as RowOut[]).map(shape);
    return { json: null, students, count: students.length, total: Number(total), version };
  }
  const [page] = rows as { json: string; count: number }[];
  return { json: page.json, students: null, count: page.count, total: Number(total), version };
}

/**
 * For a list the caller already holds at `version`: when the school's version is still that, writes the read's
 * activity line (the count the tag vouches for) and answers true, all in one round trip without reading the
 * students; otherwise false, and nothing is written.
 */
export async function listUnchanged(
  ctx: TenantContext,
  query: StudentListQuery,
  held: { version: number; count: number },
) {
  const [before, after] = lines(query);
  const [[{ version }]] = await ctx.db.batch([
    versionOf(ctx),
    activityIf(
      ctx,
      'read',
      'student',
      null,
      `${before}${held.count}${after}`,
      sql`(${versionOf(ctx)}) = ${held.version}`,
    ),
  ]);
  return version === held.version;
}
