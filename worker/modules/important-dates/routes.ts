import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  calendarMonthAnswer,
  createImportantDateAnswer,
  deleteImportantDateAnswer,
  getImportantDateAnswer,
  listImportantDatesAnswer,
  todaysDatesAnswer,
  upcomingDatesAnswer,
  updateImportantDateAnswer,
} from './answers';
import {
  calendarQuery,
  importantDateBody,
  importantDateListQuery,
  importantDateUpdateBody,
  todayQuery,
  upcomingQuery,
} from './schemas';
import {
  calendarMonth,
  createImportantDate,
  deleteImportantDate,
  getImportantDate,
  listImportantDates,
  todaysDates,
  upcomingDates,
  updateImportantDate,
} from './service';

const admin = requireAuth('school_admin');
/** Everyone of the school reads the calendar; the service narrows it to the classes that concern them. */
const reader = requireAuth('school_admin', 'teacher', 'student', 'parent');

/** `/api/important-dates`: the school calendar. The literal paths come before `/:id`. */
export const importantDatesRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List important dates', responses: { 200: listImportantDatesAnswer } }),
    reader,
    validate('query', importantDateListQuery),
    async (c) => {
      const { dates, total } = await listImportantDates(tenant(c), c.req.valid('query'));
      return ok(c, dates, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Create important date', responses: { 201: createImportantDateAnswer } }),
    admin,
    validate('json', importantDateBody),
    async (c) =>
      created(c, await createImportantDate(tenant(c), c.req.valid('json')), {
        message: 'Important date created successfully',
      }),
  )
  .get(
    '/calendar',
    contract({ summary: 'Calendar month', responses: { 200: calendarMonthAnswer } }),
    reader,
    validate('query', calendarQuery),
    async (c) => {
      const { dates, total } = await calendarMonth(tenant(c), c.req.valid('query'));
      return ok(c, dates, { total });
    },
  )
  .get(
    '/upcoming',
    contract({ summary: 'Upcoming dates', responses: { 200: upcomingDatesAnswer } }),
    reader,
    validate('query', upcomingQuery),
    async (c) => {
      const { dates, total } = await upcomingDates(tenant(c), c.req.valid('query'));
      return ok(c, dates, { total });
    },
  )
  .get(
    '/today',
    contract({ summary: 'Todays dates', responses: { 200: todaysDatesAnswer } }),
    reader,
    validate('query', todayQuery),
    async (c) => {
      const { dates, total } = await todaysDates(tenant(c), c.req.valid('query'));
      return ok(c, dates, { total });
    },
  )
  .get(
    '/:id',
    contract({ summary: 'Get important date', responses: { 200: getImportantDateAnswer } }),
    reader,
    validate('param', idParam),
    async (c) => ok(c, await getImportantDate(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({ summary: 'Update important date', responses: { 200: updateImportantDateAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', importantDateUpdateBody),
    async (c) =>
      ok(c, await updateImportantDate(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Important date updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete important date', responses: { 200: deleteImportantDateAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteImportantDate(tenant(c), c.req.valid('param').id), {
        message: 'Important date deleted successfully',
      }),
  );
