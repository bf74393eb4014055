import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, messageRecipients, users } from '../../worker/db/schema';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { type Caller, caller, expectError, schoolWithAdmin } from '../support/classroom';
import { addClassRoll, addCoTeacher, addSubject, addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;

/**
 * A school with 8-A (class teacher A, a co-teacher C on its subject), 8-B and 9-B (teacher B). Family one has a
 * child in 8-A and one in 9-B; family two a child in 8-A; family three a child in 9-B; family four a child in 8-B;
 * a pupil of 8-A who has left keeps a parent account that must hear nothing.
 */
async function school() {
  const s = await schoolWithAdmin(t);
  const [a, b, c] = await Promise.all([
    addTeacher(t, s.schoolId),
    addTeacher(t, s.schoolId),
    addTeacher(t, s.schoolId),
  ]);
  const eightA = await createClass(t, s.schoolId, { name: '8', section: 'A', teacherId: a.teacherId });
  const eightB = await createClass(t, s.schoolId, { name: '8', section: 'B' });
  const nineB = await createClass(t, s.schoolId, { name: '9', section: 'B', teacherId: b.teacherId });
  const subject = await addSubject(t, s.schoolId, { classId: eightA, teacherId: a.teacherId });
  await addCoTeacher(t, s.schoolId, subject, c.teacherId);
  const one = await createStudent(t, s.schoolId, { classId: eightA });
  const oneSibling = await createStudent(t, s.schoolId, { classId: nineB, parentId: one.parentId });
  const two = await createStudent(t, s.schoolId, { classId: eightA });
  const three = await createStudent(t, s.schoolId, { classId: nineB });
  const four = await createStudent(t, s.schoolId, { classId: eightB });
  const left = await createStudent(t, s.schoolId, { classId: eightA });
  await t.db.run(sql`update students set status = 'inactive' where id = ${left.studentId}`);
  const idOf = async (email: string | undefined) =>
    (
      await t.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, email ?? ''))
    )[0].id;
  const ids = {
    admin: s.adminId,
    a: a.userId,
    b: b.userId,
    c: c.userId,
    one: await idOf(one.email),
    oneSibling: await idOf(oneSibling.email),
    two: await idOf(two.email),
    three: await idOf(three.email),
    four: await idOf(four.email),
    left: await idOf(left.email),
    parentOne: await idOf(one.parentEmail),
    parentTwo: await idOf(two.parentEmail),
    parentThree: await idOf(three.parentEmail),
    parentFour: await idOf(four.parentEmail),
    parentLeft: await idOf(left.parentEmail),
  };
  const as = async (email: string | undefined) => caller(t, await signIn(t, email ?? ''));
  return {
    ...s,
    eightA,
    eightB,
    nineB,
    ids,
    teacherA: await as(a.email),
    parentOne: await as(one.parentEmail),
    parentThree: await as(three.parentEmail),
    pupilOne: await as(one.email),
  };
}
type School = Awaited<ReturnType<typeof school>>;

const note = (extra: Record<string, unknown> = {}) => ({
  subject: 'Sports day',
  body: 'Sports day is on Friday.',
  ...extra,
});

/** Who got a message: its recipient rows, and its outbox rows (e-mail, queued), by account. */
async function reached(s: School, messageId: string) {
  const named = Object.fromEntries(Object.entries(s.ids).map(([name, id]) => [id, name]));
  const recipients = await t.db
    .select({ userId: messageRecipients.userId, readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .where(eq(messageRecipients.messageId, Number(messageId)));
  const outbox = await t.db
    .select()
    .from(messageOutbox)
    .where(eq(messageOutbox.messageId, Number(messageId)));
  expect(outbox.map((o) => o.userId).sort()).toEqual(recipients.map((r) => r.userId).sort());
  expect(new Set(outbox.map((o) => `${o.channel}:${o.state}:${o.attempts}`))).toEqual(new Set(['1:0:0']));
  return recipients.map((r) => named[r.userId] ?? r.userId).sort();
}

async function send(who: Caller, body: unknown) {
  const call = await who.post('/api/messages', body);
  return call;
}

beforeAll(async () => {
  t = await createTestApp();
});

describe('audiences', () => {
  let s: School;
  beforeAll(async () => {
    s = await school();
  });

  it.each([
    [
      'school',
      {},
      [
        'a',
        'b',
        'c',
        'one',
        'oneSibling',
        'two',
        'three',
        'four',
        'parentOne',
        'parentTwo',
        'parentThree',
        'parentFour',
      ],
    ],
    ['grade', { grade: '8' }, ['a', 'c', 'one', 'two', 'four', 'parentOne', 'parentTwo', 'parentFour']],
    ['class', { classId: 'eightA' }, ['a', 'c', 'one', 'two', 'parentOne', 'parentTwo']],
    ['teachers', {}, ['a', 'b', 'c']],
    ['staff', {}, ['a', 'b', 'c']],
    ['class_parents', { classId: 'eightA' }, ['parentOne', 'parentTwo']],
    ['class_parents', { classId: 'nineB' }, ['parentOne', 'parentThree']],
  ])('%s %j reaches exactly its accounts, once each, and queues one e-mail for each', async (audience, target, who) => {
    const extra = 'classId' in target ? { classId: s[target.classId as 'eightA' | 'nineB'] } : target;
    const call = await send(s.admin, note({ audience, ...extra }));
    expect(call.status, JSON.stringify(call.body)).toBe(201);
    expect(call.body.data).toMatchObject({ audience, recipientCount: who.length, readAt: null });
    expect(await reached(s, call.body.data._id)).toEqual([...who].sort());
  });

  it('makes the same round trips for a class of 2 families and one of 40', async () => {
    const big = await createClass(t, s.schoolId, { name: '10', section: 'A' });
    const roll = await addClassRoll(t, s.schoolId, big, 40);
    expect(roll).toHaveLength(40);
    const small = await send(s.admin, note({ audience: 'class', classId: s.eightA }));
    const large = await send(s.admin, note({ audience: 'class', classId: big }));
    expect(large.body.data.recipientCount).toBe(40);
    expect(large.trips).toBe(small.trips);
  });

  it('refuses an audience that needs a class or grade without one, a grade with no class, and an empty one', async () => {
    const noClass = await send(s.admin, note({ audience: 'class_parents' }));
    expect(noClass.status).toBe(400);
    expect(noClass.body.details).toEqual([{ msg: 'Class is required', path: 'classId' }]);
    expectError(await send(s.admin, note({ audience: 'grade', grade: '12' })), 404, 'Grade not found');
    expectError(await send(s.admin, note({ audience: 'class', classId: 'no-such-class' })), 404, 'Class not found');
    expectError(
      await send(s.admin, note({ audience: 'class_parents', classId: await emptyClass(s) })),
      400,
      'Nobody is in this audience yet',
    );
  });
});

async function emptyClass(s: School) {
  return createClass(t, s.schoolId, { name: '11', section: 'A' });
}

describe('who may write to whom', () => {
  let s: School;
  beforeAll(async () => {
    s = await school();
  });

  it('lets a teacher write to their class and its parents, never to another class or the school', async () => {
    const own = await send(s.teacherA, note({ audience: 'class_parents', classId: s.eightA }));
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    expect(await reached(s, own.body.data._id)).toEqual(['parentOne', 'parentTwo']);
    const pupils = await send(s.teacherA, note({ audience: 'class', classId: s.eightA }));
    expect(await reached(s, pupils.body.data._id)).toEqual(['c', 'one', 'parentOne', 'parentTwo', 'two']);

    const refusal = 'Teachers write to the classes they teach and those classes’ parents only';
    expectError(await send(s.teacherA, note({ audience: 'class_parents', classId: s.nineB })), 403, refusal);
    expectError(await send(s.teacherA, note({ audience: 'class', classId: s.eightB })), 403, refusal);
    for (const audience of ['school', 'teachers', 'staff']) {
      expectError(await send(s.teacherA, note({ audience })), 403, refusal);
    }
    expectError(await send(s.teacherA, note({ audience: 'grade', grade: '8' })), 403, refusal);
  });

  it('refuses students and parents, and answers 404 for another school’s class', async () => {
    expect((await send(s.parentOne, note({ audience: 'school' }))).status).toBe(403);
    expect((await send(s.pupilOne, note({ audience: 'school' }))).status).toBe(403);
    const other = await school();
    expectError(await send(s.admin, note({ audience: 'class', classId: other.eightA })), 404, 'Class not found');
    expectError(await send(s.teacherA, note({ audience: 'class', classId: other.eightA })), 404, 'Class not found');
  });
});

describe('inboxes', () => {
  let s: School;
  beforeAll(async () => {
    s = await school();
  });

  it('shows each account its own messages only, newest first, counts the unread and marks one read when opened', async () => {
    const first = await send(s.admin, note({ audience: 'class_parents', classId: s.eightA, subject: 'First' }));
    await send(s.admin, note({ audience: 'school', subject: 'Second', body: 'x'.repeat(500) }));
    const events = t.publisher.events.filter((e) => e.schoolId === s.schoolId && e.event.type === 'inbox_updated');
    expect(events.map((e) => e.event)).toContainEqual({
      type: 'inbox_updated',
      data: { reason: 'received', messageId: first.body.data._id, userIds: expect.any(Array) },
    });
    const firstEvent = events.find((e) => (e.event.data as { messageId: string }).messageId === first.body.data._id);
    const whom = (firstEvent?.event.data as { userIds?: string[] } | undefined)?.userIds ?? [];
    expect([...whom].sort()).toEqual([s.ids.parentOne, s.ids.parentTwo].sort());

    expect((await s.parentOne.get('/api/messages/unread')).body.data).toEqual({ unread: 2 });
    const inbox = await s.parentOne.get('/api/messages/inbox');
    expect(inbox.body.total).toBe(2);
    expect(inbox.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Second', 'First']);
    expect(inbox.body.data[0]).toMatchObject({ readAt: null, recipientCount: null, author: { role: 'school_admin' } });
    expect(inbox.body.data[0].preview).toHaveLength(160);
    expect(inbox.body.data[1].class).toMatchObject({ _id: s.eightA, name: '8', section: 'A' });

    // Family three (9-B) gets the school's message, not 8-A's.
    const three = await s.parentThree.get('/api/messages/inbox');
    expect(three.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Second']);
    expectError(await s.parentThree.get(`/api/messages/${first.body.data._id}`), 404, 'Message not found');

    const opened = await s.parentOne.get(`/api/messages/${first.body.data._id}`);
    expect(opened.body.data).toMatchObject({ subject: 'First', body: 'Sports day is on Friday.' });
    expect(opened.body.data.readAt).toEqual(expect.any(String));
    expect((await s.parentOne.get('/api/messages/unread')).body.data).toEqual({ unread: 1 });
    const unreadOnly = await s.parentOne.get('/api/messages/inbox?unread=true');
    expect(unreadOnly.body.data.map((m: { subject: string }) => m.subject)).toEqual(['Second']);
    const read = t.publisher.events.at(-1)?.event;
    expect(read).toEqual({
      type: 'inbox_updated',
      data: { reason: 'read', messageId: first.body.data._id, userIds: [s.ids.parentOne] },
    });
    // Opening it again changes nothing and tells no one.
    const count = t.publisher.events.length;
    await s.parentOne.get(`/api/messages/${first.body.data._id}`);
    expect(t.publisher.events.length).toBe(count);
  });

  it('lets the office read any message of the school and its authors their own; another school answers 404', async () => {
    const byTeacher = await send(s.teacherA, note({ audience: 'class_parents', classId: s.eightA }));
    const id = byTeacher.body.data._id;
    expect((await s.admin.get(`/api/messages/${id}`)).body.data).toMatchObject({ recipientCount: 2, readAt: null });
    expect((await s.teacherA.get(`/api/messages/${id}`)).body.data.recipientCount).toBe(2);
    const sent = await s.teacherA.get('/api/messages/sent');
    expect(sent.body.data.map((m: { _id: string }) => m._id)).toEqual([id]);
    const office = await s.admin.get('/api/messages/sent');
    expect(office.body.data.map((m: { _id: string }) => m._id)).toContain(id);

    const other = await school();
    expectError(await other.admin.get(`/api/messages/${id}`), 404, 'Message not found');
    expectError(await other.parentOne.get(`/api/messages/${id}`), 404, 'Message not found');
    expect((await other.admin.get('/api/messages/sent')).body.total).toBe(0);
    expectError(await s.admin.get('/api/messages/not-a-number'), 404, 'Message not found');
    // The other school's parent reads nothing of this one, and marking it read touched nothing here.
    const [row] = await t.db
      .select({ readAt: messageRecipients.readAt })
      .from(messageRecipients)
      .where(eq(messageRecipients.messageId, Number(id)));
    expect(row.readAt).toBeNull();
  });

  it('pages an inbox with a fixed number of round trips', async () => {
    const few = await s.parentOne.get('/api/messages/inbox?limit=1');
    const many = await s.parentOne.get('/api/messages/inbox?limit=100');
    expect(few.trips).toBe(many.trips);
  });
});

describe('the hourly sending limit', () => {
  it('refuses the 21st message of an hour with Retry-After, and sends again an hour later', async () => {
    const s = await schoolWithAdmin(t);
    await addTeacher(t, s.schoolId);
    for (let i = 0; i < 20; i++) {
      expect((await s.admin.post('/api/messages', note({ audience: 'teachers' }))).status).toBe(201);
    }
    const res = await t.request('/api/messages', {
      method: 'POST',
      token: s.token,
      json: note({ audience: 'teachers' }),
    });
    const body = (await res.json()) as { error: string; code: string };
    expect(res.status).toBe(429);
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.error).toMatch(
      /^This school has sent 20 messages in the last hour, the most it may send\. Try again in \d+ minutes?\.$/,
    );
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 3_601_000);
    try {
      expect((await s.admin.post('/api/messages', note({ audience: 'teachers' }))).status).toBe(201);
    } finally {
      t.clock.now = saved;
    }
  });

  it('holds under simultaneous sends: the write batch guards the limit again', async () => {
    const s = await schoolWithAdmin(t);
    await addTeacher(t, s.schoolId);
    for (let i = 0; i < 18; i++) await s.admin.post('/api/messages', note({ audience: 'teachers' }));
    const calls = await Promise.all(
      Array.from({ length: 5 }, () => s.admin.post('/api/messages', note({ audience: 'teachers' }))),
    );
    expect(calls.map((c) => c.status).sort()).toEqual([201, 201, 429, 429, 429]);
    expect((await s.admin.get('/api/messages/sent?limit=100')).body.total).toBe(20);
  });
});
