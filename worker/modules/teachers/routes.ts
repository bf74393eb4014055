import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { MARKED, teacherMarkBody, teacherRangeQuery } from '../teacher-attendance/schemas';
import { markTeacher, teacherAttendanceOf } from '../teacher-attendance/service';
import { teacherListQuery } from './schemas';
import { getTeacher, listTeachers } from './service';

const admin = requireAuth('school_admin');
/** A teacher may read their own attendance (the service answers 403 for anyone else's). */
const adminOrSelf = requireAuth('school_admin', 'teacher');

/**
 * `/api/teachers`: the school's teachers. Mounted beside the teacher sign-in (`/login`), so no middleware
 * here applies to every path.
 */
export const teachersRoutes = new Hono<HonoEnv>()
  .get('/', admin, validate('query', teacherListQuery), async (c) => {
    const { teachers, total } = await listTeachers(tenant(c), c.req.valid('query'));
    return ok(c, teachers, { total });
  })
  .get('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await getTeacher(tenant(c), c.req.valid('param').id)),
  )
  .get('/:id/attendance', adminOrSelf, validate('param', idParam), validate('query', teacherRangeQuery), async (c) => {
    const { total, ...data } = await teacherAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
    return ok(c, data, { total });
  })
  .post('/:id/attendance', admin, validate('param', idParam), validate('json', teacherMarkBody), async (c) =>
    ok(c, await markTeacher(tenant(c), { ...c.req.valid('json'), teacherId: c.req.valid('param').id }), {
      message: MARKED,
    }),
  );
