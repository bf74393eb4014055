import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../worker/lib/tokens';
import { call, d1Classroom } from './d1-classroom';

/**
 * Homework on D1, whose batches answer rows keyed by column name: the lists with and without their filters, a
 * student's hand-in and the class's roster read back, and the figures.
 */
describe('homework on D1', () => {
  it('lists homework with any filters, takes a hand-in and shows it on the roster', async () => {
    const { schoolId, classId, subjectId, pupils, token, adminToken } = await d1Classroom();
    const dueDate = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const made = await call(token, '/api/homework', 'POST', {
      classId,
      subjectId,
      title: 'Rivers of India',
      dueDate,
      dueTime: '17:00',
      maxMarks: 10,
    });
    expect(made.status).toBe(201);
    const id = made.body.data._id;
    for (const [who, path] of [
      [adminToken, '/api/homework'],
      [token, '/api/homework'],
      [adminToken, `/api/homework?classId=${classId}`],
      [token, `/api/homework?subjectId=${subjectId}&status=active`],
    ] as const) {
      const list = await call(who, path);
      expect(list.status, path).toBe(200);
      expect(
        list.body.data.map((h: { _id: string }) => h._id),
        path,
      ).toContain(id);
    }
    const { token: pupil } = await issueToken(
      env.JWT_SECRET,
      { userId: pupils[0].userId, schoolId, role: 'student', tokenVersion: 0 },
      new Date(),
    );
    expect(
      (await call(pupil, `/api/homework/${id}/submission`, 'PUT', { text: 'The Ganga and the Yamuna' })).status,
    ).toBe(200);
    const roster = await call(token, `/api/homework/${id}/submissions`);
    expect(roster.status).toBe(200);
    const handedIn = roster.body.data.students.filter((s: { status: string }) => s.status === 'submitted');
    expect(handedIn.map((s: { _id: string }) => s._id)).toEqual([pupils[0].studentId]);
    const summary = await call(adminToken, '/api/homework/summary');
    expect(summary.status).toBe(200);
  });
});
