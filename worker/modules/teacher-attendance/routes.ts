import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { bulkBody, dateQuery, MARKED, markBody, rangeQuery, statsQuery, updateBody } from './schemas';
import {
  bulkMarkTeachers,
  deleteTeacherAttendance,
  markTeacher,
  teacherAttendanceByDate,
  teacherAttendanceRange,
  updateTeacherAttendance,
} from './service';
import { teacherAttendanceStats } from './stats';

const admin = requireAuth('school_admin');
/** A teacher may read their own marks (`/range?teacherId=own`); everything else is the administrator's. */
const adminOrTeacher = requireAuth('school_admin', 'teacher');

/** `/api/teacher-attendance`: one mark per teacher and date; marking again replaces it (answers 200). */
export const teacherAttendanceRoutes = new Hono<HonoEnv>()
  .get('/', admin, validate('query', dateQuery), async (c) => {
    const records = await teacherAttendanceByDate(tenant(c), c.req.valid('query'));
    return ok(c, records, { total: records.length });
  })
  .post('/', admin, validate('json', markBody), async (c) =>
    ok(c, await markTeacher(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .post('/bulk', admin, validate('json', bulkBody), async (c) => {
    const result = await bulkMarkTeachers(tenant(c), c.req.valid('json'));
    const message =
      result.failedCount === 0
        ? MARKED
        : `Attendance marked for ${result.successfulCount} of ${result.successfulCount + result.failedCount} teachers`;
    return ok(c, result, { message });
  })
  .get('/stats', admin, validate('query', statsQuery), async (c) =>
    ok(c, await teacherAttendanceStats(tenant(c), c.req.valid('query'))),
  )
  .get('/range', adminOrTeacher, validate('query', rangeQuery), async (c) => {
    const { total, ...data } = await teacherAttendanceRange(tenant(c), c.req.valid('query'));
    return ok(c, data, { total });
  })
  .put('/:id', admin, validate('param', idParam), validate('json', updateBody), async (c) =>
    ok(c, await updateTeacherAttendance(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Attendance updated successfully',
    }),
  )
  .delete('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await deleteTeacherAttendance(tenant(c), c.req.valid('param').id), {
      message: 'Attendance record deleted successfully',
    }),
  );
