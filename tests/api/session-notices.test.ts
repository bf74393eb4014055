import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RoomMessage } from '../../party/events';
import { parents, users } from '../../worker/db/schema';
import { readToken } from '../../worker/lib/tokens';
import {
  createTestApp,
  createTestSchool,
  JWT_SECRET,
  json,
  PASSWORD,
  signIn,
  type TestApp,
  unique,
} from '../support/app';
import { addCoTeacher, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
let school: Awaited<ReturnType<typeof createTestSchool>>;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  school = await createTestSchool(t, 'Notice Academy');
  admin = await signIn(t, school.adminEmail);
});
beforeEach(() => {
  t.publisher.events.length = 0;
});

/** What the last call published into the school's room, session notices only. */
const notices = () =>
  t.publisher.events
    .filter((e) => e.schoolId === school.schoolId)
    .map((e) => e.event)
    .filter((e: RoomMessage) => ['sessions_ended', 'session_renewed', 'audience_changed'].includes(e.type));
const send = (method: string, path: string, token: string, body?: unknown) =>
  t.request(path, { method, token, json: body });
const expectOk = async (res: Response) => {
  if (res.status >= 300) throw new Error(`${res.status} ${await res.text()}`);
};

const GRADES = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11'] as const;
let made = 0;
/** A class of its own (grade and section pairs are unique per school); 12-E is left for the create route. */
const newClass = (teacherId?: string) => {
  made += 1;
  const section = (['A', 'B', 'C', 'D', 'E'] as const)[Math.floor(made / GRADES.length)];
  return createClass(t, school.schoolId, { name: GRADES[made % GRADES.length], section, teacherId: teacherId ?? null });
};

describe('session notices published by the writes that end or change sessions', () => {
  it('sign-out ends that token only', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    const token = await signIn(t, teacher.email, PASSWORD, '/api/teachers/login');
    const { jti } = await readToken(JWT_SECRET, token, t.clock.now);
    await expectOk(await send('POST', '/api/auth/logout', token));
    expect(notices()).toEqual([{ type: 'sessions_ended', data: { jtis: [jti] } }]);
  });

  it('a refresh moves the sockets of the old token to the new one', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    const token = await signIn(t, teacher.email, PASSWORD, '/api/teachers/login');
    const old = await readToken(JWT_SECRET, token, t.clock.now);
    const res = await send('POST', '/api/auth/refresh', token);
    await expectOk(res);
    const fresh = await readToken(JWT_SECRET, (await json<{ data: { token: string } }>(res)).data.token, t.clock.now);
    expect(notices()).toEqual([
      {
        type: 'session_renewed',
        data: { userId: teacher.userId, fromJti: old.jti, toJti: fresh.jti, expiresAt: fresh.expiresAt },
      },
    ]);
  });

  it('a password change ends every session of the account; a new phone number ends none', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    const token = await signIn(t, teacher.email, PASSWORD, '/api/teachers/login');
    await expectOk(await send('PUT', '/api/auth/profile', token, { phone: '555-0101' }));
    expect(notices()).toEqual([]);
    const change = { currentPassword: PASSWORD, newPassword: 'another-pw-2' };
    await expectOk(await send('PUT', '/api/auth/profile', token, change));
    expect(notices()).toEqual([{ type: 'sessions_ended', data: { userIds: [teacher.userId] } }]);
  });

  it('the office deactivating a teacher, or resetting their password, ends the teacher’s sessions', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    await expectOk(await send('PUT', `/api/teachers/${teacher.teacherId}`, admin, { phone: '555-0102' }));
    expect(notices()).toEqual([]);
    await expectOk(await send('PUT', `/api/teachers/${teacher.teacherId}`, admin, { password: 'office-pw-3' }));
    expect(notices()).toEqual([{ type: 'sessions_ended', data: { userIds: [teacher.userId] } }]);
    t.publisher.events.length = 0;
    await expectOk(await send('DELETE', `/api/teachers/${teacher.teacherId}`, admin));
    expect(notices()).toEqual([{ type: 'sessions_ended', data: { userIds: [teacher.userId] } }]);
  });

  it('the office resetting a student’s and a parent’s passwords ends both accounts’ sessions', async () => {
    const student = await createStudent(t, school.schoolId, { classId: await newClass() });
    const [studentUser] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, student.email));
    const [parentUser] = await t.db
      .select({ id: parents.userId })
      .from(parents)
      .where(eq(parents.id, student.parentId as string));
    const res = await send('POST', `/api/students/${student.studentId}/temporary-passwords`, admin, {
      accounts: ['student', 'father'],
    });
    await expectOk(res);
    expect(notices()).toEqual([{ type: 'sessions_ended', data: { userIds: [studentUser.id, parentUser.id] } }]);
  });
});

describe('audience notices published when a teacher’s classes change', () => {
  const audience = () => {
    const found = notices();
    expect(found).toHaveLength(1);
    expect(found[0].type).toBe('audience_changed');
    return [...(found[0] as { data: { userIds: string[] } }).data.userIds].sort();
  };
  const sorted = (...ids: string[]) => [...ids].sort();

  it('giving a class to a teacher, by either route, tells the new and the previous class teacher', async () => {
    const before = await addTeacher(t, school.schoolId);
    const after = await addTeacher(t, school.schoolId);
    const classId = await newClass(before.teacherId);
    await expectOk(
      await send('PUT', `/api/teachers/${after.teacherId}/assign-classes`, admin, { classIds: [classId] }),
    );
    expect(audience()).toEqual(sorted(before.userId, after.userId));
    t.publisher.events.length = 0;
    await expectOk(await send('PUT', `/api/classes/${classId}/teacher`, admin, { teacherId: before.teacherId }));
    expect(audience()).toEqual(sorted(before.userId, after.userId));
    t.publisher.events.length = 0;
    await expectOk(await send('PUT', `/api/classes/${classId}`, admin, { teacherId: after.teacherId }));
    expect(audience()).toEqual(sorted(before.userId, after.userId));
    t.publisher.events.length = 0;
    await expectOk(await send('PUT', `/api/classes/${classId}`, admin, { room: 'R1' }));
    expect(notices()).toEqual([]);
  });

  it('a new class or subject tells its teacher', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    const res = await send('POST', '/api/classes', admin, {
      name: '12',
      section: 'E',
      teacherId: teacher.teacherId,
      capacity: 30,
    });
    await expectOk(res);
    expect(audience()).toEqual([teacher.userId]);
    t.publisher.events.length = 0;
    const classId = await newClass();
    await expectOk(
      await send('POST', '/api/subjects', admin, { name: unique('Maths'), classId, teacherId: teacher.teacherId }),
    );
    expect(audience()).toEqual([teacher.userId]);
  });

  it('a subject changing teacher or class, or deleted, tells its main and co-teachers', async () => {
    const main = await addTeacher(t, school.schoolId);
    const co = await addTeacher(t, school.schoolId);
    const next = await addTeacher(t, school.schoolId);
    const subjectId = await addSubject(t, school.schoolId, { classId: await newClass(), teacherId: main.teacherId });
    await addCoTeacher(t, school.schoolId, subjectId, co.teacherId);

    await expectOk(await send('PUT', `/api/subjects/${subjectId}/assign-class`, admin, { classId: await newClass() }));
    expect(audience()).toEqual(sorted(main.userId, co.userId));
    t.publisher.events.length = 0;
    await expectOk(
      await send('PUT', `/api/subjects/${subjectId}/assign-teacher`, admin, { teacherId: next.teacherId }),
    );
    expect(audience()).toEqual(sorted(main.userId, next.userId));
    t.publisher.events.length = 0;
    await expectOk(
      await send('PUT', `/api/teachers/${main.teacherId}/assign-subjects`, admin, { subjectIds: [subjectId] }),
    );
    expect(audience()).toEqual(sorted(main.userId, next.userId));
    t.publisher.events.length = 0;
    const classId = await newClass();
    await expectOk(await send('POST', `/api/classes/${classId}/subjects`, admin, { subjectIds: [subjectId] }));
    expect(audience()).toEqual(sorted(main.userId, co.userId));
    t.publisher.events.length = 0;
    await expectOk(await send('POST', `/api/subjects/${subjectId}/teachers`, admin, { teacherId: next.teacherId }));
    expect(audience()).toEqual([next.userId]);
    t.publisher.events.length = 0;
    await expectOk(await send('DELETE', `/api/subjects/${subjectId}`, admin));
    expect(audience()).toEqual(sorted(main.userId, co.userId, next.userId));
  });
});

describe('audience notices published when a student changes class', () => {
  it('moving a student, by either route, or taking them out of class, tells the student and their parent', async () => {
    const student = await createStudent(t, school.schoolId, { classId: await newClass() });
    const [own] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, student.email));
    const [parent] = await t.db
      .select({ id: parents.userId })
      .from(parents)
      .where(eq(parents.id, student.parentId as string));
    const family = [own.id, parent.id].sort();
    const told = () => {
      const found = notices();
      t.publisher.events.length = 0;
      return found.map((n) => (n.type === 'audience_changed' ? [...n.data.userIds].sort() : n.type));
    };

    await expectOk(
      await send('PUT', `/api/students/${student.studentId}/assign-class`, admin, { classId: await newClass() }),
    );
    expect(told()).toEqual([family]);
    await expectOk(await send('PUT', `/api/students/${student.studentId}`, admin, { classId: await newClass() }));
    expect(told()).toEqual([family]);
    await expectOk(await send('PUT', `/api/students/${student.studentId}`, admin, { phone: '555-0103' }));
    expect(told()).toEqual([]);
    await expectOk(await send('PUT', `/api/students/${student.studentId}/remove-class`, admin));
    expect(told()).toEqual([family]);
  });
});
