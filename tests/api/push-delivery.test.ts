import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageOutbox, outboxChannels, outboxStates, pushSubscriptions, users } from '../../worker/db/schema';
import { deliverDuePushes } from '../../worker/lib/push/outbox';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { caller, classroom, teacherCaller } from '../support/classroom';
import { createStudent } from '../support/factories';
import { phoneKeys, startPushService, vapidClaims, vapidKeys } from '../support/push-service';

let t: TestApp;
let service: Awaited<ReturnType<typeof startPushService>>;
const vapid = vapidKeys();

/** 8-A with Asha's, Bela's and Chand's families; Asha's and Bela's parents have each subscribed a phone. */
async function school() {
  t.clock.now = new Date('2026-11-26T08:00:00Z');
  const s = await classroom(t);
  const pupils = await Promise.all(
    ['Asha', 'Bela', 'Chand'].map((name) => createStudent(t, s.schoolId, { classId: s.classId, name })),
  );
  const parents = await Promise.all(pupils.map(async (p) => caller(t, await signIn(t, p.parentEmail ?? ''))));
  const ids = await Promise.all(
    pupils.map(
      async (p) =>
        (
          await t.db
            .select({ id: users.id })
            .from(users)
            .where(eq(users.email, p.parentEmail ?? ''))
        )[0].id,
    ),
  );
  const phones = [phoneKeys(), phoneKeys()];
  const paths = [0, 1].map((i) => `/send/${s.schoolId}/${i}`);
  for (const i of [0, 1]) {
    const on = await parents[i].post('/api/push/subscriptions', {
      endpoint: `${service.url}${paths[i]}`,
      keys: phones[i].keys,
    });
    expect(on.status).toBe(200);
  }
  const teacher = await teacherCaller(t, s.teacher.email);
  const absentAll = () =>
    teacher.post('/api/attendance/bulk', {
      classId: s.classId,
      subjectId: s.subjectId,
      date: '2026-11-26',
      records: pupils.map((p) => ({ studentId: p.studentId, status: 'absent' })),
    });
  return { ...s, pupils, parents, ids, phones, paths, absentAll };
}

const run = (schoolId: string) => deliverDuePushes(t.db, schoolId, vapid, { now: t.clock.now, send: fetch });
const pushRows = (userIds: string[]) =>
  t.db
    .select({ userId: messageOutbox.userId, state: messageOutbox.state, attempts: messageOutbox.attempts })
    .from(messageOutbox)
    .where(inArray(messageOutbox.userId, userIds))
    .then((rows) => rows);

beforeAll(async () => {
  service = await startPushService();
  t = await createTestApp({ vapidPublicKey: vapid.publicKey });
});

afterAll(async () => {
  await service?.close();
});

describe('Web Push', () => {
  it('offers the public key phones subscribe with', async () => {
    const s = await school();
    expect((await s.parents[2].get('/api/push/key')).body.data).toEqual({
      configured: true,
      publicKey: vapid.publicKey,
    });
  });

  it('pushes one encrypted, VAPID-signed request per subscribed parent per alert, which only that phone can read', async () => {
    const s = await school();
    const register = await s.absentAll();
    expect(register.status).toBe(200);
    // Only the subscribed parents get a push row; Chand's parent has no phone.
    const rows = await t.db
      .select({ userId: messageOutbox.userId, channel: messageOutbox.channel })
      .from(messageOutbox)
      .where(inArray(messageOutbox.userId, s.ids));
    const pushRowsOf = rows.filter((r) => r.channel === outboxChannels.push).map((r) => r.userId);
    expect(pushRowsOf.sort()).toEqual([s.ids[0], s.ids[1]].sort());
    const before = service.received.length;
    const done = await run(s.schoolId);
    expect(done).toMatchObject({ sent: 2, retried: 0, failed: 0, gone: 0, nextRunAt: null });
    const requests = service.received.slice(before);
    expect(requests.map((r) => r.path).sort()).toEqual([...s.paths].sort());
    for (const [i, name] of ['Asha', 'Bela'].entries()) {
      const request = requests.find((r) => r.path === s.paths[i]);
      if (!request) throw new Error('no request');
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(request.headers.ttl).toBe('86400');
      const claims = vapidClaims(request.headers.authorization, vapid.publicKey);
      expect(claims).toMatchObject({ aud: service.url, sub: vapid.subject });
      expect(claims.exp).toBeGreaterThan(t.clock.now.getTime() / 1000);
      const payload = JSON.parse(s.phones[i].decrypt(request.body));
      expect(payload).toMatchObject({ url: '/family/messages' });
      expect(payload.title).toContain(`Absence alert: ${name}`);
      expect(payload.body).toContain('Mathematics');
      // The other phone cannot read it.
      expect(() => s.phones[1 - i].decrypt(request.body)).toThrow();
    }
    // Sent once: a second run pushes nothing.
    expect((await run(s.schoolId)).sent).toBe(0);
    expect(service.received.length).toBe(before + 2);
  });

  it('retries a push service that fails, and forgets a phone its service no longer knows (410)', async () => {
    const s = await school();
    service.answers.set(s.paths[0], [503]);
    service.answers.set(s.paths[1], [410]);
    await s.absentAll();
    const first = await run(s.schoolId);
    expect(first).toMatchObject({ sent: 0, retried: 1, failed: 1, gone: 1 });
    expect(first.nextRunAt).toBe(t.clock.now.getTime() + 60_000);
    const phones = await t.db
      .select({ userId: pushSubscriptions.userId })
      .from(pushSubscriptions)
      .where(inArray(pushSubscriptions.userId, s.ids));
    expect(phones.map((p) => p.userId)).toEqual([s.ids[0]]);
    t.clock.now = new Date(t.clock.now.getTime() + 60_000);
    expect(await run(s.schoolId)).toMatchObject({ sent: 1, retried: 0, nextRunAt: null });
    const rows = (await pushRows(s.ids)).filter((r) => r.attempts > 0);
    expect(rows.map((r) => [r.userId === s.ids[0] ? 'asha' : 'bela', r.state, r.attempts]).sort()).toEqual([
      ['asha', outboxStates.sent, 2],
      ['bela', outboxStates.failed, 1],
    ]);
    // The System Status card counts the push rows apart from e-mail: one sent, one given up today.
    const status = (await s.admin.get('/api/dashboard/mail-status')).body.data.push;
    expect(status).toEqual({
      configured: true,
      lastSentAt: t.clock.now.toISOString(),
      failedLastDay: 1,
      retrying: 0,
      queued: 0,
    });
    // A later alert for Bela's family makes no push row: her phone is gone.
    expect(
      (
        await t.db
          .select()
          .from(messageOutbox)
          .where(inArray(messageOutbox.userId, [s.ids[1]]))
      ).filter((r) => r.channel === outboxChannels.push),
    ).toHaveLength(1);
  });
});
