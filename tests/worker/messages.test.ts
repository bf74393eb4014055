import { afterEach, describe, expect, it } from 'vitest';
import { api, closeOpened, connect, makeSchool, settle, within5s } from './realtime-support';

afterEach(closeOpened);

const send = async (token: string, json: unknown) => {
  const res = await api('/messages', token, { method: 'POST', json });
  const body = (await res.json()) as { data: { _id: string; recipientCount: number } };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.data;
};

describe('messages on D1 and in the room', () => {
  it('tells only the recipients that a message arrived, with its id and never its text nor who else got it', async () => {
    const school = await makeSchool('inbox');
    const other = await makeSchool('elsewhere');
    const [admin, teacher, parent, student, outsider] = await Promise.all([
      connect(school.schoolId, school.tokens.admin),
      connect(school.schoolId, school.tokens.teacher),
      connect(school.schoolId, school.tokens.parent),
      connect(school.schoolId, school.tokens.student),
      connect(other.schoolId, other.tokens.parent),
    ]);

    const toParents = await send(school.tokens.admin, {
      audience: 'class_parents',
      classId: school.ids.classB,
      subject: 'Secret subject',
      body: 'Secret body',
    });
    expect(toParents.recipientCount).toBe(1);
    const received = { type: 'inbox_updated', data: { reason: 'received', messageId: toParents._id } };
    await within5s(() => expect(parent.messages).toEqual([received]));

    const toAll = await send(school.tokens.admin, { audience: 'school', subject: 'Assembly', body: 'At nine.' });
    expect(toAll.recipientCount).toBe(3);
    const all = { type: 'inbox_updated', data: { reason: 'received', messageId: toAll._id } };
    await within5s(() => {
      expect(teacher.messages).toEqual([all]);
      expect(student.messages).toEqual([all]);
      expect(parent.messages).toEqual([received, all]);
    });

    // Reading it tells the reader's own sockets, so every device takes its badge down.
    const read = await api(`/messages/${toParents._id}`, school.tokens.parent);
    expect(read.status).toBe(200);
    const unread = (await (await api('/messages/unread', school.tokens.parent)).json()) as { data: { unread: number } };
    expect(unread.data.unread).toBe(1);
    await within5s(() =>
      expect(parent.messages.at(-1)).toEqual({
        type: 'inbox_updated',
        data: { reason: 'read', messageId: toParents._id },
      }),
    );
    await settle();
    expect(admin.messages).toEqual([]);
    expect(outsider.messages).toEqual([]);
    expect(JSON.stringify([teacher, parent, student].map((s) => s.messages))).not.toMatch(/Secret|userIds/);
  });
});
