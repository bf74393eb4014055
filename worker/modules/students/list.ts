import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { parents, schoolVersions, studentParents, students, users } from '../../db/schema';
import { statementShapes } from '../../db/shapes';
import { outer } from '../../db/sql';
import { type Author, activityIf, countedActivity } from '../../lib/activity';
import { offsetOf } from '../../lib/paging';
import type { TenantContext } from '../../lib/tenancy';
import { RELATIONS, type StudentListQuery } from './schemas';
import { describeFilters, type StudentFilters, studentFilter } from './service';

type Relation = (typeof RELATIONS)[number];

/** What decides a list's SQL text: its view and which filters it has (`db/shapes.ts`). */
interface ListShape {
  view: StudentListQuery['view'];
  classId: boolean;
  status: boolean;
  search: boolean;
}

/** The values a list's statements are bound to; `search` in lower case. */
interface ListValues extends Author {
  classId?: string;
  status?: StudentListQuery['status'];
  search?: string;
  limit: number;
  offset: number;
  /** The activity line's summary around the count: "Listed " and " student(s) (search …)". */
  before: string;
  after: string;
  /** The version of the list the caller or the isolate already holds (-1: none), and the line its read writes. */
  held: number;
  heldSummary: string;
}

/** The school's version of what its student lists show (0 before the first write), read in the list's batch. */
function versionOf(db: Database, schoolId: string) {
  return db
    .select({ version: sql<number>`coalesce(max(${schoolVersions.students}), 0)`.mapWith(Number) })
    .from(schoolVersions)
    .where(eq(schoolVersions.schoolId, schoolId));
}

/** True when the school's version has moved from the one held: only then are the students read. */
const changedSince = (db: Database, values: ListValues) => sql`(${versionOf(db, values.schoolId)}) <> ${values.held}`;

/**
 * The school's id while its version has moved from the one held, NULL while it has not: the key the list's index
 * searches start from, so an unchanged list finds no row without walking any (a condition of its own in the WHERE
 * would be tested on every row). The version is read once per statement.
 */
const listedSchool = (db: Database, values: ListValues) =>
  sql<string>`(case when ${changedSince(db, values)} then ${values.schoolId} end)`;

/** The list's filters, within the school while the list has changed. */
function listFilter(db: Database, shape: ListShape, values: ListValues) {
  const school = listedSchool(db, values);
  return studentFilter(
    { scoped: (table, ...conditions) => and(eq(table.schoolId, school), ...conditions) as SQL },
    filtersOf(shape, values),
  );
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

/** The filters of a shape, as its placeholders. */
function filtersOf(shape: ListShape, values: ListValues): StudentFilters {
  return {
    classId: shape.classId ? values.classId : undefined,
    status: shape.status ? values.status : undefined,
    search: shape.search ? values.search : undefined,
  };
}

function selectRows(db: Database, shape: ListShape, values: ListValues) {
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
  const columns = shape.view === 'cards' ? card : { row: rosterJson.as('row') };
  const filter = listFilter(db, shape, values);
  // Without a class, the school's students are read in name order from the accounts' index and stop at the page;
  // a class's few are found by its index and sorted.
  const from = !shape.classId
    ? db
        .select(columns)
        .from(users)
        .crossJoin(students)
        .where(
          and(
            eq(users.schoolId, listedSchool(db, values)),
            eq(users.role, 'student'),
            eq(students.userId, users.id),
            filter,
          ),
        )
    : db.select(columns).from(students).innerJoin(users, eq(users.id, students.userId)).where(filter);
  return from.orderBy(asc(users.name), asc(users.id)).limit(values.limit).offset(values.offset);
}

/** Students matching the filters; the accounts are read only when the search needs them. */
function matching(db: Database, shape: ListShape, values: ListValues, columns: Record<string, SQL.Aliased | SQL>) {
  const base = db.select(columns).from(students);
  const filter = listFilter(db, shape, values);
  return (shape.search ? base.innerJoin(users, eq(users.id, students.userId)) : base).where(filter);
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

function shaped(row: RowOut) {
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
function rosterPage(db: Database, shape: ListShape, values: ListValues) {
  const page = selectRows(db, shape, values).as('page');
  return db
    .select({
      json: sql<string>`'[' || coalesce(group_concat("page"."row", ','), '') || ']'`,
      count: sql<number>`count(*)`.mapWith(Number),
    })
    .from(page);
}

/**
 * The list's statements, written once per shape: the page, the total and the activity line counting the page,
 * each only when the school's version has moved from the one held; the line for a held list, only when it has
 * not; and the school's version for the list's tag.
 */
const listStatements = statementShapes(
  (shape: ListShape) => `${shape.view}:${shape.classId}:${shape.status}:${shape.search}`,
  (db, shape, values: ListValues) =>
    [
      shape.view === 'cards' ? selectRows(db, shape, values) : rosterPage(db, shape, values),
      matching(db, shape, values, { total: count() }),
      countedActivity(
        { db, author: values },
        'read',
        'student',
        null,
        [values.before, values.after],
        matching(db, shape, values, { one: sql`1` }).limit(values.limit).offset(values.offset),
        { onlyIf: changedSince(db, values) },
      ),
      activityIf(
        { db, author: values },
        'read',
        'student',
        null,
        values.heldSummary,
        sql`(${versionOf(db, values.schoolId)}) = ${values.held}`,
      ),
      versionOf(db, values.schoolId),
    ] as const,
);

function authorOf(ctx: TenantContext): Author {
  return {
    schoolId: ctx.schoolId,
    userId: ctx.session.userId,
    userName: ctx.session.name,
    createdAt: ctx.now().toISOString(),
  };
}

export type StudentList =
  | { unchanged: true; version: number }
  | {
      unchanged: false;
      /** Roster rows as the JSON SQLite wrote (the roster view), or shaped rows (cards). */
      json: string | null;
      students: ReturnType<typeof shaped>[] | null;
      count: number;
      total: number;
      version: number;
    };

/**
 * One page of the school's students with the total, the school's version for the list's tag and the activity
 * line counting the page: one round trip. With a list already held at `held.version` (the caller's tag, or an
 * answer kept in memory) and the school unchanged since, no student is read: the answer is `unchanged`, and the
 * read is logged with the held list's count.
 */
export async function listStudents(
  ctx: TenantContext,
  query: StudentListQuery,
  held: { version: number; count: number } | null = null,
): Promise<StudentList> {
  const shape = { view: query.view, classId: !!query.classId, status: !!query.status, search: !!query.search };
  const [before, after] = lines(query);
  const values: ListValues = {
    ...authorOf(ctx),
    classId: query.classId,
    status: query.status,
    search: query.search?.toLowerCase(),
    limit: query.limit,
    offset: offsetOf(query),
    before,
    after,
    held: held?.version ?? -1,
    heldSummary: `${before}${held?.count ?? 0}${after}`.slice(0, 500),
  };
  const [rows, [{ total }], , , [{ version }]] = await ctx.db.batch(listStatements.bind(ctx.db, shape, values));
  if (held && version === held.version) return { unchanged: true, version };
  if (query.view === 'cards') {
    const students = (rows as RowOut[]).map(shaped);
    return { unchanged: false, json: null, students, count: students.length, total: Number(total), version };
  }
  const [page] = rows as { json: string; count: number }[];
  return { unchanged: false, json: page.json, students: null, count: page.count, total: Number(total), version };
}
