import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/**
 * A class as the school writes it everywhere, screens, CSVs and PDFs alike: grade and section joined by a dash
 * ("6-A"), the form the student import reads back. Shared by the Worker and the screens.
 */
export function formatClassName(klass: { name: string | null; section?: string | null }): string {
  const name = klass.name ?? '';
  return klass.section ? `${name}-${klass.section}` : name;
}

/** The Worker's name for `formatClassName`, in the refusals and activity lines that name a class. */
export function classLabel(row: { name: string; section: string }): string {
  return formatClassName(row);
}

/** `formatClassName` in SQL, for a line written by the statement that reads the class. */
export function classLabelSql(name: SQLiteColumn | SQL, section: SQLiteColumn | SQL): SQL<string> {
  return sql<string>`(coalesce(${name}, '') || case when coalesce(${section}, '') <> '' then '-' || ${section} else '' end)`;
}
