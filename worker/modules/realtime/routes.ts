import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { issueTicket } from './service';

/**
 * `/api/realtime`: `POST /ticket` answers a single-use ticket, valid 30 seconds, that opens the caller's live
 * connection (`/parties/school/<schoolId>?ticket=…`); the session token itself never goes into a URL.
 */
export const realtimeRoutes = new Hono<HonoEnv>().post('/ticket', requireAuth(), async (c) => {
  const result = await issueTicket(c.get('deps'), c.get('session'));
  c.header('Cache-Control', 'no-store');
  return ok(c, result);
});
