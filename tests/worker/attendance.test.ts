import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { studentAttendance, teacherAttendance } from '../../worker/db/schema';
import { call, d1Classroom, db } from './d1-classroom';

/**
 * On D1: a register written as JSON upserts replaces earlier marks (the insert…select upsert parses and
 * returns the kept ids), and the joined reads keep class, student, subject and teacher names apart.
 */
describe('attendance on D1', () => {
  it('takes a register twice without duplicates and reads it back with names populated', async () => {
    const { schoolId, teacherId, classId, subjectId, size, pupils, date, token, adminToken } = await d1Classroom();

    const register = (status: (i: number) => string) => ({
      classId,
      subjectId,
      date,
      records: pupils.map((p, i) => ({ studentId: p.studentId, status: status(i) })),
    });
    const first = await call(
      token,
      '/api/attendance/bulk',
      'POST',
      register(() => 'present'),
    );
    expect(first.status).toBe(200);
    expect(first.body.data.successfulCount).toBe(size);
    const second = await call(
      token,
      '/api/attendance/bulk',
      'POST',
      register((i) => (i < 3 ? 'absent' : 'late')),
    );
    expect(second.status).toBe(200);
    expect(second.body.data.records.map((r: any) => r._id)).toEqual(first.body.data.records.map((r: any) => r._id));
    expect(second.body.data.records[0]).toMatchObject({
      classId: { _id: classId, name: '7', section: 'B' },
      studentId: { name: 'Pupil 1', rollNumber: '1' },
      subjectId: { name: 'Geography' },
      teacherId: { _id: teacherId, name: 'Rita Rao' },
      status: 'absent',
    });
    const rows = await db.select().from(studentAttendance).where(eq(studentAttendance.schoolId, schoolId));
    expect(rows).toHaveLength(size);
    expect(rows.filter((r) => r.status === 'absent')).toHaveLength(3);

    const byDate = await call(token, `/api/attendance/class-date?classId=${classId}&date=${date}`);
    expect(byDate.body.data.students[0]).toMatchObject({
      student: { name: 'Pupil 1', rollNumber: '1' },
      subjects: [{ subject: { name: 'Geography' }, teacher: { name: 'Rita Rao' }, status: 'absent' }],
    });
    const sheet = await call(token, `/api/attendance/register?classId=${classId}&subjectId=${subjectId}&date=${date}`);
    expect(sheet.body.data.students[11]).toMatchObject({
      name: 'Pupil 12',
      rollNumber: '12',
      attendance: { status: 'late', teacherId: { name: 'Rita Rao' } },
    });
    const stats = await call(token, `/api/attendance/class/${classId}`);
    expect(stats.body.data.summary).toMatchObject({ total: size, absent: 3, late: size - 3 });
    expect(stats.body.data.students[0]).toMatchObject({ student: { name: 'Pupil 1' }, total: 1, absent: 1 });
    const summary = await call(adminToken, `/api/attendance/summary?date=${date}`);
    expect(summary.body.data).toMatchObject({ totalStudents: size, presentToday: size - 3, absentToday: 3 });

    const staff = await call(adminToken, '/api/teacher-attendance/bulk', 'POST', {
      date,
      records: [{ teacherId, status: 'present', checkInTime: '08:00' }],
    });
    expect(staff.body.data.successful[0]).toMatchObject({ teacherId: { _id: teacherId, name: 'Rita Rao' } });
    await call(adminToken, '/api/teacher-attendance/bulk', 'POST', { date, records: [{ teacherId, status: 'late' }] });
    const marks = await db.select().from(teacherAttendance).where(eq(teacherAttendance.schoolId, schoolId));
    expect(marks).toMatchObject([{ status: 'late', checkInTime: null }]);
    const teacherStats = await call(adminToken, `/api/teacher-attendance/stats?startDate=${date}&endDate=${date}`);
    expect(teacherStats.body.data.teacherStats).toEqual([
      expect.objectContaining({ teacherName: 'Rita Rao', totalDays: 1, late: 1, attendancePercentage: 100 }),
    ]);
    const list = await call(adminToken, `/api/teacher-attendance?date=${date}`);
    expect(list.body.data[0]).toMatchObject({ teacherId: { name: 'Rita Rao' }, markedBy: { name: 'Ada Admin' } });
  });
});
