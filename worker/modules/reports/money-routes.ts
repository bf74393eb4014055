import { Hono } from 'hono';
import { done } from '../../lib/answer-shapes';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { parentsInfo, studentsInfo } from './directory-report';
import { parentsInfoQuery, studentsInfoQuery } from './directory-schemas';
import { reportJobAnswer } from './jobs-schemas';
import { accountsReport } from './money-accounts';
import { collectionReport } from './money-collection';
import { reportAnswer } from './money-output';
import { accountsReportQuery, collectionReportQuery } from './money-schemas';
import { reportsOverviewAnswer } from './overview-schemas';
import { reportsOverview } from './overview-service';
import { savedReportAnswer, savedReportBody, savedReportsAnswer, savedReportUpdateBody } from './saved-schemas';
import { createSavedReport, deleteSavedReport, listSavedReports, updateSavedReport } from './saved-service';

/** A report table as JSON (`format=json`, the default) or as a file of the format asked. */
const REPORT = { file: 'any' } as const;

/**
 * `/api/reports`: the fee collection and accounts reports, the students' and parents' directories, saved report
 * definitions and the Overview's figures. Administrators only; every run and export is in the activity log.
 */
// Each route names its roles: a `use('*')` here would also reach the other report routes mounted at the same path.
const admin = requireAuth('school_admin');

export const moneyReportRoutes = new Hono<HonoEnv>()
  .get(
    '/overview',
    contract({ summary: 'Reports overview: figures and charts', responses: { 200: reportsOverviewAnswer } }),
    admin,
    async (c) => ok(c, await reportsOverview(tenant(c))),
  )
  .get(
    '/fees/collection',
    contract({ summary: 'Fee collection report', responses: { 200: REPORT, 202: reportJobAnswer } }),
    admin,
    validate('query', collectionReportQuery),
    async (c) => {
      const query = c.req.valid('query');
      const { table, file } = await collectionReport(tenant(c), query);
      return reportAnswer(c, table, query.format, file);
    },
  )
  .get(
    '/fees/accounts',
    contract({
      summary: 'Accounts report: fees due and collected by month',
      responses: { 200: REPORT, 202: reportJobAnswer },
    }),
    admin,
    validate('query', accountsReportQuery),
    async (c) => {
      const query = c.req.valid('query');
      const { table, file } = await accountsReport(tenant(c), query);
      return reportAnswer(c, table, query.format, file);
    },
  )
  .get(
    '/students-info',
    contract({
      summary: 'Students information report, with the columns chosen',
      responses: { 200: REPORT, 202: reportJobAnswer },
    }),
    admin,
    validate('query', studentsInfoQuery),
    async (c) => {
      const query = c.req.valid('query');
      const { table, file } = await studentsInfo(tenant(c), query);
      return reportAnswer(c, table, query.format, file);
    },
  )
  .get(
    '/parents-info',
    contract({
      summary: 'Parents information report, with the columns chosen',
      responses: { 200: REPORT, 202: reportJobAnswer },
    }),
    admin,
    validate('query', parentsInfoQuery),
    async (c) => {
      const query = c.req.valid('query');
      const { table, file } = await parentsInfo(tenant(c), query);
      return reportAnswer(c, table, query.format, file);
    },
  )
  .get(
    '/saved',
    contract({ summary: 'Saved report definitions', responses: { 200: savedReportsAnswer } }),
    admin,
    async (c) => ok(c, await listSavedReports(tenant(c))),
  )
  .post(
    '/saved',
    contract({
      summary: 'Save a report definition',
      responses: { 201: savedReportAnswer },
      refuses: ['ALREADY_EXISTS'],
    }),
    admin,
    validate('json', savedReportBody),
    async (c) =>
      created(c, await createSavedReport(tenant(c), c.req.valid('json')), { message: 'Report saved successfully' }),
  )
  .put(
    '/saved/:id',
    contract({ summary: 'Change a saved report', responses: { 200: savedReportAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('param', idParam),
    validate('json', savedReportUpdateBody),
    async (c) =>
      ok(c, await updateSavedReport(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Report updated successfully',
      }),
  )
  .delete(
    '/saved/:id',
    contract({ summary: 'Delete a saved report', responses: { 200: done } }),
    admin,
    validate('param', idParam),
    async (c) => {
      await deleteSavedReport(tenant(c), c.req.valid('param').id);
      return ok(c, undefined, { message: 'Report deleted successfully' });
    },
  );
