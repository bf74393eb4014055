/**
 * The large school's storage: the whole database and the bytes each student mark takes, its register's share
 * and every index included (SQLite's `dbstat`), and likewise each assessment mark. Budgets: the database ≤ 600 MB,
 * an attendance mark ≤ 40 bytes, an assessment mark ≤ 28 bytes.
 * Alone: `tsx scripts/bench/storage.ts [--persist-to DIR]`.
 */
import { createClient } from '@libsql/client';
import { localD1File } from '../lib/large-school/sqlite-file';
import { flag } from '../lib/run';
import { type BudgetRow, runAlone } from './budget';

export const DATABASE_BUDGET_MB = 600;
export const MARK_BUDGET_BYTES = 40;
/** An assessment mark: its key, status and score in hundredths, the assessment's share and its indexes. */
export const ASSESSMENT_MARK_BUDGET_BYTES = 28;
/** The tables (and their indexes) that hold student attendance. */
const ATTENDANCE = ['attendance_registers', 'attendance_marks'];
/** The tables (and their indexes) that hold the gradebook's marks. */
const GRADEBOOK = ['assessments', 'assessment_marks'];

export async function storage(persistTo: string): Promise<{ rows: BudgetRow[]; lines: string[] }> {
  const client = createClient({ url: `file:${localD1File(persistTo)}` });
  try {
    const [pages, size, objects, marks, assessmentMarks] = await client.batch(
      [
        'pragma page_count',
        'pragma page_size',
        `select s.name, coalesce(m.tbl_name, s.name) as tbl, sum(s.pgsize) as bytes
           from dbstat s left join sqlite_master m on m.name = s.name group by s.name`,
        'select count(*) as n from attendance_marks',
        'select count(*) as n from assessment_marks',
      ],
      'read',
    );
    const database = Number(pages.rows[0][0]) * Number(size.rows[0][0]);
    const byTable = new Map<string, number>();
    for (const row of objects.rows)
      byTable.set(String(row.tbl), (byTable.get(String(row.tbl)) ?? 0) + Number(row.bytes));
    const attendance = ATTENDANCE.reduce((sum, table) => sum + (byTable.get(table) ?? 0), 0);
    const count = Number(marks.rows[0].n);
    const perMark = count > 0 ? attendance / count : Number.NaN;
    const gradebook = GRADEBOOK.reduce((sum, table) => sum + (byTable.get(table) ?? 0), 0);
    const gradeCount = Number(assessmentMarks.rows[0].n);
    const perGrade = gradeCount > 0 ? gradebook / gradeCount : Number.NaN;
    const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
    const lines = [
      `Storage: database ${mb(database)} MB; ${count.toLocaleString('en')} student marks in ${mb(attendance)} MB ` +
        `(${ATTENDANCE.map((t) => `${t} ${mb(byTable.get(t) ?? 0)} MB`).join(', ')}, indexes included)`,
      `Gradebook: ${gradeCount.toLocaleString('en')} assessment marks in ${mb(gradebook)} MB ` +
        `(${GRADEBOOK.map((t) => `${t} ${mb(byTable.get(t) ?? 0)} MB`).join(', ')}, indexes included)`,
    ];
    return {
      rows: [
        {
          name: 'database size',
          measured: `${mb(database)} MB`,
          budget: `≤ ${DATABASE_BUDGET_MB} MB`,
          pass: database <= DATABASE_BUDGET_MB * 2 ** 20,
        },
        {
          name: 'bytes per student mark, register and indexes included',
          measured: `${perMark.toFixed(1)} B`,
          budget: `≤ ${MARK_BUDGET_BYTES} B`,
          pass: perMark <= MARK_BUDGET_BYTES,
        },
        {
          name: 'bytes per assessment mark, its assessment and indexes included',
          measured: `${perGrade.toFixed(1)} B`,
          budget: `≤ ${ASSESSMENT_MARK_BUDGET_BYTES} B`,
          pass: perGrade <= ASSESSMENT_MARK_BUDGET_BYTES,
        },
      ],
      lines,
    };
  } finally {
    client.close();
  }
}

if (process.argv[1]?.endsWith('storage.ts'))
  runAlone(storage(flag(process.argv.slice(2), 'persist-to') || '.bench/state'));
