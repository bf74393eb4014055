import { env, exports } from 'cloudflare:workers';
import { vi } from 'vitest';
import type { RealtimeEvent } from '../../party/events';
import { d1Database } from '../../worker/db/d1';
import { DbMeter } from '../../worker/db/meter';
import { classes, parents, schools, studentParents, students, teachers, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { roomPublisher } from '../../worker/lib/realtime';
import { issueToken } from '../../worker/lib/tokens';

export const worker = (exports as unknown as { default: Fetcher }).default;
export const db = d1Database(env.DB, new DbMeter());
export const publish = roomPublisher(env, () => {});
const opened: WebSocket[] = [];

/** Closes every socket a test opened; call from afterEach. */
export function closeOpened() {
  for (const ws of opened.splice(0)) ws.close();
}

type Role = 'school_admin' | 'teacher' | 'parent' | 'student';

/**
 * A school with two classes, an admin, a teacher of class A, and a parent whose child is in class B. Every
 * account's password is demo1234.
 */
export async function makeSchool(label: string) {
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
  const user = (id: string, role: Role) => ({
    id,
    schoolId,
    role,
    name: `${label} ${role}`,
    email: `${role}.${label}.${id}@rt.example`.toLowerCase(),
    passwordHash: env.NODE_RS_HASH_OF_DEMO,
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
  /** A session token; `now` in the past makes one that expires sooner. */
  const token = async (userId: string, role: Role, now = new Date()) =>
    (await issueToken(env.JWT_SECRET, { userId, schoolId, role, tokenVersion: 0 }, now)).token;
  return {
    schoolId,
    ids,
    token,
    tokens: {
      admin: await token(ids.admin, 'school_admin'),
      teacher: await token(ids.teacherUser, 'teacher'),
      parent: await token(ids.parentUser, 'parent'),
      student: await token(ids.studentUser, 'student'),
    },
  };
}

export type School = Awaited<ReturnType<typeof makeSchool>>;

/** Calls the API as the holder of the token. */
export function api(path: string, token: string, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = { Authorization: `Bearer ${token}` };
  if (init.json !== undefined) headers['Content-Type'] = 'application/json';
  return worker.fetch(`http://portal.test/api${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
}

export async function ticketFor(token: string): Promise<string> {
  const res = await api('/realtime/ticket', token, { method: 'POST' });
  if (res.status !== 200) throw new Error(`ticket refused: ${res.status}`);
  return ((await res.json()) as { data: { ticket: string } }).data.ticket;
}

export interface Live {
  status: number;
  messages: RealtimeEvent[];
  /** The close code and reason once the room closed the socket. */
  closed: { code: number; reason: string } | null;
}

/** Opens the school's room with the given query string (e.g. `ticket=…`). */
export async function connectWith(schoolId: string, query: string): Promise<Live> {
  const res = await worker.fetch(`http://portal.test/parties/school/${schoolId}${query ? `?${query}` : ''}`, {
    headers: { Upgrade: 'websocket' },
  });
  const live: Live = { status: res.status, messages: [], closed: null };
  if (!res.webSocket) return live;
  const ws = res.webSocket;
  ws.accept();
  ws.addEventListener('message', (event) => {
    const parsed = JSON.parse(String(event.data));
    if (parsed.type !== 'connected' && parsed.type !== 'pong') live.messages.push(parsed);
  });
  ws.addEventListener('close', (event) => {
    live.closed = { code: event.code, reason: event.reason };
  });
  opened.push(ws);
  return live;
}

/** Opens the room as the holder of the token, with a fresh ticket, as the portals do. */
export async function connect(schoolId: string, token: string) {
  return connectWith(schoolId, `ticket=${encodeURIComponent(await ticketFor(token))}`);
}

export const settle = (ms = 150) => new Promise((resolve) => setTimeout(resolve, ms));
/** Waits (up to 5 s, the promise made to users) until the expected state is there. */
export const within5s = (check: () => void) => vi.waitFor(check, { timeout: 5000, interval: 20 });

export const registerFor = (classId: string): RealtimeEvent => ({
  type: 'attendance_updated',
  data: { type: 'bulk_attendance_marked', successfulCount: 12, date: '2026-11-25', classId },
});
