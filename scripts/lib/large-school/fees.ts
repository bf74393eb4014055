import type { Client } from '@libsql/client';

const DUE_COLUMNS =
  'student_id, structure_id, instalment, school_id, class_id, due_date, student_name, amount_minor, paid_minor';

/** What the school's students owe, from the view migration 0010 defines, then each student's sums. */
const FILL = [
  `insert into fee_dues (${DUE_COLUMNS}) select ${DUE_COLUMNS} from fee_owed where school_id = ?`,
  `insert into fee_student_totals (school_id, student_id, class_id, instalments, billed_minor, paid_minor,
    outstanding_minor, unpaid)
  select school_id, student_id, max(class_id), count(*), sum(amount_minor), sum(paid_minor),
    sum(max(amount_minor - paid_minor, 0)), sum(amount_minor > paid_minor)
  from fee_dues where school_id = ? group by student_id`,
];

/**
 * The fee triggers of migration 0010, dropped while the fees and payments are written and made again after:
 * what the students owe is then laid out in two statements instead of row by row.
 */
export async function withoutFeeTriggers(client: Client, schoolId: string, load: () => Promise<void>) {
  const { rows } = await client.execute(
    "select name, sql from sqlite_master where type = 'trigger' and tbl_name in ('fee_structures', 'fee_collections', 'fee_assignments', 'fee_dues')",
  );
  const made = rows.map((r) => ({ name: String(r.name), sql: String(r.sql) }));
  for (const one of made) await client.execute(`drop trigger "${one.name}"`);
  await load();
  await client.batch(
    FILL.map((sql) => ({ sql, args: [schoolId] })),
    'write',
  );
  for (const one of made) await client.execute(one.sql);
}
