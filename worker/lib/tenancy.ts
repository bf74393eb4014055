import { and, eq, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { AppContext, Deps, Session } from './context';

/** A request's view of its own school: the database, the caller and the scoping helper. */
export interface TenantContext extends Deps {
  schoolId: string;
  session: Session;
  /** `where` for a tenant table: this school's rows, and the extra conditions given. */
  scoped(table: { schoolId: SQLiteColumn }, ...conditions: (SQL | undefined)[]): SQL;
}

export function inSchool(schoolId: string, table: { schoolId: SQLiteColumn }, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.schoolId, schoolId), ...conditions) as SQL;
}

export function tenant(c: AppContext): TenantContext {
  const session = c.get('session');
  const deps = c.get('deps');
  return {
    ...deps,
    schoolId: session.schoolId,
    session,
    scoped: (table, ...conditions) => inSchool(session.schoolId, table, ...conditions),
  };
}
