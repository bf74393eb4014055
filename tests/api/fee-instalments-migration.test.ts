import { createClient } from '@libsql/client';
import { expect, it } from 'vitest';
import { migrationFiles, statementsOf } from '../support/migrations';

it('migration 0007 keeps existing fees as they were: one instalment each, for the whole class, payments for it', async () => {
  const client = createClient({ url: ':memory:' });
  const files = migrationFiles;
  const [before, after] = [files.filter((f) => f < '0007'), files.filter((f) => f.startsWith('0007'))];
  expect(after).toHaveLength(1);
  for (const file of before) await client.batch(statementsOf(file), 'write');
  await client.batch(
    [
      `insert into schools (id, name, code, created_at, updated_at) values ('s', 'S', 'S', '', '')`,
      `insert into classes (id, school_id, name, section, capacity, academic_year, created_at, updated_at)
        values ('c', 's', '5', 'A', 30, '2024-2025', '', '')`,
      `insert into users (id, school_id, role, name, email, password_hash, created_at, updated_at)
        values ('u', 's', 'student', 'Kid', 'kid@example.org', 'x', '', '')`,
      `insert into students (id, school_id, user_id, class_id, roll_number, admission_number, date_of_birth, gender,
        admission_date, created_at, updated_at) values ('st', 's', 'u', 'c', '1', 'A1', '2015-01-01', 'female', '2024-04-01', '', '')`,
      `insert into fee_categories (id, school_id, name, created_at, updated_at) values ('cat', 's', 'Bus', '', '')`,
      `insert into fee_structures (id, school_id, class_id, category_id, amount_minor, due_date, frequency, academic_year,
        created_at, updated_at) values ('f', 's', 'c', 'cat', 1000, '2024-06-10', 'monthly', '2024-2025', '', '')`,
      `insert into fee_collections (id, school_id, student_id, structure_id, amount_minor, method, paid_on, created_at,
        updated_at) values ('p', 's', 'st', 'f', 400, 'cash', '2024-06-01', '', '')`,
    ],
    'write',
  );
  await client.batch(statementsOf(after[0]), 'write');
  const rows = await client.execute(`select s.optional, s.due_dates, c.instalment,
      (select count(*) from json_each(coalesce(s.due_dates, json_array(s.due_date)))) instalments,
      (select wr from pragma_table_list where name = 'fee_assignments') without_rowid,
      (select count(*) from fee_receipts where payer is not null) payers
    from fee_structures s join fee_collections c on c.structure_id = s.id`);
  expect(rows.rows.map((r) => ({ ...r }))).toEqual([
    { optional: 0, due_dates: null, instalment: 1, instalments: 1, without_rowid: 1, payers: 0 },
  ]);
  client.close();
});
