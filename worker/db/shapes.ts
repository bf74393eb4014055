import { is, Placeholder, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Database } from './database';

/**
 * Statements written once per shape and bound to each request's values. Drizzle building a select (its columns,
 * joins and conditions, then its SQL text) costs more CPU than a small indexed read, and it writes the same text
 * for every request of one shape: so a shape's statements are built once with `sql.placeholder(name)` for each
 * value, and a request only binds its values to that text, through the driver's own prepared statement (which
 * reads the rows as the builder would have). Works inside `db.batch`, on D1 and libSQL alike.
 *
 * `build` may branch on the shape only, never on a value: it gets a placeholder for every name it reads. Values
 * are bound as given, so give them as the database stores them (columns' own encoding is not applied).
 */
export function statementShapes<Shape, Values extends object, Items extends readonly BatchItem<'sqlite'>[]>(
  keyOf: (shape: Shape) => string,
  build: (db: Database, shape: Shape, values: Values) => Items,
) {
  const written = new Map<string, Written[]>();
  const placeholders = new Proxy({} as Values, {
    get: (_, name) => (typeof name === 'string' ? sql.placeholder(name) : undefined),
  });
  return {
    /** The shape's statements with these values, ready for `db.batch` (or to await one alone). */
    bind(db: Database, shape: Shape, values: Values): Items {
      const key = keyOf(shape);
      let statements = written.get(key);
      if (!statements) {
        statements = build(db, shape, placeholders).map(writtenOf);
        written.set(key, statements);
      }
      const session = (db as unknown as { session: Session }).session;
      return statements.map((statement) => boundTo(session, statement, values as Record<string, unknown>)) as never;
    },
  };
}

/** A driver's prepared statement: what drizzle's own select, insert or update makes before running. */
interface Prepared {
  getQuery(): { sql: string; params: unknown[] };
  executeMethod: 'all' | 'get' | 'run' | 'values';
  isResponseInArrayMode(): boolean;
  fields?: unknown;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
  execute(): Promise<unknown>;
}

interface Session {
  prepareOneTimeQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    method: Prepared['executeMethod'],
    arrayMode: boolean,
    mapper: unknown,
  ): Prepared;
}

/** A shape's statement as written: its text, its parameters (placeholders and constants), how its rows are read. */
interface Written {
  sql: string;
  params: unknown[];
  method: Prepared['executeMethod'];
  arrayMode: boolean;
  fields: unknown;
  mapper: unknown;
  joinsNotNullableMap: unknown;
}

function writtenOf(item: BatchItem<'sqlite'>): Written {
  const prepared = (item as unknown as { _prepare(): Prepared })._prepare();
  const { sql: text, params } = prepared.getQuery();
  return {
    sql: text,
    params,
    method: prepared.executeMethod,
    arrayMode: prepared.isResponseInArrayMode(),
    fields: prepared.fields,
    mapper: prepared.customResultMapper,
    joinsNotNullableMap: prepared.joinsNotNullableMap,
  };
}

function boundTo(session: Session, statement: Written, values: Record<string, unknown>) {
  const params = statement.params.map((param) => {
    if (!is(param, Placeholder)) return param;
    const value = values[param.name];
    if (value === undefined) throw new Error(`No value for "${param.name}" in a shaped statement`);
    return value;
  });
  const prepared = session.prepareOneTimeQuery(
    { sql: statement.sql, params },
    statement.fields,
    statement.method,
    statement.arrayMode,
    statement.mapper,
  );
  prepared.joinsNotNullableMap = statement.joinsNotNullableMap;
  return {
    _prepare: () => prepared,
    // biome-ignore lint/suspicious/noThenProperty: awaited alone, it runs like the builder it stands for.
    then: <R>(done: (rows: unknown) => R, failed?: (error: unknown) => R) => prepared.execute().then(done, failed),
  };
}
