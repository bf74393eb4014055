import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { dayRegisters } from './day-registers';
import { classDateAttendance, listAttendance, studentAttendanceOf } from './queries';
import { attendanceRegister } from './register';
import {
  classDateQuery,
  classStatsQuery,
  dayRegistersQuery,
  listQuery,
  MARKED,
  markBody,
  registerBody,
  registerQuery,
  studentQuery,
  summaryQuery,
  updateBody,
} from './schemas';
import { deleteAttendance, markAttendance, markRegister, updateAttendance } from './service';
import { attendanceSummary, classAttendanceStats } from './statistics';

const admin = requireAuth('school_admin');
/** Teachers mark and read only the classes and subjects they teach; students and parents have no access here. */
const staff = requireAuth('school_admin', 'teacher');

/** `/api/attendance`: student attendance marks, registers and statistics. Marking answers 200: a mark may replace one. */
export const attendanceRoutes = new Hono<HonoEnv>()
  .get('/', staff, validate('query', listQuery), async (c) => {
    const { records, total } = await listAttendance(tenant(c), c.req.valid('query'));
    return ok(c, records, { total });
  })
  .post('/', staff, validate('json', markBody), async (c) =>
    ok(c, await markAttendance(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .post('/bulk', staff, validate('json', registerBody), async (c) =>
    ok(c, await markRegister(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .get('/class-date', staff, validate('query', classDateQuery), async (c) => {
    const data = await classDateAttendance(tenant(c), c.req.valid('query'));
    return ok(c, data, { total: data.records.length });
  })
  .get('/summary', admin, validate('query', summaryQuery), async (c) =>
    ok(c, await attendanceSummary(tenant(c), c.req.valid('query'))),
  )
  .get('/registers', admin, validate('query', dayRegistersQuery), async (c) =>
    ok(c, await dayRegisters(tenant(c), c.req.valid('query'))),
  )
  .get('/register', staff, validate('query', registerQuery), async (c) =>
    ok(c, await attendanceRegister(tenant(c), c.req.valid('query'))),
  )
  .get('/student/:id', staff, validate('param', idParam), validate('query', studentQuery), async (c) => {
    const { total, ...data } = await studentAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
    return ok(c, data, { total });
  })
  .get('/class/:id', staff, validate('param', idParam), validate('query', classStatsQuery), async (c) =>
    ok(c, await classAttendanceStats(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  )
  .put('/:id', staff, validate('param', idParam), validate('json', updateBody), async (c) =>
    ok(c, await updateAttendance(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Attendance updated successfully',
    }),
  )
  .delete('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await deleteAttendance(tenant(c), c.req.valid('param').id), {
      message: 'Attendance record deleted successfully',
    }),
  );
