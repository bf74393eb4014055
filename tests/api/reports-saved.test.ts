/**
 * Saved report definitions: per school, checked like any body (the class and term must be the school's), names
 * unique within the school, every change in the activity log, carried by backups.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, savedReports } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { expectError, schoolWithAdmin } from '../support/classroom';
import { createClass } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const definition = (classId: string) => ({
  type: 'student',
  range: 'custom',
  from: '2026-09-01',
  to: '2026-09-30',
  format: 'csv',
  classId,
  status: 'active',
  columns: ['name', 'roll', 'phone'],
});

describe('saved reports', () => {
  it('saves, lists by name, renames, and deletes a definition, logging each change', async () => {
    const s = await schoolWithAdmin(t);
    const classId = await createClass(t, s.schoolId, { name: '8', section: 'A' });
    const saved = await s.admin.post('/api/reports/saved', {
      name: 'Class 8-A phone list',
      definition: definition(classId),
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    expect(saved.body.message).toBe('Report saved successfully');
    expect(saved.body.data.definition).toEqual(definition(classId));
    await s.admin.post('/api/reports/saved', {
      name: 'Accounts this year',
      definition: { type: 'financial', range: '3-months', format: 'pdf' },
    });
    const list = await s.admin.get('/api/reports/saved');
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Accounts this year', 'Class 8-A phone list']);
    const id = saved.body.data._id;
    const renamed = await s.admin.put(`/api/reports/saved/${id}`, { name: 'Phones of 8-A' });
    expect(renamed.body.data).toMatchObject({ name: 'Phones of 8-A', definition: definition(classId) });
    expect((await s.admin.del(`/api/reports/saved/${id}`)).status).toBe(200);
    expect((await s.admin.get('/api/reports/saved')).body.data).toHaveLength(1);
    expectError(await s.admin.del(`/api/reports/saved/${id}`), 404, 'Saved report not found');
    const lines = await t.db
      .select({ action: activityLogs.action, summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, s.schoolId), eq(activityLogs.entity, 'saved_report')));
    expect(lines.map((l) => l.summary)).toEqual(
      expect.arrayContaining([
        'Saved the student report Class 8-A phone list',
        'Updated the saved report Phones of 8-A',
        'Deleted the saved report Phones of 8-A',
      ]),
    );
  });

  it('refuses a name taken in the school, not one taken in another school', async () => {
    const s = await schoolWithAdmin(t);
    const other = await schoolWithAdmin(t);
    const body = { name: 'Monthly fees', definition: { type: 'financial', range: '30-days', format: 'csv' } };
    expect((await s.admin.post('/api/reports/saved', body)).status).toBe(201);
    expect((await other.admin.post('/api/reports/saved', body)).status).toBe(201);
    expectError(
      await s.admin.post('/api/reports/saved', { ...body, name: 'monthly FEES' }),
      409,
      'A saved report with this name already exists',
      'ALREADY_EXISTS',
    );
    // Two saves of one new name at once: one lands.
    const both = await Promise.all([
      s.admin.post('/api/reports/saved', { ...body, name: 'Twice' }),
      s.admin.post('/api/reports/saved', { ...body, name: 'Twice' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('refuses another school’s class or a report, and bodies the builder cannot make', async () => {
    const s = await schoolWithAdmin(t);
    const other = await schoolWithAdmin(t);
    const foreignClass = await createClass(t, other.schoolId, { name: '8', section: 'A' });
    expectError(
      await s.admin.post('/api/reports/saved', { name: 'Theirs', definition: definition(foreignClass) }),
      404,
      'Class not found',
    );
    const theirs = await other.admin.post('/api/reports/saved', {
      name: 'Theirs',
      definition: { type: 'financial', range: '7-days', format: 'csv' },
    });
    expectError(
      await s.admin.put(`/api/reports/saved/${theirs.body.data._id}`, { name: 'Mine' }),
      404,
      'Saved report not found',
    );
    expectError(await s.admin.del(`/api/reports/saved/${theirs.body.data._id}`), 404, 'Saved report not found');
    const [row] = await t.db.select().from(savedReports).where(eq(savedReports.id, theirs.body.data._id));
    expect(row.name).toBe('Theirs');
    for (const bad of [
      { type: 'gossip', range: '7-days', format: 'csv' },
      { type: 'student', range: 'custom', format: 'csv' },
      { type: 'student', range: '7-days', format: 'doc' },
      { type: 'student', range: '7-days', format: 'csv', columns: ['password'] },
      { type: 'student', range: '7-days', format: 'csv', sql: 'drop table' },
    ])
      expectError(await s.admin.post('/api/reports/saved', { name: 'Bad', definition: bad }), 400, 'Validation failed');
  });
});

describe('saved reports in backups', () => {
  it('travel in the backup and come back with a restore', async () => {
    const s = await schoolWithAdmin(t);
    const body = { name: 'Fees by class', definition: { type: 'financial', range: '3-months', format: 'xlsx' } };
    const saved = await s.admin.post('/api/reports/saved', body);
    const backup = await s.admin.post('/api/settings/backup', {});
    expect(backup.status).toBe(201);
    expect(backup.body.data.rowCounts.saved_reports).toBe(1);
    await s.admin.del(`/api/reports/saved/${saved.body.data._id}`);
    const restored = await t.request(`/api/settings/backup/${backup.body.data._id}/restore`, {
      method: 'POST',
      token: s.token,
    });
    expect(restored.status).toBe(200);
    const rows = await t.db.select().from(savedReports).where(eq(savedReports.schoolId, s.schoolId));
    expect(rows.map((r) => [r.id, r.name, r.definition])).toEqual([
      [saved.body.data._id, 'Fees by class', body.definition],
    ]);
  });
});
