import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { RealtimeEvent } from '../../party/events';
import { realtimeTickets, users } from '../../worker/db/schema';
import {
  api,
  closeOpened,
  connect,
  connectWith,
  db,
  makeSchool,
  publish,
  registerFor,
  settle,
  ticketFor,
  within5s,
  worker,
} from './realtime-support';

afterEach(closeOpened);

describe('the school room', () => {
  it('delivers an event to every admin of the school, never to another school', async () => {
    const north = await makeSchool('north');
    const south = await makeSchool('south');
    const first = await connect(north.schoolId, north.tokens.admin);
    const second = await connect(north.schoolId, north.tokens.admin);
    const other = await connect(south.schoolId, south.tokens.admin);
    expect([first.status, second.status, other.status]).toEqual([101, 101, 101]);

    await publish(north.schoolId, registerFor(north.ids.classA));
    await within5s(() => {
      expect(first.messages).toEqual([registerFor(north.ids.classA)]);
      expect(second.messages).toEqual([registerFor(north.ids.classA)]);
    });
    await settle();
    expect(other.messages).toEqual([]);
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
        language: 'en',
      },
    };
    await publish(school.schoolId, scopedToB);
    await publish(school.schoolId, renamed);
    await publish(school.schoolId, wholeSchool);
    // The last event reaching everyone means every earlier one has been delivered or withheld.
    await within5s(() => {
      expect(teacher.messages.at(-1)).toEqual(wholeSchool);
      expect(parent.messages.at(-1)).toEqual(wholeSchool);
      expect(student.messages.at(-1)).toEqual(wholeSchool);
    });
    await settle();

    expect(teacher.messages).toEqual([registerFor(school.ids.classA), renamed, wholeSchool]);
    expect(parent.messages).toEqual([scopedToB, renamed, wholeSchool]);
    expect(student.messages).toEqual([scopedToB, renamed, wholeSchool]);
  });

  it('answers plain HTTP and other paths with 404, and a publish to a room nobody joined does not fail', async () => {
    const school = await makeSchool('quiet');
    const res = await worker.fetch(`http://portal.test/parties/school/${school.schoolId}`, {
      method: 'POST',
      body: '{}',
    });
    expect(res.status).toBe(404);
    const ticket = await ticketFor(school.tokens.admin);
    expect((await connectWith(`${school.schoolId}/extra`, `ticket=${ticket}`)).status).toBe(404);
    const elsewhere = await worker.fetch(`http://portal.test/parties/other/${school.schoolId}?ticket=${ticket}`, {
      headers: { Upgrade: 'websocket' },
    });
    expect(elsewhere.status).toBe(404);
    await expect(publish(school.schoolId, registerFor(school.ids.classA))).resolves.toBeUndefined();
  });
});

describe('admission by ticket', () => {
  it('admits a ticket once, not twice, and two connects racing with one ticket cannot both pass', async () => {
    const school = await makeSchool('once');
    const ticket = await ticketFor(school.tokens.admin);
    expect((await connectWith(school.schoolId, `ticket=${ticket}`)).status).toBe(101);
    expect((await connectWith(school.schoolId, `ticket=${ticket}`)).status).toBe(401);

    const raced = await ticketFor(school.tokens.teacher);
    const both = await Promise.all([
      connectWith(school.schoolId, `ticket=${raced}`),
      connectWith(school.schoolId, `ticket=${raced}`),
    ]);
    expect(both.map((live) => live.status).sort()).toEqual([101, 401]);
  });

  it('refuses a ticket after its 30 seconds, an unknown one, and another school’s', async () => {
    const east = await makeSchool('east');
    const west = await makeSchool('west');
    const stale = await ticketFor(east.tokens.admin);
    await db
      .update(realtimeTickets)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where(eq(realtimeTickets.userId, east.ids.admin));
    expect((await connectWith(east.schoolId, `ticket=${stale}`)).status).toBe(401);
    expect((await connectWith(east.schoolId, 'ticket=made-up')).status).toBe(401);
    expect((await connectWith(east.schoolId, '')).status).toBe(401);

    const eastern = await ticketFor(east.tokens.admin);
    expect((await connectWith(west.schoolId, `ticket=${eastern}`)).status).toBe(401);
  });

  it('refuses a session token in the URL, even beside a good ticket', async () => {
    const school = await makeSchool('token-url');
    expect((await connectWith(school.schoolId, `token=${school.tokens.admin}`)).status).toBe(401);
    const ticket = await ticketFor(school.tokens.admin);
    expect((await connectWith(school.schoolId, `ticket=${ticket}&token=${school.tokens.admin}`)).status).toBe(401);
  });

  it('refuses a ticket whose session ended, account was deactivated or must choose a password, before it was used', async () => {
    const school = await makeSchool('ended');
    const ticket = await ticketFor(school.tokens.teacher);
    expect((await api('/auth/logout', school.tokens.teacher, { method: 'POST' })).status).toBe(200);
    expect((await connectWith(school.schoolId, `ticket=${ticket}`)).status).toBe(401);

    const parentTicket = await ticketFor(school.tokens.parent);
    await db.update(users).set({ tokenVersion: 1 }).where(eq(users.id, school.ids.parentUser));
    expect((await connectWith(school.schoolId, `ticket=${parentTicket}`)).status).toBe(401);
    const adminTicket = await ticketFor(school.tokens.admin);
    await db.update(users).set({ isActive: false }).where(eq(users.id, school.ids.admin));
    expect((await connectWith(school.schoolId, `ticket=${adminTicket}`)).status).toBe(401);

    const studentTicket = await ticketFor(school.tokens.student);
    await db.update(users).set({ passwordChangeRequired: true }).where(eq(users.id, school.ids.studentUser));
    expect((await connectWith(school.schoolId, `ticket=${studentTicket}`)).status).toBe(401);
    // Someone still holding a password the school gave gets no ticket either.
    expect((await api('/realtime/ticket', school.tokens.student, { method: 'POST' })).status).toBe(403);
  });
});
