import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { studentAttendanceOf } from '../attendance/queries';
import { MARKED, studentMarkBody, studentQuery } from '../attendance/schemas';
import { markForStudent } from '../attendance/service';
import { assignClassBody, studentListQuery } from './schemas';
import { assignStudentToClass, getStudent, listStudents, removeStudentFromClass } from './service';

const admin = requireAuth('school_admin');
/** Attendance: teachers for the classes and subjects they teach (see the attendance module). */
const staff = requireAuth('school_admin', 'teacher');

/**
 * `/api/students`: the student list and class placement the classroom screen needs. Mounted beside the
 * family sign-ins (`/login`, `/parents/login`), so no middleware here applies to every path.
 */
export const studentsRoutes = new Hono<HonoEnv>()
  .get('/', admin, validate('query', studentListQuery), async (c) => {
    const { students, total } = await listStudents(tenant(c), c.req.valid('query'));
    return ok(c, students, { total });
  })
  .get('/:id', admin, validate('param', idParam), async (c) =>
    ok(c, await getStudent(tenant(c), c.req.valid('param').id)),
  )
  .put('/:id/assign-class', admin, validate('param', idParam), validate('json', assignClassBody), async (c) =>
    ok(c, await assignStudentToClass(tenant(c), c.req.valid('param').id, c.req.valid('json').classId), {
      message: 'Student assigned to class successfully',
    }),
  )
  .put('/:id/remove-class', admin, validate('param', idParam), async (c) =>
    ok(c, await removeStudentFromClass(tenant(c), c.req.valid('param').id), {
      message: 'Student removed from class successfully',
    }),
  )
  .get('/:id/attendance', staff, validate('param', idParam), validate('query', studentQuery), async (c) => {
    const { total, ...data } = await studentAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
    return ok(c, data, { total });
  })
  .post('/:id/attendance', staff, validate('param', idParam), validate('json', studentMarkBody), async (c) =>
    ok(c, await markForStudent(tenant(c), c.req.valid('param').id, c.req.valid('json')), { message: MARKED }),
  );
