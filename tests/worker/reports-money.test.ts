import { describe, expect, it } from 'vitest';
import { call, d1Classroom } from './d1-classroom';

/** D1 answers a batched statement as objects keyed by column name: each report's joins must keep theirs apart. */
describe('reports on D1', () => {
  it('answers fee collection, accounts, the directories, the Overview and saved reports through the Worker', async () => {
    const c = await d1Classroom();
    const admin = (path: string, method = 'GET', json?: unknown) => call(c.adminToken, `/api${path}`, method, json);
    const category = (await admin('/fees/categories', 'POST', { name: 'Tuition' })).body.data._id;
    const structure = await admin('/fees/structures', 'POST', {
      classId: c.classId,
      categoryId: category,
      amount: 100,
      dueDate: '2025-01-10',
      academicYear: '2024-2025',
    });
    expect(structure.status).toBe(201);
    for (const pupil of c.pupils.slice(0, 2)) {
      const paid = await admin('/fees/collections', 'POST', {
        studentId: pupil.studentId,
        structureId: structure.body.data._id,
        amount: 40,
        method: 'upi',
        paidOn: '2025-01-12',
      });
      expect(paid.status).toBe(201);
    }
    const byClass = await admin('/reports/fees/collection?from=2025-01-01&to=2025-01-31&groupBy=class');
    expect(byClass.body.data.rows).toEqual([['7-B', 2, 2, 80]]);
    const byCategory = await admin('/reports/fees/collection?from=2025-01-01&to=2025-01-31&groupBy=category');
    expect(byCategory.body.data.rows).toEqual([['Tuition', 2, 2, 80]]);
    const accounts = await admin('/reports/fees/accounts?year=2024-2025');
    expect(accounts.status).toBe(200);
    expect(accounts.body.data.totals).toEqual(['Total', 12, 1200, 2, 80, 1120]);

    const students = await admin(`/reports/students-info?classId=${c.classId}&columns=roll,name,class,status`);
    expect(students.body.data.rows[0]).toEqual(['1', 'Pupil 1', '7-B', 'Active']);
    expect(students.body.data.rows).toHaveLength(12);
    const parents = await admin('/reports/parents-info');
    expect(parents.status).toBe(200);

    const overview = await admin('/reports/overview');
    expect(overview.status).toBe(200);
    expect(overview.body.data.students).toEqual({ total: 12, active: 12 });
    expect(overview.body.data.reportsRun).toBe(5);

    const saved = await admin('/reports/saved', 'POST', {
      name: 'Class list',
      definition: { type: 'student', range: '7-days', format: 'csv', classId: c.classId },
    });
    expect(saved.status).toBe(201);
    expect((await admin('/reports/saved')).body.data.map((r: { name: string }) => r.name)).toEqual(['Class list']);
  });
});
