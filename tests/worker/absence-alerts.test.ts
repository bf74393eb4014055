import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { schools, subjects } from '../../worker/db/schema';
import { newId } from '../../worker/db/schema/columns';
import handler from '../../worker/index';
import { api, closeOpened, connect, db, makeSchool, settle, within5s } from './realtime-support';

afterEach(closeOpened);

const today = () => new Date().toISOString().slice(0, 10);

async function withSubject(label: string) {
  const school = await makeSchool(label);
  const subjectId = newId();
  await db
    .insert(subjects)
    .values({ id: subjectId, schoolId: school.schoolId, name: 'Mathematics', classId: school.ids.classB });
  const register = (status: string) =>
    api('/attendance/bulk', school.tokens.admin, {
      method: 'POST',
      json: {
        classId: school.ids.classB,
        subjectId,
        date: today(),
        records: [{ studentId: school.ids.student, status }],
      },
    });
  const alerts = async () => {
    const res = await api('/messages/inbox', school.tokens.parent);
    const body = (await res.json()) as { data: { audience: string; preview: string }[] };
    return body.data.filter((m) => m.audience === 'absence_alert');
  };
  return { ...school, register, alerts };
}

/** The Worker's cron handler, run as the trigger runs it, to its end. */
async function runCron() {
  const ctx = createExecutionContext();
  await handler.scheduled?.(createScheduledController({ cron: '*/5 * * * *' }), env as never, ctx);
  await waitOnExecutionContext(ctx);
}

describe('absence alerts on D1', () => {
  it('a register tells the parent at once, live, and a correction withdraws the alert', async () => {
    const school = await withSubject('alert-now');
    const parent = await connect(school.schoolId, school.tokens.parent);
    const saved = await school.register('absent');
    expect(saved.status).toBe(200);
    const [alert, ...more] = await school.alerts();
    expect(more).toEqual([]);
    expect(alert.preview).toMatch(/missed these periods on .+: Mathematics\.$/);
    const inbox = () => parent.messages.filter((m) => (m as { type: string }).type === 'inbox_updated');
    await within5s(() =>
      expect(inbox()).toEqual([{ type: 'inbox_updated', data: { reason: 'received', messageId: '' } }]),
    );
    await school.register('present');
    expect(await school.alerts()).toEqual([]);
    await within5s(() => expect(inbox().at(-1)).toMatchObject({ data: { reason: 'withdrawn' } }));
  });

  it('timed alerts wait for the cron, which makes them once', async () => {
    const school = await withSubject('alert-timed');
    // Due from midnight: the cron finds it due whenever it runs.
    await db
      .update(schools)
      .set({ absenceAlerts: 'timed', absenceAlertTime: '00:00' })
      .where(eq(schools.id, school.schoolId));
    expect((await school.register('absent')).status).toBe(200);
    expect(await school.alerts()).toEqual([]);
    await runCron();
    expect((await school.alerts()).length).toBe(1);
    await runCron();
    await settle();
    expect((await school.alerts()).length).toBe(1);
  });
});
