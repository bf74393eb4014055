import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  availableForScheduleAnswer,
  classScheduleAnswer,
  createScheduleAnswer,
  deleteScheduleAnswer,
  getScheduleAnswer,
  listSchedulesAnswer,
  teacherScheduleAnswer,
  updateScheduleAnswer,
  weeklyScheduleAnswer,
} from './answers';
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
  .get(
    '/',
    contract({ summary: 'List schedules', responses: { 200: listSchedulesAnswer } }),
    admin,
    validate('query', scheduleListQuery),
    async (c) => {
      const { schedules, total } = await listSchedules(tenant(c), c.req.valid('query'));
      return ok(c, schedules, { total });
    },
  )
  .post(
    '/',
    contract({
      summary: 'Create schedule',
      responses: { 201: createScheduleAnswer },
      refuses: ['NOT_TAUGHT', 'TIMETABLE_CLASH'],
    }),
    admin,
    validate('json', scheduleCreateBody),
    async (c) =>
      created(c, await createSchedule(tenant(c), c.req.valid('json')), { message: 'Schedule created successfully' }),
  )
  .get(
    '/weekly',
    contract({ summary: 'Weekly schedule', responses: { 200: weeklyScheduleAnswer } }),
    adminOrTeacher,
    validate('query', weekQuery),
    async (c) => ok(c, await weeklySchedule(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/available',
    contract({ summary: 'Available for schedule', responses: { 200: availableForScheduleAnswer } }),
    admin,
    async (c) => ok(c, await availableForSchedule(tenant(c))),
  )
  .get(
    '/teacher/:id',
    contract({ summary: 'Teacher schedule', responses: { 200: teacherScheduleAnswer } }),
    adminOrTeacher,
    validate('param', idParam),
    validate('query', weekQuery),
    async (c) => {
      const slots = await teacherSchedule(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, slots, { total: slots.length });
    },
  )
  .get(
    '/class/:id',
    contract({ summary: 'Class schedule', responses: { 200: classScheduleAnswer } }),
    adminOrTeacher,
    validate('param', idParam),
    validate('query', weekQuery),
    async (c) => {
      const slots = await classSchedule(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, slots, { total: slots.length });
    },
  )
  .get(
    '/:id',
    contract({ summary: 'Get schedule', responses: { 200: getScheduleAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await getSchedule(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({
      summary: 'Update schedule',
      responses: { 200: updateScheduleAnswer },
      refuses: ['NOT_TAUGHT', 'TIMETABLE_CLASH'],
    }),
    admin,
    validate('param', idParam),
    validate('json', scheduleUpdateBody),
    async (c) =>
      ok(c, await updateSchedule(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Schedule updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete schedule', responses: { 200: deleteScheduleAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteSchedule(tenant(c), c.req.valid('param').id), { message: 'Schedule deleted successfully' }),
  );
