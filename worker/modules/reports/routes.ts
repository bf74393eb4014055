import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { monthReportAnswer, REPORT_FILES } from './attendance-answers';
import { schoolMonthQuery, staffMonthQuery, studentsMonthQuery } from './attendance-schemas';
import { schoolMonthCsv } from './attendance-school';
import { staffMonthReport } from './attendance-staff';
import { studentsMonthReport } from './attendance-students';
import { fileAnswer, getJob, jobFile } from './jobs';
import { reportJobAnswer } from './jobs-schemas';

const admin = requireAuth('school_admin');
/** A teacher gets the attendance report of a class they teach (403 for another). */
const staff = requireAuth('school_admin', 'teacher');

/** `/api/reports`: the office's reports, each as JSON or a file (`?format=csv|xlsx|pdf`). */
export const reportsRoutes = new Hono<HonoEnv>()
  .get(
    '/attendance/students',
    contract({
      summary: 'Students monthly attendance of a class',
      responses: { 200: monthReportAnswer, 202: reportJobAnswer },
      files: REPORT_FILES,
    }),
    staff,
    validate('query', studentsMonthQuery),
    async (c) => {
      const ctx = tenant(c);
      const query = c.req.valid('query');
      const report = await studentsMonthReport(ctx, query);
      if (query.format === 'json') return ok(c, report);
      return fileAnswer(c, report.table, query.format, `attendance-${report.class.name}-${report.month}`);
    },
  )
  .get(
    '/attendance/staff',
    contract({
      summary: 'Staff monthly attendance',
      responses: { 200: monthReportAnswer, 202: reportJobAnswer },
      files: REPORT_FILES,
    }),
    admin,
    validate('query', staffMonthQuery),
    async (c) => {
      const ctx = tenant(c);
      const query = c.req.valid('query');
      const report = await staffMonthReport(ctx, query);
      if (query.format === 'json') return ok(c, report);
      return fileAnswer(c, report.table, query.format, `staff-attendance-${report.month}`);
    },
  )
  .get(
    '/attendance/school.csv',
    contract({
      summary: 'The whole school’s monthly attendance as CSV, streamed',
      responses: { 200: { file: 'text/csv' } },
    }),
    admin,
    validate('query', schoolMonthQuery),
    (c) => schoolMonthCsv(tenant(c), c.req.valid('query')),
  )
  .get(
    '/jobs/:id',
    contract({ summary: 'A report being made in the background: its progress', responses: { 200: reportJobAnswer } }),
    staff,
    validate('param', idParam),
    async (c) => ok(c, await getJob(tenant(c), c.req.valid('param').id)),
  )
  .get(
    '/jobs/:id/file',
    contract({
      summary: 'The file of a report made in the background, once ready',
      responses: { 200: { file: 'any' } },
      refuses: ['CONFLICT'],
    }),
    staff,
    validate('param', idParam),
    (c) => jobFile(tenant(c), c.req.valid('param').id),
  );
