import { env } from 'cloudflare:workers';
import { getServerByName } from 'partyserver';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_RECONNECT, CLOSE_SESSION_ENDED } from '../../party/close-codes';
import { MEMBER_HEADER, type Member } from '../../party/school-room';
import { teachers, users } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import { TOKEN_TTL_SECONDS } from '../../worker/lib/tokens';
import {
  api,
  closeOpened,
  connect,
  db,
  makeSchool,
  publish,
  registerFor,
  type School,
  settle,
  within5s,
} from './realtime-support';

afterEach(closeOpened);

const SESSION_ENDED = { code: CLOSE_SESSION_ENDED, reason: 'Session ended' };
const RECONNECT = { code: CLOSE_RECONNECT, reason: 'Reconnect' };

/** The teacher and the parent connected, and an admin socket that must stay open throughout. */
async function everyoneOn(school: School) {
  return {
    teacher: await connect(school.schoolId, school.tokens.teacher),
    parent: await connect(school.schoolId, school.tokens.parent),
    admin: await connect(school.schoolId, school.tokens.admin),
  };
}

describe('a socket already open closes within 5 seconds when its session ends', () => {
  it('on sign-out, and only that session’s', async () => {
    const school = await makeSchool('logout');
    const other = await school.token(school.ids.teacherUser, 'teacher');
    const live = await everyoneOn(school);
    const otherDevice = await connect(school.schoolId, other);
    expect((await api('/auth/logout', school.tokens.teacher, { method: 'POST' })).status).toBe(200);
    await within5s(() => expect(live.teacher.closed).toEqual(SESSION_ENDED));
    await settle();
    expect(otherDevice.closed).toBeNull();
    expect(live.admin.closed).toBeNull();
  });

  it('on a password change, on every device of the account', async () => {
    const school = await makeSchool('password');
    const live = await everyoneOn(school);
    const change = await api('/auth/profile', school.tokens.parent, {
      method: 'PUT',
      json: { currentPassword: 'demo1234', newPassword: 'a-new-password-1' },
    });
    expect(change.status).toBe(200);
    await within5s(() => expect(live.parent.closed).toEqual(SESSION_ENDED));
    // The device that changed it comes back with the token it was answered.
    const { data } = (await change.json()) as { data: { token: string } };
    expect((await connect(school.schoolId, data.token)).status).toBe(101);
    expect(live.teacher.closed).toBeNull();
  });

  it('when the office deactivates the teacher', async () => {
    const school = await makeSchool('deactivate');
    const live = await everyoneOn(school);
    expect((await api(`/teachers/${school.ids.teacher}`, school.tokens.admin, { method: 'DELETE' })).status).toBe(200);
    await within5s(() => expect(live.teacher.closed).toEqual(SESSION_ENDED));
    expect(live.admin.closed).toBeNull();
  });

  it('when the office resets the teacher’s password, not when it edits other details', async () => {
    const school = await makeSchool('teacher-reset');
    const live = await everyoneOn(school);
    const rename = await api(`/teachers/${school.ids.teacher}`, school.tokens.admin, {
      method: 'PUT',
      json: { phone: '555-0100' },
    });
    expect(rename.status).toBe(200);
    await settle(300);
    expect(live.teacher.closed).toBeNull();
    const reset = await api(`/teachers/${school.ids.teacher}`, school.tokens.admin, {
      method: 'PUT',
      json: { password: 'office-chosen-1', requirePasswordChange: true },
    });
    expect(reset.status).toBe(200);
    await within5s(() => expect(live.teacher.closed).toEqual(SESSION_ENDED));
    expect(live.parent.closed).toBeNull();
  });

  it('when the office resets a parent’s password', async () => {
    const school = await makeSchool('parent-reset');
    const live = await everyoneOn(school);
    const reset = await api(`/students/${school.ids.student}/temporary-passwords`, school.tokens.admin, {
      method: 'POST',
      json: { accounts: ['mother'] },
    });
    expect(reset.status).toBe(200);
    await within5s(() => expect(live.parent.closed).toEqual(SESSION_ENDED));
    expect(live.teacher.closed).toBeNull();
  });

  it('when its token expires, even with nothing published', async () => {
    const school = await makeSchool('expiry');
    // Issued long enough ago that it expires three seconds from now.
    const issuedAt = new Date(Date.now() - (TOKEN_TTL_SECONDS - 3) * 1000);
    const expiring = await school.token(school.ids.parentUser, 'parent', issuedAt);
    const live = await connect(school.schoolId, expiring);
    const lasting = await connect(school.schoolId, school.tokens.parent);
    expect(live.status).toBe(101);
    await settle(1000);
    expect(live.closed).toBeNull();
    await within5s(() => expect(live.closed).toEqual(SESSION_ENDED));
    expect(lasting.closed).toBeNull();
  });

  it('but a refresh keeps the socket, which then follows the new token', async () => {
    const school = await makeSchool('refresh');
    const live = await everyoneOn(school);
    const refreshed = await api('/auth/refresh', school.tokens.parent, { method: 'POST' });
    expect(refreshed.status).toBe(200);
    const { data } = (await refreshed.json()) as { data: { token: string } };
    await publish(school.schoolId, registerFor(school.ids.classB));
    await within5s(() => expect(live.parent.messages).toEqual([registerFor(school.ids.classB)]));
    expect(live.parent.closed).toBeNull();
    // Signing out the new token closes the socket opened under the old one.
    expect((await api('/auth/logout', data.token, { method: 'POST' })).status).toBe(200);
    await within5s(() => expect(live.parent.closed).toEqual(SESSION_ENDED));
  });

  it('a restore ends every socket of the school but the restoring administrator’s, which moves to the new token', async () => {
    const school = await makeSchool('restore');
    const live = await everyoneOn(school);
    const backup = await api('/settings/backup', school.tokens.admin, { method: 'POST', json: {} });
    expect(backup.status).toBe(201);
    const { data: made } = (await backup.json()) as { data: { _id: string } };
    const restored = await api(`/settings/backup/${made._id}/restore`, school.tokens.admin, { method: 'POST' });
    expect(restored.status).toBe(200);
    const { data } = (await restored.json()) as { data: { token: string } };
    await within5s(() => {
      expect(live.teacher.closed).toEqual(SESSION_ENDED);
      expect(live.parent.closed).toEqual(SESSION_ENDED);
    });
    await publish(school.schoolId, registerFor(school.ids.classB));
    await within5s(() => expect(live.admin.messages).toEqual([registerFor(school.ids.classB)]));
    expect(live.admin.closed).toBeNull();
    // The socket now lives on the fresh token: signing that out closes it.
    expect((await api('/auth/logout', data.token, { method: 'POST' })).status).toBe(200);
    await within5s(() => expect(live.admin.closed).toEqual(SESSION_ENDED));
  });
});

describe('a teacher’s audience follows their class assignments', () => {
  it('assigned a new class, the teacher reconnects and receives its attendance; removed, stops receiving it', async () => {
    const school = await makeSchool('assign');
    const first = await connect(school.schoolId, school.tokens.teacher);
    const admin = await connect(school.schoolId, school.tokens.admin);

    const assign = await api(`/teachers/${school.ids.teacher}/assign-classes`, school.tokens.admin, {
      method: 'PUT',
      json: { classIds: [school.ids.classB] },
    });
    expect(assign.status).toBe(200);
    await within5s(() => expect(first.closed).toEqual(RECONNECT));
    const second = await connect(school.schoolId, school.tokens.teacher);
    await publish(school.schoolId, registerFor(school.ids.classB));
    await within5s(() => expect(second.messages).toEqual([registerFor(school.ids.classB)]));

    // Class B goes to another teacher: the first one is told to reconnect, and then hears nothing of it.
    const otherId = newId();
    const otherUser = newId();
    await db.batch([
      db.insert(users).values({
        id: otherUser,
        schoolId: school.schoolId,
        role: 'teacher',
        name: 'Other Teacher',
        email: `other.${otherUser}@rt.example`,
        passwordHash: 'not-used',
      }),
      db.insert(teachers).values({ id: otherId, schoolId: school.schoolId, userId: otherUser }),
    ]);
    const moved = await api(`/classes/${school.ids.classB}/teacher`, school.tokens.admin, {
      method: 'PUT',
      json: { teacherId: otherId },
    });
    expect(moved.status).toBe(200);
    await within5s(() => expect(second.closed).toEqual(RECONNECT));
    const third = await connect(school.schoolId, school.tokens.teacher);
    await publish(school.schoolId, registerFor(school.ids.classB));
    await publish(school.schoolId, registerFor(school.ids.classA));
    await within5s(() => expect(third.messages).toEqual([registerFor(school.ids.classA)]));
    expect(admin.closed).toBeNull();
    expect(admin.messages).toHaveLength(3);
  });
});

describe('a socket admitted just before its session ended', () => {
  it('is closed when it reaches the room after the notice; one admitted after the notice stays', async () => {
    const school = await makeSchool('race');
    await publish(school.schoolId, { type: 'sessions_ended', data: { userIds: [school.ids.parentUser] } });
    const noticeAt = Date.now();
    // Straight to the room, as the Worker does once the ticket has been consumed.
    const room = await getServerByName(env.School, school.schoolId);
    const open = async (admittedAt: number) => {
      const member: Member = {
        role: 'parent',
        userId: school.ids.parentUser,
        classIds: [school.ids.classB],
        jti: 'some-token-id',
        sessionExpiresAt: Math.floor(Date.now() / 1000) + 3600,
        admittedAt,
      };
      const res = await room.fetch(`http://portal.test/parties/school/${school.schoolId}`, {
        headers: { Upgrade: 'websocket', [MEMBER_HEADER]: JSON.stringify(member) },
      });
      const ws = res.webSocket as WebSocket;
      ws.accept();
      const live = { closed: null as { code: number; reason: string } | null };
      ws.addEventListener('close', (event) => {
        live.closed = { code: event.code, reason: event.reason };
      });
      return { ws, live };
    };
    const before = await open(noticeAt - 1000);
    const after = await open(noticeAt + 1000);
    await within5s(() => expect(before.live.closed).toEqual(SESSION_ENDED));
    await settle();
    expect(after.live.closed).toBeNull();
    after.ws.close();
  });
});
