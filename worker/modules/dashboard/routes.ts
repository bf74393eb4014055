import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { validate } from '../../lib/validate';
import { dashboardSummaryAnswer, mailStatusAnswer } from './answers';
import { mailStatus } from './mail-status';
import { dashboardQuery } from './schemas';
import { dashboardSummary } from './service';

/** `/api/dashboard`: the administrator's overview in one call. */
export const dashboardRoutes = new Hono<HonoEnv>()
  .get(
    '/summary',
    contract({ summary: 'Dashboard summary', responses: { 200: dashboardSummaryAnswer } }),
    requireAuth('school_admin'),
    validate('query', dashboardQuery),
    async (c) => ok(c, await dashboardSummary(tenant(c), c.req.valid('query').academicYear)),
  )
  .get(
    '/mail-status',
    contract({
      summary: "E-mail: configured or not, and the school's deliveries",
      responses: { 200: mailStatusAnswer },
    }),
    requireAuth('school_admin'),
    async (c) => ok(c, await mailStatus(tenant(c))),
  );
