import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { realtimeTickets, users } from '../../worker/db/schema';
import { consumeTicket } from '../../worker/lib/realtime-tickets';
import { readToken } from '../../worker/lib/tokens';
import { createTestApp, createTestSchool, JWT_SECRET, json, roundTrips, signIn, type TestApp } from '../support/app';
import { addTeacher, createClass, createStudent } from '../support/factories';

let t: TestApp;
let school: Awaited<ReturnType<typeof createTestSchool>>;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  school = await createTestSchool(t, 'Ticket Academy');
  const classId = await createClass(t, school.schoolId);
  const teacher = await addTeacher(t, school.schoolId);
  const student = await createStudent(t, school.schoolId, { classId });
  tokens.school_admin = await signIn(t, school.adminEmail);
  tokens.teacher = await signIn(t, teacher.email, undefined, '/api/teachers/login');
  tokens.student = await signIn(t, student.email, undefined, '/api/students/login');
  tokens.parent = await signIn(t, student.parentEmail as string, undefined, '/api/students/parents/login');
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const ticket = (token?: string) => t.request('/api/realtime/ticket', { method: 'POST', token });
type TicketBody = { success: boolean; data: { ticket: string; expiresIn: number }; error?: string };

describe('POST /api/realtime/ticket', () => {
  it.each(['school_admin', 'teacher', 'student', 'parent'])(
    'answers a %s a fresh 30-second ticket, never cached',
    async (role) => {
      const res = await ticket(tokens[role]);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      const body = await json<TicketBody>(res);
      expect(body.data.expiresIn).toBe(30);
      expect(body.data.ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const again = await json<TicketBody>(await ticket(tokens[role]));
      expect(again.data.ticket).not.toBe(body.data.ticket);
    },
  );

  it('keeps only a digest of the ticket, bound to the session token it was asked with', async () => {
    const before = t.clock.now;
    const res = await ticket(tokens.teacher);
    const { data } = await json<TicketBody>(res);
    const claims = await readToken(JWT_SECRET, tokens.teacher, t.clock.now);
    const rows = await t.db
      .select()
      .from(realtimeTickets)
      .where(eq(realtimeTickets.ticketHash, sha256(data.ticket)));
    expect(rows).toEqual([
      {
        ticketHash: sha256(data.ticket),
        schoolId: school.schoolId,
        userId: claims.userId,
        jti: claims.jti,
        tokenVersion: claims.tokenVersion,
        sessionExpiresAt: claims.expiresAt,
        expiresAt: new Date(before.getTime() + 30_000).toISOString(),
      },
    ]);
    const everything = JSON.stringify(await t.db.select().from(realtimeTickets));
    expect(everything).not.toContain(data.ticket);
    expect(t.logs.join('\n')).not.toContain(data.ticket);
  });

  it('prunes expired tickets in the same batch, in a fixed number of round trips', async () => {
    const { data: first } = await json<TicketBody>(await ticket(tokens.parent));
    const saved = t.clock.now;
    t.clock.now = new Date(saved.getTime() + 31_000);
    try {
      const res = await ticket(tokens.parent);
      expect(roundTrips(res)).toBe(2);
      const stale = await t.db
        .select()
        .from(realtimeTickets)
        .where(eq(realtimeTickets.ticketHash, sha256(first.ticket)));
      expect(stale).toEqual([]);
    } finally {
      t.clock.now = saved;
    }
  });

  it('refuses a caller without a session, and one still holding a temporary password', async () => {
    expect((await ticket()).status).toBe(401);
    expect((await ticket('not-a-token')).status).toBe(401);
    const teacher = await addTeacher(t, school.schoolId);
    await t.db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, teacher.userId));
    const token = await signIn(t, teacher.email, undefined, '/api/teachers/login');
    const res = await ticket(token);
    expect(res.status).toBe(403);
    expect((await json<TicketBody>(res)).error).toBe(
      'Choose a new password to continue. The password you signed in with is temporary.',
    );
  });
});

describe('consuming a ticket over libSQL (as hosted schools do)', () => {
  it('admits its own school once, with the session it was issued under; never twice, never another school', async () => {
    const { data } = await json<TicketBody>(await ticket(tokens.teacher));
    const claims = await readToken(JWT_SECRET, tokens.teacher, t.clock.now);
    expect(await consumeTicket(t.db, data.ticket, 'another-school', t.clock.now)).toBeNull();
    const { data: fresh } = await json<TicketBody>(await ticket(tokens.teacher));
    expect(await consumeTicket(t.db, fresh.ticket, school.schoolId, t.clock.now)).toEqual({
      userId: claims.userId,
      schoolId: school.schoolId,
      role: 'teacher',
      jti: claims.jti,
      sessionExpiresAt: claims.expiresAt,
    });
    expect(await consumeTicket(t.db, fresh.ticket, school.schoolId, t.clock.now)).toBeNull();
  });

  it('admits nobody once the session it was issued under has been signed out', async () => {
    const teacher = await addTeacher(t, school.schoolId);
    const token = await signIn(t, teacher.email, undefined, '/api/teachers/login');
    const { data } = await json<TicketBody>(await ticket(token));
    expect((await t.request('/api/auth/logout', { method: 'POST', token })).status).toBe(200);
    expect(await consumeTicket(t.db, data.ticket, school.schoolId, t.clock.now)).toBeNull();
  });
});
