import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { issueTicket } from '../../lib/realtime-tickets';
import { ok } from '../../lib/respond';
import { issueTicketAnswer } from './answers';

/**
 * `/api/realtime`: `POST /ticket` answers a single-use ticket, valid 30 seconds, that opens the caller's live
 * connection (`/parties/school/<schoolId>?ticket=…`); the session token itself never goes into a URL.
 */
export const realtimeRoutes = new Hono<HonoEnv>().post(
  '/ticket',
  contract({ summary: 'Issue ticket', responses: { 200: issueTicketAnswer } }),
  requireAuth(),
  async (c) => {
    const result = await issueTicket(c.get('deps'), c.get('session'));
    c.header('Cache-Control', 'no-store');
    return ok(c, result);
  },
);
