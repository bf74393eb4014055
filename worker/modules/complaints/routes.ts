import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { listComplaintsAnswer, logComplaintAnswer, updateComplaintAnswer } from './answers';
import { complaintBody, complaintQuery, complaintUpdateBody } from './schemas';
import { listComplaints, logComplaint, updateComplaint } from './service';

/** `/api/complaints`: the school office's complaints register. Administrators log and close complaints. */
export const complaintsRoutes = new Hono<HonoEnv>()
  .use('*', requireAuth('school_admin'))
  .get(
    '/',
    contract({ summary: 'List complaints', responses: { 200: listComplaintsAnswer } }),
    validate('query', complaintQuery),
    async (c) => {
      const { complaints, total } = await listComplaints(tenant(c), c.req.valid('query'));
      return ok(c, complaints, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Log complaint', responses: { 201: logComplaintAnswer } }),
    validate('json', complaintBody),
    async (c) =>
      created(c, await logComplaint(tenant(c), c.req.valid('json')), { message: 'Complaint logged successfully' }),
  )
  .put(
    '/:id',
    contract({ summary: 'Update complaint', responses: { 200: updateComplaintAnswer } }),
    validate('param', idParam),
    validate('json', complaintUpdateBody),
    async (c) =>
      ok(c, await updateComplaint(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Complaint updated successfully',
      }),
  );
