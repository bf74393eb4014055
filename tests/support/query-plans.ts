import type { Client, InArgs, InStatement } from '@libsql/client';
import { libsqlDatabase } from '../../worker/db/libsql';
import { DbMeter } from '../../worker/db/meter';
import type { TestApp } from './app';

export interface Statement {
  sql: string;
  args: InArgs;
}

const normalise = (stmt: InStatement): Statement =>
  typeof stmt === 'string' ? { sql: stmt, args: [] } : { sql: stmt.sql, args: stmt.args ?? [] };

/** The libSQL client under a drizzle database (the metered one the app's requests use). */
export function clientOf(db: unknown): Client {
  return (db as { $client: Client }).$client;
}

/**
 * Records every statement the app's requests run, with its arguments, by opening each request's database
 * over a client that notes what passes through. The request's own meter still counts its round trips.
 */
export function recordStatements(t: TestApp): { take(): Statement[] } {
  let seen: Statement[] = [];
  const open = t.platform.openDatabase.bind(t.platform);
  t.platform.openDatabase = (meter) => {
    const client = clientOf(open(meter));
    const recording = new Proxy(client, {
      get(target, prop) {
        const value = Reflect.get(target, prop, target);
        if (prop === 'execute')
          return (stmt: InStatement, args?: InArgs) => {
            seen.push(args === undefined ? normalise(stmt) : { sql: stmt as string, args });
            return target.execute(stmt as never, args as never);
          };
        if (prop === 'batch')
          return (stmts: InStatement[], mode?: never) => {
            seen.push(...stmts.map(normalise));
            return target.batch(stmts, mode);
          };
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return libsqlDatabase(recording, new DbMeter());
  };
  return {
    take() {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

export interface PlanLine {
  detail: string;
}

/** SQLite's plan for a statement, without running it. */
export async function planOf(client: Pick<Client, 'execute'>, stmt: Statement): Promise<PlanLine[]> {
  const { rows } = await client.execute({ sql: `explain query plan ${stmt.sql}`, args: stmt.args });
  return rows.map((row) => ({ detail: String(row.detail) }));
}

/**
 * Plan lines that read a whole table: a `SCAN` (with or without an index), or a `SEARCH` keyed on the school
 * alone, which reads every row of the school. A table under an alias shows as that alias, so aliases count too.
 */
export function wholeTableReads(stmt: Statement, plan: PlanLine[], tables: readonly string[]): string[] {
  const names = tableNames(stmt, tables);
  return plan
    .map((line) => line.detail)
    .filter((detail) => {
      const read = /^(SCAN|SEARCH) (\S+)(.*)$/.exec(detail);
      if (!read || !names.has(read[2])) return false;
      return read[1] === 'SCAN' || /\(school_id=\?\)/.test(read[3]);
    });
}

/** Plan lines that read the tables (by name or alias). */
export function readsOf(stmt: Statement, plan: PlanLine[], tables: readonly string[]): string[] {
  const names = tableNames(stmt, tables);
  return plan
    .map((line) => line.detail)
    .filter((detail) => names.has(/^(?:SCAN|SEARCH) (\S+)/.exec(detail)?.[1] ?? ''));
}

/** The aliases the view `student_attendance` (migration 0008) gives its tables, as its plans name them. */
const VIEW_ALIASES: Record<string, Record<string, string>> = {
  student_attendance: { r: 'attendance_registers', m: 'attendance_marks' },
};

function tableNames(stmt: Statement, tables: readonly string[]): Set<string> {
  const names = new Set(tables);
  for (const [view, aliases] of Object.entries(VIEW_ALIASES))
    if (stmt.sql.includes(view))
      for (const [alias, table] of Object.entries(aliases)) if (tables.includes(table)) names.add(alias);
  for (const table of tables)
    for (const match of stmt.sql.matchAll(new RegExp(`"${table}"\\s+(?:as\\s+)?"(\\w+)"`, 'gi'))) names.add(match[1]);
  return names;
}
