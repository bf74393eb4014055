import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { scheduleCreateBody, scheduleListQuery, scheduleUpdateBody, weekQuery } from './schemas';
import {
  availableForSchedule,
  classSchedule,
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  teacherSchedule,
  updateSchedule,
  weeklySchedule,
} from './service';

const admin = requireAuth('school_admin');
/** Teachers read their own week (another teacher's: 403) and the weeks of classes they teach. */
const adminOrTeacher = requireAuth('school_admin', 'teacher');

/** `/api/schedules`: the weekly timetable. Fixed paths come before `/:id`. */
export const schedulesRoutes = new Hono<HonoEnv>()
  .get('/', admin, validate('query', scheduleListQuery), async (c) => {
    const { schedules, total } = await listSchedules(tenant(c), c.req.valid('query'));
    return ok(c, schedules, { total });
  })
  .post('/', admin, validate('json', scheduleCreateBody), async (c) =>
    created(c, await createSchedule(tenant(c), c.req.valid('json')), { message: 'Schedule created successfully' }),
  )
  .get('/weekly', adminOrTeacher, validate('query', weekQuery), async (c) =>
    ok(c, await weeklySchedule(tenant(c), c.req.valid('query'))),
  )
  .get('/available', admin, async (c) => ok(c, await availableForSchedule(tenant(c))))
  .get('/teacher/:id', adminOrTeacher, validate('param', idParam), validate('query', weekQuery), async (c) => {
    const slots = await teacherSchedule(tenant(c), c.req.valid('param').id, c.req.valid('query'));
    return ok(c, slots, { total: slots.length });
  })
  .get('/class/:id', adminOrTeacher, validate('param', idParam), validate('query', weekQuery), async (c) => {
    const slots = await classSchedule(tenant(c), c.req.valid('param').id, c.req.valid('query'));
    return ok(c, slots, { total: slots.length });
  })
  .get('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await getSchedule(tenant(c), c.req.valid('param').id)),
  )
  .put('/:id', admin, validate('param', idParam), validate('json', scheduleUpdateBody), async (c) =>
    ok(c, await updateSchedule(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Schedule updated successfully',
    }),
  )
  .delete('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await deleteSchedule(tenant(c), c.req.valid('param').id), { message: 'Schedule deleted successfully' }),
  );
