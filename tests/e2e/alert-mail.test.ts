import { beforeAll, describe, expect, test } from 'vitest';
import { ADMIN, callApi, mailURL, TEACHER } from './support/browser';

interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const run = Date.now().toString(36);
const SCHOOL_ZONE = 'Asia/Kolkata';
const today = new Intl.DateTimeFormat('en-CA', { timeZone: SCHOOL_ZONE }).format(new Date());

let adminToken: string;
let school: string;
let classId: string;
let subjectId: string;

const mails = async () => (await (await fetch(`${mailURL}/api/mails`)).json()) as CaughtMail[];

/** A pupil of the class with the given parents (each with an e-mail of this run). */
async function pupil(tag: string, parents: ('father' | 'mother')[]) {
  const emails = Object.fromEntries(parents.map((p) => [p, `alert.${tag}.${p}.${run}@example.org`]));
  const name = `Alert Pupil ${tag.toUpperCase()} ${run}`;
  const parentInfo: Record<string, string> = {};
  for (const p of parents) {
    parentInfo[`${p}Name`] = `Alert ${p} ${tag} ${run}`;
    parentInfo[`${p}Phone`] = '+91 90000 00001';
    parentInfo[`${p}Email`] = emails[p];
    parentInfo[`${p}Password`] = `${p}-pw-123`;
  }
  const id = (
    await callApi<{ data: { _id: string } }>('/students', {
      method: 'POST',
      token: adminToken,
      body: {
        name,
        classId,
        rollNumber: `al${tag}${run}`.slice(0, 20),
        email: `alert.${tag}.${run}@example.org`,
        password: 'student-pw-1',
        phone: '+91 98765 43210',
        dateOfBirth: '2012-04-01',
        gender: 'female',
        address: { street: '12 Lake Road', city: 'Pune', state: 'MH', zipCode: '411001' },
        parentInfo,
      },
    })
  ).data._id;
  return { id, name, emails: Object.values(emails) };
}

beforeAll(async () => {
  adminToken = (await callApi<{ data: { token: string } }>('/users/login', { method: 'POST', body: ADMIN })).data.token;
  const info = await callApi<{ data: { name: string; absenceAlerts: string } }>('/settings/school-info', {
    token: adminToken,
  });
  school = info.data.name;
  const teacher = await callApi<{ data: { teacher: { _id: string } } }>('/users/login', {
    method: 'POST',
    body: TEACHER,
  });
  expect(info.data.absenceAlerts).toBe('now');
  // Any class with room for this run's three pupils; a subject of its own, so its register is this run's alone.
  const classes = await callApi<{ data: { _id: string; capacity: number; studentCount: number }[] }>(
    '/classes?limit=500',
    { token: adminToken },
  );
  const roomy = classes.data.find((c) => c.capacity - c.studentCount >= 3);
  if (!roomy) throw new Error('no class has room for three more pupils');
  classId = roomy._id;
  subjectId = (
    await callApi<{ data: { _id: string } }>('/subjects', {
      method: 'POST',
      token: adminToken,
      body: {
        name: `Alert Studies ${run}`,
        code: `AL${run}`.slice(0, 20),
        classId,
        teacherId: teacher.data.teacher._id,
      },
    })
  ).data._id;
}, 60_000);

describe('an absence alert by e-mail', () => {
  test("a register with an absence e-mails each of the child's parents once, read back from the local mail catcher; nobody else", async () => {
    const absent = await pupil('a', ['father', 'mother']);
    const present = await pupil('p', ['father']);
    const answer = await callApi<{ data: { absenceAlerts: { families: number } } }>('/attendance/bulk', {
      method: 'POST',
      token: adminToken,
      body: {
        classId,
        subjectId,
        date: today,
        records: [
          { studentId: absent.id, status: 'absent' },
          { studentId: present.id, status: 'present' },
        ],
      },
    });
    expect(answer.data.absenceAlerts.families).toBeGreaterThanOrEqual(1);

    const ours = (all: CaughtMail[]) => all.filter((mail) => mail.to.some((to) => to.endsWith(`.${run}@example.org`)));
    await expect.poll(async () => ours(await mails()).length, { timeout: 30_000, interval: 250 }).toBe(2);
    // A little longer: nothing more arrives (no second copy, no mail to the present pupil's family).
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    const caught = ours(await mails());
    expect(caught.flatMap((mail) => mail.to).sort()).toEqual([...absent.emails].sort());
    for (const mail of caught) {
      expect(mail.subject).toContain('Absence alert');
      expect(mail.subject).toContain(absent.name);
      expect(mail.subject).toContain(school);
      expect(mail.text).toContain(absent.name);
      expect(mail.text).toContain(`Alert Studies ${run}`);
      expect(mail.html).toContain(school);
    }
    expect(caught.some((mail) => mail.to.some((to) => present.emails.includes(to)))).toBe(false);
  });
});
