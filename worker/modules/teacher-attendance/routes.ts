import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  bulkMarkAnswer,
  dayMarksAnswer,
  deleteMarkAnswer,
  markTeacherAnswer,
  rangeAnswer,
  teacherStatsAnswer,
  updateMarkAnswer,
} from './answers';
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
  .get(
    '/',
    contract({ summary: 'A day’s teacher attendance', responses: { 200: dayMarksAnswer } }),
    admin,
    validate('query', dateQuery),
    async (c) => {
      const records = await teacherAttendanceByDate(tenant(c), c.req.valid('query'));
      return ok(c, records, { total: records.length });
    },
  )
  .post(
    '/',
    contract({ summary: 'Mark one teacher', responses: { 200: markTeacherAnswer }, refuses: ['FUTURE_DATE'] }),
    admin,
    validate('json', markBody),
    async (c) => ok(c, await markTeacher(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .post(
    '/bulk',
    contract({ summary: 'Mark teachers', responses: { 200: bulkMarkAnswer }, refuses: ['FUTURE_DATE'] }),
    admin,
    validate('json', bulkBody),
    async (c) => {
      const result = await bulkMarkTeachers(tenant(c), c.req.valid('json'));
      const message =
        result.failedCount === 0
          ? MARKED
          : `Attendance marked for ${result.successfulCount} of ${result.successfulCount + result.failedCount} teachers`;
      return ok(c, result, { message });
    },
  )
  .get(
    '/stats',
    contract({ summary: 'Teacher attendance statistics', responses: { 200: teacherStatsAnswer } }),
    admin,
    validate('query', statsQuery),
    async (c) => ok(c, await teacherAttendanceStats(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/range',
    contract({ summary: 'Teacher attendance over a range', responses: { 200: rangeAnswer } }),
    adminOrTeacher,
    validate('query', rangeQuery),
    async (c) => {
      const { total, ...data } = await teacherAttendanceRange(tenant(c), c.req.valid('query'));
      return ok(c, data, { total });
    },
  )
  .put(
    '/:id',
    contract({ summary: 'Correct a teacher’s mark', responses: { 200: updateMarkAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', updateBody),
    async (c) =>
      ok(c, await updateTeacherAttendance(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Attendance updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete a teacher’s mark', responses: { 200: deleteMarkAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteTeacherAttendance(tenant(c), c.req.valid('param').id), {
        message: 'Attendance record deleted successfully',
      }),
  );
