import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { teacherListQuery } from './schemas';
import { getTeacher, listTeachers } from './service';

const admin = requireAuth('school_admin');

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
  );
