/**
 * Backups carry attendance as registers and compact marks: integer keys come back into the same school as they
 * were, a file whose marks point outside it (or at another school's register) is refused, and a backup made
 * before registers (one row per mark) restores into registers.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { attendanceRegisters, backups, studentAttendance } from '../../worker/db/schema';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import { createTestApp, json, type TestApp } from '../support/app';
import { caller, classroom } from '../support/classroom';
import { addClassRoll } from '../support/factories';
import { schoolDigest } from '../support/faults';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2025-03-14T05:00:00.000Z');
});

const DAMAGED = 'The backup file is damaged and cannot be restored';

/** A class of three with two registers taken, and a backup of it as stored. */
async function school() {
  const w = await classroom(t);
  const roll = await addClassRoll(t, w.schoolId, w.classId, 3);
  const take = (date: string, statuses: string[]) =>
    w.admin.post('/api/attendance/bulk', {
      classId: w.classId,
      subjectId: w.subjectId,
      date,
      records: roll.map((s, i) => ({ studentId: s.studentId, status: statuses[i] })),
    });
  expect((await take('2025-03-13', ['present', 'absent', 'late'])).status).toBe(200);
  expect((await take('2025-03-14', ['excused', 'present', 'present'])).status).toBe(200);
  const marks = () =>
    t.db
      .select({
        id: studentAttendance.id,
        studentId: studentAttendance.studentId,
        date: studentAttendance.date,
        status: studentAttendance.status,
      })
      .from(studentAttendance)
      .where(eq(studentAttendance.schoolId, w.schoolId))
      .orderBy(studentAttendance.date, studentAttendance.studentId);
  const made = await w.admin.post('/api/settings/backup', {});
  expect(made.status).toBe(201);
  const backupId = made.body.data._id as string;
  const [row] = await t.db.select().from(backups).where(eq(backups.id, backupId));
  const bytes = await (await t.platform.files!.get(row.storageKey))!.arrayBuffer();
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  const restore = async (snapshot?: unknown) => {
    if (snapshot) await t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot as never));
    return t.request(`/api/settings/backup/${backupId}/restore`, { method: 'POST', token: w.token });
  };
  return { ...w, roll, take, marks, snapshot: () => JSON.parse(text), restore };
}

describe('attendance in backups', () => {
  it('restores every mark with its register key and student number, and later registers take new keys', async () => {
    const w = await school();
    const before = await w.marks();
    expect(before).toHaveLength(6);
    expect(w.snapshot().tables.attendance_marks).toHaveLength(6);
    // Changes after the backup: a correction, a third register, a student deleted with their marks.
    await w.take('2025-03-14', ['absent', 'absent', 'absent']);
    await w.take('2025-03-12', ['present', 'present', 'present']);
    expect((await w.admin.del(`/api/students/${w.roll[2].studentId}`)).status).toBe(200);

    const res = await w.restore();
    expect(res.status).toBe(200);
    expect(await w.marks()).toEqual(before);
    const admin = caller(t, (await json<any>(res)).data.token);
    const again = await admin.post('/api/attendance/bulk', {
      classId: w.classId,
      subjectId: w.subjectId,
      date: '2025-03-11',
      records: [{ studentId: w.roll[0].studentId, status: 'late' }],
    });
    expect(again.status).toBe(200);
    const registers = await t.db
      .select({ id: attendanceRegisters.id })
      .from(attendanceRegisters)
      .where(eq(attendanceRegisters.schoolId, w.schoolId));
    expect(new Set(registers.map((r) => r.id)).size).toBe(3);
  });

  it("refuses marks that point outside the file, repeat, or name another school's register, changing nothing", async () => {
    const w = await school();
    const other = await school();
    const [theirs] = await t.db
      .select({ id: attendanceRegisters.id })
      .from(attendanceRegisters)
      .where(eq(attendanceRegisters.schoolId, other.schoolId));
    const before = await schoolDigest(t.db, w.schoolId);
    const theirsBefore = await schoolDigest(t.db, other.schoolId);
    const cases: [string, (s: any) => void][] = [
      ['a mark of a register the file does not hold', (s) => (s.tables.attendance_marks[0].registerId = 999_999)],
      ['a mark of a student number the file does not hold', (s) => (s.tables.attendance_marks[0].studentNumber = 999)],
      ['a mark listed twice', (s) => s.tables.attendance_marks.push({ ...s.tables.attendance_marks[0] })],
      [
        "a register with another school's register key",
        (s) => {
          const [first] = s.tables.attendance_registers;
          for (const mark of s.tables.attendance_marks) if (mark.registerId === first.id) mark.registerId = theirs.id;
          first.id = theirs.id;
        },
      ],
    ];
    for (const [name, tamper] of cases) {
      const snapshot = w.snapshot();
      tamper(snapshot);
      const res = await w.restore(snapshot);
      expect(res.status, name).toBe(422);
      expect((await json<any>(res)).error, name).toBe(DAMAGED);
      expect(await schoolDigest(t.db, w.schoolId), name).toBe(before);
    }
    expect(await schoolDigest(t.db, other.schoolId)).toBe(theirsBefore);
  });

  it('restores a backup made before registers, one row per mark, into registers with the same statistics', async () => {
    const w = await school();
    const before = await w.marks();
    const stats = (await w.admin.get(`/api/attendance/class/${w.classId}`)).body.data;
    const snapshot = w.snapshot();
    const registers = new Map(snapshot.tables.attendance_registers.map((r: any) => [r.id, r]));
    const numbers = new Map(snapshot.tables.students.map((s: any) => [s.number, s.id]));
    const codes = ['absent', 'excused', 'late', 'present'];
    snapshot.tables.student_attendance = snapshot.tables.attendance_marks.map((m: any) => {
      const r: any = registers.get(m.registerId);
      return {
        id: crypto.randomUUID(),
        schoolId: w.schoolId,
        studentId: numbers.get(m.studentNumber),
        classId: r.classId,
        subjectId: r.subjectId,
        teacherId: r.teacherId,
        date: r.date,
        status: codes[m.status],
        remarks: m.remarks,
        markedBy: r.markedBy,
        markedAt: r.markedAt,
      };
    });
    delete snapshot.tables.attendance_registers;
    delete snapshot.tables.attendance_marks;
    for (const student of snapshot.tables.students) delete student.number;
    await w.take('2025-03-14', ['absent', 'absent', 'absent']);

    const res = await w.restore(snapshot);
    expect(res.status).toBe(200);
    const after = await w.marks();
    expect(after.map(({ id: _id, ...m }) => m)).toEqual(before.map(({ id: _id, ...m }) => m));
    const admin = caller(t, (await json<any>(res)).data.token);
    expect((await admin.get(`/api/attendance/class/${w.classId}`)).body.data).toEqual(stats);
  });
});
