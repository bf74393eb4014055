/**
 * Backups carry messages under their integer keys, every inbox row (read or not) and the outbox. A file whose
 * inbox or outbox rows point outside it is refused.
 */
import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { backups, messageOutbox, messageRecipients, messages, users } from '../../worker/db/schema';
import { encodeSnapshot } from '../../worker/modules/settings/backup';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { caller, classroom } from '../support/classroom';
import { createStudent } from '../support/factories';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const DAMAGED = 'The backup file is damaged and cannot be restored';

async function school() {
  const w = await classroom(t);
  const families = [
    await createStudent(t, w.schoolId, { classId: w.classId }),
    await createStudent(t, w.schoolId, { classId: w.classId }),
  ];
  const parent = caller(t, await signIn(t, families[0].parentEmail ?? ''));
  const sent = await w.admin.post('/api/messages', {
    audience: 'class',
    classId: w.classId,
    subject: 'Trip',
    body: 'Friday.',
  });
  expect(sent.status).toBe(201);
  await parent.get(`/api/messages/${sent.body.data._id}`);
  const backup = await w.admin.post('/api/settings/backup', {});
  const backupId = backup.body.data._id as string;
  const [row] = await t.db.select().from(backups).where(eq(backups.id, backupId));
  const bytes = await (await t.platform.files!.get(row.storageKey))!.arrayBuffer();
  const text = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).text();
  const restore = async (snapshot?: unknown) => {
    if (snapshot) await t.platform.files!.put(row.storageKey, await encodeSnapshot(snapshot as never));
    return t.request(`/api/settings/backup/${backupId}/restore`, { method: 'POST', token: w.token });
  };
  const rows = async () => {
    const accounts = t.db.select({ id: users.id }).from(users).where(eq(users.schoolId, w.schoolId));
    return {
      messages: await t.db.select().from(messages).where(eq(messages.schoolId, w.schoolId)).orderBy(messages.id),
      recipients: await t.db
        .select()
        .from(messageRecipients)
        .where(inArray(messageRecipients.userId, accounts))
        .orderBy(messageRecipients.userId),
      outbox: await t.db
        .select()
        .from(messageOutbox)
        .where(inArray(messageOutbox.userId, accounts))
        .orderBy(messageOutbox.userId),
    };
  };
  return { ...w, parent, messageId: sent.body.data._id as string, snapshot: () => JSON.parse(text), restore, rows };
}

describe('messages in backups', () => {
  it('restores messages under their keys, who read what, and the outbox', async () => {
    const w = await school();
    const before = await w.rows();
    expect(before.recipients.filter((r) => r.readAt !== null)).toHaveLength(1);
    expect(w.snapshot().tables.message_recipients).toHaveLength(before.recipients.length);
    expect(w.snapshot().tables.message_outbox).toHaveLength(before.outbox.length);
    // After the backup: another message, and the second copy read.
    await w.admin.post('/api/messages', { audience: 'staff', subject: 'Staff meeting', body: 'At 4.' });
    await w.admin.post('/api/messages', { audience: 'class', classId: w.classId, subject: 'Again', body: 'Later.' });
    expect((await w.rows()).messages).toHaveLength(3);

    const res = await w.restore();
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await w.rows()).toEqual(before);
  });

  it('refuses a file whose inbox or outbox rows name a message or an account it does not hold', async () => {
    const w = await school();
    const before = await w.rows();
    const other = await classroom(t);
    const tampered = [
      (s: any) => {
        s.tables.message_recipients[0].messageId = 999_999;
      },
      (s: any) => {
        s.tables.message_outbox[0].userId = other.adminId;
      },
      (s: any) => {
        s.tables.message_outbox[0].state = 7;
      },
      (s: any) => {
        s.tables.message_recipients.push({ ...s.tables.message_recipients[0] });
      },
    ];
    for (const change of tampered) {
      const snapshot = w.snapshot();
      change(snapshot);
      const res = await w.restore(snapshot);
      expect({ status: res.status, error: ((await res.json()) as { error: string }).error }).toEqual({
        status: 422,
        error: DAMAGED,
      });
    }
    expect(await w.rows()).toEqual(before);
  });
});
