import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './database';

/** The rules a write batch can enforce on itself. */
export const rules = [
  'class-capacity',
  'timetable-clash',
  'fee-balance',
  'fee-paid',
  'fee-class',
  'fee-owed',
  'fee-instalments',
  'restore-email-taken',
  'restore-foreign-account',
  'restore-foreign-register',
  'term-overlap',
  'term-in-use',
  'assessment-term',
  'assessment-subject',
  'marks-maximum',
  'marks-class',
  'assessment-published',
  'assessment-marks',
  'message-limit',
  'move-keys',
  'year-rolled',
  'rollover-restarted',
  'past-year',
  'reset-link-used',
  'class-in-use',
  'subject-in-use',
  'homework-files',
  'homework-returned',
  'homework-linked',
  'homework-maximum',
] as const;
export type Rule = (typeof rules)[number];

/** What a guard reports when it refuses a batch: the rule and the first violating row's `detail`. */
export interface Refusal {
  rule: Rule;
  detail: string;
}

const MARK = 'refused-by-guard';
const PATTERN = new RegExp(`${MARK}:(${rules.join('|')}):([^'"\\s]*)`);

/**
 * A batch item, placed after the writes, that fails the whole batch (D1 and libSQL roll it back) when `violations`,
 * a SELECT with a `detail` column (ids and numbers), returns a row. SQLite has no RAISE outside triggers: the failure
 * is a deliberately malformed JSON path built from that row, which both drivers quote in their error.
 */
export function refuseIf(db: Database, rule: Rule, violations: SQL) {
  return db
    .select({ refused: sql<null>`json_extract('{}', ${`${MARK}:${rule}:`} || v.detail)` })
    .from(sql`(${violations}) as v`)
    .limit(1);
}

/** The refusal behind a failed batch (the error or one it wraps), or null when something else failed. */
export function refusalOf(error: unknown, rule?: Rule): Refusal | null {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const match = PATTERN.exec(String((current as Error).message ?? ''));
    if (match && (!rule || match[1] === rule)) return { rule: match[1] as Rule, detail: match[2] };
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
