import { env, exports } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeEvent } from '../../party/events';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import {
  classes,
  parents,
  revokedSessions,
  schools,
  studentParents,
  students,
  teachers,
  users,
} from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { roomPublisher } from '../../worker/lib/realtime';
import { issueToken } from '../../worker/lib/tokens';

const worker = (exports as unknown as { default: Fetcher }).default;
const db = d1Database(env.DB, new DbMeter());
const publish = roomPublisher(env, () => {});
const opened: WebSocket[] = [];
afterEach(() => {
  for (const ws of opened.splice(0)) ws.close();
});

/** A school with two classes, an admin, a teacher of class A, and a parent whose child is in class B. */
async function makeSchool(label: string) {
  const schoolId = newId();
  const ids = {
    admin: newId(),
    teacherUser: newId(),
    teacher: newId(),
    parentUser: newId(),
    parent: newId(),
    studentUser: newId(),
    student: newId(),
    classA: newId(),
    classB: newId(),
  };
  const user = (id: string, role: 'school_admin' | 'teacher' | 'parent' | 'student') => ({
    id,
    schoolId,
    role,
    name: `${label} ${role}`,
    email: `${role}.${label}.${id}@rt.example`.toLowerCase(),
    passwordHash: 'not-used',
  });
  await db.batch([
    db.insert(schools).values({ id: schoolId, name: `${label} School`, code: `RT-${label}-${schoolId.slice(0, 6)}` }),
    db.insert(users).values([user(ids.admin, 'school_admin'), user(ids.teacherUser, 'teacher')]),
    db.insert(users).values([user(ids.parentUser, 'parent'), user(ids.studentUser, 'student')]),
    db.insert(teachers).values({ id: ids.teacher, schoolId, userId: ids.teacherUser }),
    db.insert(classes).values({
      id: ids.classA,
      schoolId,
      name: '6',
      section: 'A',
      capacity: 30,
      academicYear: '2024-2025',
      teacherId: ids.teacher,
    }),
    db
      .insert(classes)
      .values({ id: ids.classB, schoolId, name: '6', section: 'B', capacity: 30, academicYear: '2024-2025' }),
    db.insert(students).values({
      id: ids.student,
      schoolId,
      userId: ids.studentUser,
      classId: ids.classB,
      rollNumber: '1',
      admissionNumber: `A-${ids.student}`,
      dateOfBirth: '2014-01-01',
      gender: 'male',
      admissionDate: '2024-04-01',
    }),
    db.insert(parents).values({ id: ids.parent, schoolId, userId: ids.parentUser }),
    db.insert(studentParents).values({ schoolId, studentId: ids.student, parentId: ids.parent, relation: 'mother' }),
  ]);
  const token = async (userId: string, role: 'school_admin' | 'teacher' | 'parent' | 'student') =>
    (await issueToken(env.JWT_SECRET, { userId, schoolId, role, tokenVersion: 0 }, new Date())).token;
  return {
    schoolId,
    ids,
    tokens: {
      admin: await token(ids.admin, 'school_admin'),
      teacher: await token(ids.teacherUser, 'teacher'),
      parent: await token(ids.parentUser, 'parent'),
      student: await token(ids.studentUser, 'student'),
    },
  };
}

async function connect(schoolId: string, token: string | null) {
  const query = token ? `?token=${encodeURIComponent(token)}` : '';
  const res = await worker.fetch(`http://portal.test/parties/school/${schoolId}${query}`, {
    headers: { Upgrade: 'websocket' },
  });
  if (!res.webSocket) return { status: res.status, messages: [] as RealtimeEvent[] };
  const ws = res.webSocket;
  const messages: RealtimeEvent[] = [];
  ws.accept();
  ws.addEventListener('message', (event) => {
    const parsed = JSON.parse(String(event.data));
    if (parsed.type !== 'connected' && parsed.type !== 'pong') messages.push(parsed);
  });
  opened.push(ws);
  return { status: res.status, messages };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 150));
/** Waits (up to 5 s on a busy machine) until the expected messages are there. */
const arrived = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

const registerFor = (classId: string): RealtimeEvent => ({
  type: 'attendance_updated',
  data: { type: 'bulk_attendance_marked', successfulCount: 12, date: '2026-11-25', classId },
});

describe('the school room', () => {
  it('delivers an event to every admin of the school, never to another school', async () => {
    const north = await makeSchool('north');
    const south = await makeSchool('south');
    const first = await connect(north.schoolId, north.tokens.admin);
    const second = await connect(north.schoolId, north.tokens.admin);
    const other = await connect(south.schoolId, south.tokens.admin);
    expect([first.status, second.status, other.status]).toEqual([101, 101, 101]);

    await publish(north.schoolId, registerFor(north.ids.classA));
    await arrived(() => {
      expect(first.messages).toEqual([registerFor(north.ids.classA)]);
      expect(second.messages).toEqual([registerFor(north.ids.classA)]);
    });
    await settle();
    expect(other.messages).toEqual([]);
  });

  it('refuses a connection without a token, with a revoked token, or to another school’s room', async () => {
    const east = await makeSchool('east');
    const west = await makeSchool('west');
    expect((await connect(east.schoolId, null)).status).toBe(401);
    expect((await connect(east.schoolId, 'not-a-token')).status).toBe(401);
    expect((await connect(west.schoolId, east.tokens.admin)).status).toBe(403);

    const claims = JSON.parse(atob(east.tokens.teacher.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    await db.insert(revokedSessions).values({
      jti: claims.jti,
      userId: east.ids.teacherUser,
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
      revokedAt: new Date().toISOString(),
    });
    expect((await connect(east.schoolId, east.tokens.teacher)).status).toBe(401);

    // Someone still holding a password the school gave is let in only once they have chosen their own.
    expect((await connect(east.schoolId, east.tokens.student)).status).toBe(101);
    await db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, east.ids.studentUser));
    expect((await connect(east.schoolId, east.tokens.student)).status).toBe(403);
  });

  it('sends teachers, parents and students only what concerns their classes, and the school’s own changes', async () => {
    const school = await makeSchool('audience');
    const teacher = await connect(school.schoolId, school.tokens.teacher);
    const parent = await connect(school.schoolId, school.tokens.parent);
    const student = await connect(school.schoolId, school.tokens.student);

    await publish(school.schoolId, registerFor(school.ids.classA));
    const scopedToB: RealtimeEvent = {
      type: 'important_date_created',
      data: {
        _id: 'd1',
        title: 'Class B trip',
        date: '2026-12-01',
        applyToAllClasses: false,
        classIds: [school.ids.classB],
      },
    };
    const wholeSchool: RealtimeEvent = {
      type: 'important_date_updated',
      data: { _id: 'd2', title: 'Winter break', date: '2026-12-24', applyToAllClasses: true, classIds: [] },
    };
    const renamed: RealtimeEvent = {
      type: 'school_updated',
      data: {
        _id: school.schoolId,
        name: 'Audience Academy',
        timeZone: 'Asia/Kolkata',
        academicYear: '2024-2025',
        semester: 'Annual',
      },
    };
    await publish(school.schoolId, scopedToB);
    await publish(school.schoolId, renamed);
    await publish(school.schoolId, wholeSchool);
    // The last event reaching everyone means every earlier one has been delivered or withheld.
    await arrived(() => {
      expect(teacher.messages.at(-1)).toEqual(wholeSchool);
      expect(parent.messages.at(-1)).toEqual(wholeSchool);
      expect(student.messages.at(-1)).toEqual(wholeSchool);
    });
    await settle();

    expect(teacher.messages).toEqual([registerFor(school.ids.classA), renamed, wholeSchool]);
    expect(parent.messages).toEqual([scopedToB, renamed, wholeSchool]);
    expect(student.messages).toEqual([scopedToB, renamed, wholeSchool]);
  });

  it('answers plain HTTP to a room with 404, and a publish to a room nobody joined does not fail', async () => {
    const school = await makeSchool('quiet');
    const res = await worker.fetch(`http://portal.test/parties/school/${school.schoolId}`, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(404);
    await expect(publish(school.schoolId, registerFor(school.ids.classA))).resolves.toBeUndefined();
  });
});
