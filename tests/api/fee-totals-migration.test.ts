/**
 * Migration 0010 lays out what every student of a database owes into `fee_dues` and sums it per student: the demo
 * school's fee figures, counted from the instalments before it, are the same read from the kept rows after it.
 * The demo is seeded with today's code, then its rows copied into a database at 0009.
 */
import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { openLibsql } from '../../scripts/lib/libsql-db';
import { nodeHasher } from '../../scripts/lib/node-hasher';
import { seedDemo } from '../../scripts/lib/seed-demo';
import { libsqlDatabase } from '../../worker/db/libsql';
import { DbMeter } from '../../worker/db/meter';
import { inSchool, type TenantContext } from '../../worker/lib/tenancy';
import { feeFigures } from '../../worker/modules/fees/owed';
import { figuresOf, recomputedDues } from '../support/fee-reference';
import { migrationFiles, statementsOf } from '../support/migrations';
import { clientOf } from '../support/query-plans';

const files = migrationFiles;
/** What the fee figures are counted from. */
const TABLES = [
  'schools',
  'users',
  'classes',
  'students',
  'fee_categories',
  'fee_structures',
  'fee_assignments',
  'fee_receipts',
  'fee_collections',
];

it("fills the kept rows and sums so that the demo's fee figures are the same before and after", async () => {
  const seeded = await openLibsql(':memory:');
  await seedDemo(seeded.db, { passwordHash: await nodeHasher.hash('demo1234'), now: new Date('2026-11-25T06:00:00Z') });
  const demo = clientOf(seeded.db);
  const old = createClient({ url: ':memory:' });
  for (const file of files.filter((f) => f < '0010')) await old.batch(statementsOf(file), 'write');
  await old.execute('pragma foreign_keys = off');
  for (const name of TABLES) {
    const { rows: columns } = await old.execute(`select name from pragma_table_info('${name}')`);
    const names = columns.map((c) => `"${String(c.name)}"`);
    const { rows } = await demo.execute(`select ${names.join(', ')} from "${name}"`);
    const insert = `insert into "${name}" (${names.join(', ')}) values (${names.map(() => '?').join(', ')})`;
    for (let i = 0; i < rows.length; i += 500)
      await old.batch(
        rows.slice(i, i + 500).map((row) => ({ sql: insert, args: names.map((_, j) => row[j]) })),
        'write',
      );
  }
  const db = libsqlDatabase(old, new DbMeter());
  const schoolId = String((await old.execute('select id from schools')).rows[0].id);
  const before = figuresOf(await recomputedDues(db, schoolId));
  expect(before.studentsBilled).toBeGreaterThan(100);
  expect(before.collectedMinor).toBeGreaterThan(0);
  expect(before.outstandingMinor).toBeGreaterThan(0);

  const [mine] = files.filter((f) => f.startsWith('0010'));
  await old.batch(statementsOf(mine), 'write');
  const ctx = { db, schoolId, scoped: (table, ...more) => inSchool(schoolId, table, ...more) } as TenantContext;
  const [kept] = await feeFigures(ctx, '2026-11-25');
  expect({
    billedMinor: kept.billed,
    collectedMinor: kept.collected,
    outstandingMinor: kept.outstanding,
    unpaidFees: kept.unpaidFees,
    studentsOwing: kept.studentsOwing,
    studentsBilled: kept.studentsBilled,
  }).toEqual(before);
  // The rows as the demo's own database keeps them, payment by payment, since it was made.
  const rowsOf = async (client: typeof old) =>
    (await client.execute('select * from fee_dues order by student_id, structure_id, instalment')).rows.map((r) => ({
      ...r,
    }));
  expect(await rowsOf(old)).toEqual(await rowsOf(demo));
  old.close();
}, 60_000);
