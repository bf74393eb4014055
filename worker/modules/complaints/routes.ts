import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { complaintBody, complaintQuery, complaintUpdateBody } from './schemas';
import { listComplaints, logComplaint, updateComplaint } from './service';

/** `/api/complaints`: the school office's complaints register. Administrators log and close complaints. */
export const complaintsRoutes = new Hono<HonoEnv>()
  .use('*', requireAuth('school_admin'))
  .get('/', validate('query', complaintQuery), async (c) => {
    const { complaints, total } = await listComplaints(tenant(c), c.req.valid('query'));
    return ok(c, complaints, { total });
  })
  .post('/', validate('json', complaintBody), async (c) =>
    created(c, await logComplaint(tenant(c), c.req.valid('json')), { message: 'Complaint logged successfully' }),
  )
  .put('/:id', validate('param', idParam), validate('json', complaintUpdateBody), async (c) =>
    ok(c, await updateComplaint(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Complaint updated successfully',
    }),
  );
