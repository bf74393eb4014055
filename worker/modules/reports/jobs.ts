import { and, eq, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../../db/database';
import { reportJobs } from '../../db/schema';
import { newId } from '../../db/schema/columns';
import type { HonoEnv } from '../../lib/context';
import { AppError, notFound } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { FontSource } from '../../lib/pdf-fonts';
import { downloadHeaders, type ReportFormat, reportFile } from '../../lib/report-formats';
import { partsOf } from '../../lib/report-formats/parts';
import { reportPdf } from '../../lib/report-formats/pdf';
import { reportXlsx } from '../../lib/report-formats/xlsx';
import type { ReportTable } from '../../lib/report-table';
import { ok } from '../../lib/respond';
import { type TenantContext, tenant } from '../../lib/tenancy';

/**
 * Above this many cells (rows × columns) a PDF or workbook is made in the background: the request answers 202
 * with the job, and the file is downloaded from `/api/reports/jobs/:id/file` when ready. 20,000 cells is about
 * 2,000 students with ten columns, some 60 PDF pages; a class's month (40 × 36) stays far below it.
 */
export const REPORT_JOB_CELLS = 20_000;
/** A job's file is kept a day, then the job answers 404 and its file is removed. */
export const JOB_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * A running job whose progress has not moved for this long was lost with the isolate that made it (the Worker
 * gives work after an answer about 30 s): it is shown as failed, and the office asks for the file again.
 */
export const STALLED_MS = 5 * 60 * 1000;

export const REPORT_JOB = 'Report job';
export const JOB_NOT_READY = 'The report is still being prepared';
export const JOB_FAILED = 'The report could not be made. Please try again.';

type FileFormat = Exclude<ReportFormat, 'json'>;
type Row = typeof reportJobs.$inferSelect;

const storageKeyOf = (schoolId: string, id: string, format: string) => `reports/${schoolId}/${id}.${format}`;

/** What the API says of a job: its state and progress, and when its file goes. */
export function toJob(row: Row, now: Date) {
  const stalled = row.state === 'running' && now.getTime() - Date.parse(row.updatedAt) > STALLED_MS;
  const state = stalled ? 'failed' : row.state;
  return {
    _id: row.id,
    name: row.name,
    format: row.format,
    state,
    partsDone: row.partsDone,
    partsTotal: row.partsTotal,
    percent: state === 'ready' ? 100 : Math.floor((row.partsDone / Math.max(row.partsTotal, 1)) * 100),
    rows: row.rows,
    size: row.size,
    error: state === 'failed' ? (row.error ?? JOB_FAILED) : null,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
  };
}

/** The cells over which this request's PDF or workbook is made in the background (`reportJobCells` in tests). */
function jobThreshold(c: Context<HonoEnv>) {
  return c.get('deps').config.reportJobCells ?? REPORT_JOB_CELLS;
}

/** Runs `task` after the answer: the Worker's `waitUntil`, or left running where there is none (Node). */
function inBackground(c: Context<HonoEnv>, task: Promise<unknown>) {
  let ctx: Pick<ExecutionContext, 'waitUntil'> | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context: not in the Worker; the promise runs on by itself.
  }
  if (ctx) ctx.waitUntil(task);
}

/**
 * A report table as a file: made in the request when small (or with no file store), else as a job made in the
 * background, answered 202 with the job to follow at `/api/reports/jobs/:id`.
 */
export async function fileAnswer(c: Context<HonoEnv>, table: ReportTable, format: FileFormat, name: string) {
  const ctx = tenant(c);
  const cells = table.rows.length * table.columns.length;
  if (format === 'csv' || cells <= jobThreshold(c) || !ctx.files) {
    return reportFile(table, format, name, { fonts: ctx.fonts, rtl: ctx.language === 'ar' });
  }
  const row = await createJob(ctx, table, format, name);
  inBackground(c, runJob(ctx.db, ctx.files, ctx.fonts, row, table, { rtl: ctx.language === 'ar', now: ctx.now }));
  return ok(c, toJob(row, ctx.now()), { message: 'The report is being prepared' }, 202);
}

/** The job's row, and the school's expired jobs swept (rows now, files by the run), in one batch. */
async function createJob(ctx: TenantContext, table: ReportTable, format: 'pdf' | 'xlsx', name: string) {
  const now = ctx.now();
  const row: Row = {
    id: newId(),
    schoolId: ctx.schoolId,
    requestedBy: ctx.session.userId,
    name,
    format,
    state: 'running',
    partsDone: 0,
    partsTotal: partsOf(table),
    rows: table.rows.length,
    storageKey: null,
    size: null,
    error: null,
    expiresAt: new Date(now.getTime() + JOB_LIFETIME_MS).toISOString(),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await ctx.db.insert(reportJobs).values(row);
  return row;
}

/**
 * Makes the job's file part by part, recording each part done, stores it in the bucket and marks the job ready;
 * any failure marks it failed. Then removes the school's expired jobs and their files.
 */
export async function runJob(
  db: Database,
  files: FileStore,
  fonts: FontSource,
  job: Row,
  table: ReportTable,
  options: { rtl: boolean; now: () => Date },
) {
  const where = and(eq(reportJobs.schoolId, job.schoolId), eq(reportJobs.id, job.id));
  let done = 0;
  const onPart = async () => {
    done += 1;
    await db.update(reportJobs).set({ partsDone: done, updatedAt: options.now().toISOString() }).where(where);
  };
  try {
    const bytes =
      job.format === 'pdf'
        ? await reportPdf(table, fonts, { rtl: options.rtl, onPart })
        : await reportXlsx(table, onPart);
    const key = storageKeyOf(job.schoolId, job.id, job.format);
    await files.put(key, bytes, {
      httpMetadata: { contentType: downloadHeaders(job.format, job.name)['Content-Type'] },
    });
    await db
      .update(reportJobs)
      .set({
        state: 'ready',
        partsDone: job.partsTotal,
        storageKey: key,
        size: bytes.byteLength,
        updatedAt: options.now().toISOString(),
      })
      .where(where);
  } catch {
    await db
      .update(reportJobs)
      .set({ state: 'failed', error: JOB_FAILED, updatedAt: options.now().toISOString() })
      .where(where)
      .catch(() => undefined);
  }
  await sweepExpired(db, files, job.schoolId, options.now()).catch(() => undefined);
}

/** The school's jobs past their day: their files removed, then their rows. */
async function sweepExpired(db: Database, files: FileStore, schoolId: string, now: Date) {
  const expired = and(eq(reportJobs.schoolId, schoolId), lt(reportJobs.expiresAt, now.toISOString()));
  const gone = await db.select({ key: reportJobs.storageKey }).from(reportJobs).where(expired);
  if (gone.length === 0) return;
  await Promise.all(gone.map((row) => (row.key ? files.delete(row.key).catch(() => undefined) : undefined)));
  await db.delete(reportJobs).where(expired);
}

/** The caller's job, unexpired: its requester's, or any of the school's for an administrator; else 404. */
async function findJob(ctx: TenantContext, id: string) {
  const mine = ctx.session.role === 'school_admin' ? undefined : eq(reportJobs.requestedBy, ctx.session.userId);
  const [row] = await ctx.db
    .select()
    .from(reportJobs)
    .where(
      ctx.scoped(reportJobs, eq(reportJobs.id, id), mine, sql`${reportJobs.expiresAt} > ${ctx.now().toISOString()}`),
    );
  if (!row) throw notFound(REPORT_JOB);
  return row;
}

export async function getJob(ctx: TenantContext, id: string) {
  return toJob(await findJob(ctx, id), ctx.now());
}

/** The job's file, once ready (409 before; 404 when failed, expired or not the caller's). */
export async function jobFile(ctx: TenantContext, id: string): Promise<Response> {
  const row = await findJob(ctx, id);
  const job = toJob(row, ctx.now());
  if (job.state === 'running') throw new AppError(409, JOB_NOT_READY, { code: 'CONFLICT' });
  if (job.state === 'failed' || !row.storageKey || !ctx.files) throw notFound(REPORT_JOB);
  const stored = await ctx.files.get(row.storageKey);
  if (!stored) throw notFound(REPORT_JOB);
  return new Response(await stored.arrayBuffer(), { headers: downloadHeaders(row.format, row.name) });
}
