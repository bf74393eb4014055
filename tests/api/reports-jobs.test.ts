/**
 * Large PDFs and workbooks made in the background: the 202 with the job, its progress while it runs, the file's
 * bytes once ready, who may follow it (its requester or an administrator of its school, else 404), its expiry after
 * a day, and the activity line of the run.
 */
import * as XLSX from '@e965/xlsx';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activityLogs, reportJobs } from '../../worker/db/schema';
import { createTestApp, type TestApp } from '../support/app';
import { type Caller, classroom, teacherCaller } from '../support/classroom';
import { addClassRoll, addTeacher } from '../support/factories';
import { pdfText } from '../support/pdf';

let t: TestApp;
beforeAll(async () => {
  // A low threshold, so that a class of 600 is "large": 600 rows × 3 columns is 1,800 cells.
  t = await createTestApp({ reportJobCells: 1_000 });
  t.clock.now = new Date('2026-11-27T06:00:00Z');
});

type Job = {
  _id: string;
  state: 'running' | 'ready' | 'failed';
  partsDone: number;
  partsTotal: number;
  percent: number;
  rows: number;
  format: string;
  size: number | null;
  error: string | null;
};

/** Polls the job until it is no longer running (10 s at most). */
async function settled(who: Caller, id: string): Promise<Job> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await who.get(`/api/reports/jobs/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    if (res.body.data.state !== 'running' || Date.now() > deadline) return res.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function fileOf(token: string, id: string) {
  return t.request(`/api/reports/jobs/${id}/file`, { token });
}

/** Class 8-A of 600 pupils, its teacher, and the administrator. */
async function largeClass() {
  const w = await classroom(t);
  await addClassRoll(t, w.schoolId, w.classId, 600);
  return w;
}

const INFO = (classId: string, format: string) =>
  `/api/reports/students-info?classId=${classId}&columns=roll,name,class&format=${format}`;

describe('report jobs', () => {
  it('answers a large PDF with a job, shows its parts as they are done, and gives the file once ready', async () => {
    const w = await largeClass();
    // Holds the file's storing until let go, so the job is seen running with its rows drawn.
    const files = t.platform.files!;
    const put = files.put.bind(files);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    files.put = async (...args) => {
      await gate;
      return put(...args);
    };
    try {
      const started = await w.admin.get(INFO(w.classId, 'pdf'));
      expect(started.status, JSON.stringify(started.body)).toBe(202);
      const job = started.body.data as Job;
      expect(job).toMatchObject({ state: 'running', partsDone: 0, partsTotal: 3, rows: 600, format: 'pdf' });
      expect(started.body.message).toBe('The report is being prepared');
      // Not ready: the file waits.
      const early = await fileOf(w.token, job._id);
      expect(early.status).toBe(409);
      let seen: Job | null = null;
      for (let i = 0; i < 200 && seen?.partsDone !== 2; i++) {
        seen = (await w.admin.get(`/api/reports/jobs/${job._id}`)).body.data;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toMatchObject({ state: 'running', partsDone: 2, partsTotal: 3, percent: 66 });
    } finally {
      release();
      files.put = put;
    }
    const [row] = await t.db.select().from(reportJobs).where(eq(reportJobs.schoolId, w.schoolId));
    const done = await settled(w.admin, row.id);
    expect(done).toMatchObject({ state: 'ready', partsDone: 3, partsTotal: 3, percent: 100, error: null });
    const res = await fileOf(w.token, row.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(/filename="students-information.*\.pdf"/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(done.size).toBe(bytes.byteLength);
    const text = pdfText(bytes);
    expect(text).toContain('Pupil 1');
    expect(text).toContain('Pupil 600');
    expect(text.match(/Pupil \d+/g)?.length).toBe(600);
    // The run is logged once, as any report run.
    const lines = await t.db
      .select({ action: activityLogs.action, summary: activityLogs.summary })
      .from(activityLogs)
      .where(and(eq(activityLogs.schoolId, w.schoolId), eq(activityLogs.entity, 'report')));
    expect(lines).toEqual([{ action: 'export', summary: expect.stringMatching(/pdf.*600 student/) }]);
  });

  it('makes a large workbook whose rows are all there', async () => {
    const w = await largeClass();
    const started = await w.admin.get(INFO(w.classId, 'xlsx'));
    expect(started.status).toBe(202);
    expect((await settled(w.admin, started.body.data._id)).state).toBe('ready');
    const res = await fileOf(w.token, started.body.data._id);
    expect(res.headers.get('content-type')).toMatch(/spreadsheetml/);
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: 'array' });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, blankrows: false });
    const pupils = rows.filter((r) => /^Pupil \d+$/.test(String(r[1])));
    expect(pupils).toHaveLength(600);
    expect(pupils[599]).toEqual(['600', 'Pupil 600', '8-A']);
  });

  it('keeps small files and CSV in the request', async () => {
    const w = await largeClass();
    const csv = await t.request(INFO(w.classId, 'csv'), { token: w.token });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const small = await t.request(
      `/api/reports/students-info?classId=${w.classId}&columns=name&status=inactive&format=pdf`,
      {
        token: w.token,
      },
    );
    expect(small.status).toBe(200);
    expect(small.headers.get('content-type')).toBe('application/pdf');
  });

  it('shows a job to its requester and the school’s administrators only: another teacher and another school get 404', async () => {
    const w = await largeClass();
    const own = await teacherCaller(t, w.teacher.email);
    const started = await own.get(`/api/reports/attendance/students?classId=${w.classId}&month=2026-11&format=pdf`);
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.data._id as string;
    expect((await settled(own, id)).state).toBe('ready');
    expect((await w.admin.get(`/api/reports/jobs/${id}`)).status).toBe(200);
    const colleague = await addTeacher(t, w.schoolId, { name: 'Other Teacher' });
    const other = await teacherCaller(t, colleague.email);
    expect((await other.get(`/api/reports/jobs/${id}`)).status).toBe(404);
    const stranger = await classroom(t);
    const refused = await stranger.admin.get(`/api/reports/jobs/${id}`);
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('Report job not found');
    expect((await fileOf(stranger.token, id)).status).toBe(404);
    expect((await own.get('/api/reports/jobs/no-such-job')).status).toBe(404);
    expect((await t.request(`/api/reports/jobs/${id}/file`)).status).toBe(401);
  });

  it('lets a job go after a day, with its file', async () => {
    const w = await largeClass();
    const started = await w.admin.get(INFO(w.classId, 'xlsx'));
    const id = started.body.data._id as string;
    await settled(w.admin, id);
    const [row] = await t.db.select().from(reportJobs).where(eq(reportJobs.id, id));
    expect(await t.platform.files!.get(row.storageKey!)).not.toBeNull();
    // A day on (the session would end with a moved clock): the job's expiry put an hour back.
    await t.db
      .update(reportJobs)
      .set({ expiresAt: new Date(t.clock.now.getTime() - 3_600_000).toISOString() })
      .where(eq(reportJobs.id, id));
    {
      expect((await w.admin.get(`/api/reports/jobs/${id}`)).status).toBe(404);
      expect((await fileOf(w.token, id)).status).toBe(404);
      // The next job of the school sweeps the expired one: its row and its file.
      const next = await w.admin.get(INFO(w.classId, 'pdf'));
      await settled(w.admin, next.body.data._id);
      expect(await t.db.select().from(reportJobs).where(eq(reportJobs.id, id))).toEqual([]);
      expect(await t.platform.files!.get(row.storageKey!)).toBeNull();
    }
  });

  it('marks a job failed when its file cannot be made, and gives no file', async () => {
    const w = await largeClass();
    const files = t.platform.files!;
    const put = files.put.bind(files);
    files.put = async () => {
      throw new Error('bucket away');
    };
    try {
      const started = await w.admin.get(INFO(w.classId, 'pdf'));
      const done = await settled(w.admin, started.body.data._id);
      expect(done).toMatchObject({ state: 'failed', error: 'The report could not be made. Please try again.' });
      expect((await fileOf(w.token, started.body.data._id)).status).toBe(404);
    } finally {
      files.put = put;
    }
  });
});
