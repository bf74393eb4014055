import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { migrationFiles, statementsOf } from '../support/migrations';

it('migration 0006 gives schools in India an April year and the others September, keeping their year', async () => {
  const client = createClient({ url: ':memory:' });
  const files = migrationFiles;
  const [before, after] = [files.filter((f) => f < '0006'), files.filter((f) => f.startsWith('0006'))];
  expect(after).toHaveLength(1);
  for (const file of before) await client.batch(statementsOf(file), 'write');
  for (const [id, zone] of [
    ['pune', 'Asia/Kolkata'],
    ['old-name', 'Asia/Calcutta'],
    ['dublin', 'Europe/Dublin'],
    ['utc', 'UTC'],
  ])
    await client.execute({
      sql: `insert into schools (id, name, code, time_zone, created_at, updated_at) values (?, ?, ?, ?, '', '')`,
      args: [id, id, id, zone],
    });
  await client.batch(statementsOf(after[0]), 'write');
  const rows = await client.execute('select id, year_start_month month, academic_year year from schools order by id');
  expect(rows.rows.map((r) => ({ ...r }))).toEqual([
    { id: 'dublin', month: 9, year: '2024-2025' },
    { id: 'old-name', month: 4, year: '2024-2025' },
    { id: 'pune', month: 4, year: '2024-2025' },
    { id: 'utc', month: 9, year: '2024-2025' },
  ]);
  client.close();
});
