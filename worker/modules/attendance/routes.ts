import { Hono } from 'hono';
import { requireAuth, requireAuthInBatch } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  attendanceSummaryAnswer,
  classDateAnswer,
  classStatsAnswer,
  dayRegistersAnswer,
  deleteAttendanceAnswer,
  listAttendanceAnswer,
  markAttendanceAnswer,
  markRegisterAnswer,
  registerAnswer,
  studentAttendanceAnswer,
  updateAttendanceAnswer,
} from './answers';
import { classDateAttendance } from './class-date';
import { dayRegisters } from './day-registers';
import { listAttendance, studentAttendanceOf } from './queries';
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
/** Marking: the account's check rides in the register's read batch. */
const staffMarking = requireAuthInBatch('school_admin', 'teacher');

/** `/api/attendance`: student attendance marks, registers and statistics. Marking answers 200: a mark may replace one. */
export const attendanceRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List attendance marks', responses: { 200: listAttendanceAnswer } }),
    staff,
    validate('query', listQuery),
    async (c) => {
      const { records, total } = await listAttendance(tenant(c), c.req.valid('query'));
      return ok(c, records, { total });
    },
  )
  .post(
    '/',
    contract({
      summary: 'Mark one student',
      responses: { 200: markAttendanceAnswer },
      refuses: ['FUTURE_DATE', 'SUBJECT_NOT_IN_CLASS', 'NOT_IN_CLASS', 'PAST_YEAR'],
    }),
    staffMarking,
    validate('json', markBody),
    async (c) => ok(c, await markAttendance(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .post(
    '/bulk',
    contract({
      summary: 'Save a register',
      responses: { 200: markRegisterAnswer },
      refuses: ['FUTURE_DATE', 'SUBJECT_NOT_IN_CLASS', 'NOT_IN_CLASS', 'PAST_YEAR'],
    }),
    staffMarking,
    validate('json', registerBody),
    async (c) => ok(c, await markRegister(tenant(c), c.req.valid('json')), { message: MARKED }),
  )
  .get(
    '/class-date',
    contract({ summary: 'A class’s marks on a date', responses: { 200: classDateAnswer } }),
    staff,
    validate('query', classDateQuery),
    async (c) => {
      const data = await classDateAttendance(tenant(c), c.req.valid('query'));
      return ok(c, data, { total: data.records.length });
    },
  )
  .get(
    '/summary',
    contract({ summary: 'A day’s attendance figures', responses: { 200: attendanceSummaryAnswer } }),
    admin,
    validate('query', summaryQuery),
    async (c) => ok(c, await attendanceSummary(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/registers',
    contract({ summary: 'A day’s registers', responses: { 200: dayRegistersAnswer } }),
    admin,
    validate('query', dayRegistersQuery),
    async (c) => ok(c, await dayRegisters(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/register',
    contract({
      summary: 'One period’s register',
      responses: { 200: registerAnswer },
      refuses: ['SUBJECT_NOT_IN_CLASS'],
    }),
    staff,
    validate('query', registerQuery),
    async (c) => ok(c, await attendanceRegister(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/student/:id',
    contract({ summary: 'A student’s attendance', responses: { 200: studentAttendanceAnswer } }),
    staff,
    validate('param', idParam),
    validate('query', studentQuery),
    async (c) => {
      const { total, ...data } = await studentAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, data, { total });
    },
  )
  .get(
    '/class/:id',
    contract({ summary: 'A class’s attendance statistics', responses: { 200: classStatsAnswer } }),
    staff,
    validate('param', idParam),
    validate('query', classStatsQuery),
    async (c) => ok(c, await classAttendanceStats(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  )
  .put(
    '/:id',
    contract({ summary: 'Correct a mark', responses: { 200: updateAttendanceAnswer }, refuses: ['PAST_YEAR'] }),
    staff,
    validate('param', idParam),
    validate('json', updateBody),
    async (c) =>
      ok(c, await updateAttendance(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Attendance updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete a mark', responses: { 200: deleteAttendanceAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteAttendance(tenant(c), c.req.valid('param').id), {
        message: 'Attendance record deleted successfully',
      }),
  );
