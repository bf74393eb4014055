import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { pdfResponse } from '../../lib/pdf';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { receiptPdf } from '../fees';
import {
  assertOwnReceiptAnswer,
  childOverviewAnswer,
  childReportCardAnswer,
  childResultsAnswer,
  childTermParam,
  childYearsAnswer,
  listChildrenAnswer,
} from './answers';
import { assertOwnReceipt, childOverview, childReportCard, childResults, childYears, listChildren } from './service';

/**
 * `/api/family`: what parents and students see. A parent sees only their own children, a student only
 * themself; any other student's id answers 404.
 */
export const familyRoutes = new Hono<HonoEnv>()
  .use('*', requireAuth('parent', 'student'))
  .get('/children', contract({ summary: 'List children', responses: { 200: listChildrenAnswer } }), async (c) =>
    ok(c, await listChildren(tenant(c))),
  )
  .get(
    '/children/:id/overview',
    contract({ summary: 'Child overview', responses: { 200: childOverviewAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await childOverview(tenant(c), c.req.valid('param').id)),
  )
  .get(
    '/children/:id/results',
    contract({ summary: 'Child results of published terms', responses: { 200: childResultsAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await childResults(tenant(c), c.req.valid('param').id)),
  )
  .get(
    '/children/:id/years',
    contract({ summary: "Child's years at the school", responses: { 200: childYearsAnswer } }),
    validate('param', idParam),
    async (c) => {
      const years = await childYears(tenant(c), c.req.valid('param').id);
      return ok(c, years, { total: years.length });
    },
  )
  .get(
    '/children/:id/report-cards/:termId',
    contract({ summary: 'Child report card of a published term (PDF)', responses: { 200: childReportCardAnswer } }),
    validate('param', childTermParam),
    async (c) => {
      const { id, termId } = c.req.valid('param');
      const { bytes, filename } = await childReportCard(tenant(c), id, termId);
      return pdfResponse(filename, bytes);
    },
  )
  .get(
    '/receipts/:id/download',
    contract({ summary: 'Assert own receipt', responses: { 200: assertOwnReceiptAnswer } }),
    validate('param', idParam),
    async (c) => {
      const ctx = tenant(c);
      const { id } = c.req.valid('param');
      await assertOwnReceipt(ctx, id);
      const { bytes, filename } = await receiptPdf(ctx, id);
      return pdfResponse(filename, bytes);
    },
  );
