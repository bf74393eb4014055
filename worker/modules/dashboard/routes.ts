import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { dashboardSummaryAnswer } from './answers';
import { dashboardSummary } from './service';

/** `/api/dashboard`: the administrator's overview in one call. */
export const dashboardRoutes = new Hono<HonoEnv>().get(
  '/summary',
  contract({ summary: 'Dashboard summary', responses: { 200: dashboardSummaryAnswer } }),
  requireAuth('school_admin'),
  async (c) => ok(c, await dashboardSummary(tenant(c))),
);
