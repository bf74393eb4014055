import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { schoolInfo } from './service';

/** `/api/settings`: the caller's own school. Every signed-in role may read the school's public details. */
export const settingsRoutes = new Hono<HonoEnv>().get('/school-info', requireAuth(), async (c) =>
  ok(c, await schoolInfo(tenant(c))),
);
