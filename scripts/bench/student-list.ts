import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { inSchool, type TenantContext } from '../../worker/lib/tenancy';
import { listStudents } from '../../worker/modules/students/list';
import type { StudentListQuery } from '../../worker/modules/students/schemas';

export interface Statement {
  sql: string;
  params: unknown[];
}

/**
 * The statements the app's student list sends to D1 for one school and page, taken from the app's own
 * service through a D1 stand-in that records them, so the bare worker runs exactly the same SQL. `held` is the list
 * the app already holds (its kept answer, at the version of its tag), as the app's own requests send it.
 */
export async function studentListStatements(
  schoolId: string,
  query: StudentListQuery,
  held: { version: number; count: number } | null,
): Promise<Statement[]> {
  let captured: Statement[] | null = null;
  const bound = (sql: string, params: unknown[]) => ({
    sql,
    params,
    bind: (...values: unknown[]) => bound(sql, values),
  });
  const recorder = {
    prepare: (sql: string) => bound(sql, []),
    batch: async (statements: Statement[]) => {
      captured = statements.map(({ sql, params }) => ({ sql, params }));
      return statements.map(() => ({ results: [], success: true, meta: {} }));
    },
  } as unknown as D1Database;
  const ctx = {
    db: d1Database(recorder, new DbMeter()),
    schoolId,
    // The list's activity-log line is part of its statements; no account stands behind the benchmark's.
    session: { userId: null, name: 'Benchmark' },
    now: () => new Date(),
    scoped: (table: Parameters<typeof inSchool>[1], ...conditions: Parameters<typeof inSchool>[2][]) =>
      inSchool(schoolId, table, ...conditions),
  } as unknown as TenantContext;
  // The stand-in answers no rows, so shaping the (empty) answer may fail after the statements are taken.
  await listStudents(ctx, query, held).catch(() => undefined);
  if (!captured) throw new Error('The student list sent no batch to the database');
  return captured;
}
