import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import { clientAddress } from '../../lib/client-address';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { notFound } from '../../lib/errors';
import { ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { signInBody, teacherSignIn, teacherSignInAnswer } from '../auth';
import { ownerDocumentRoutes } from '../documents';
import { markTeacher, teacherAttendanceOf } from '../teacher-attendance';
import { markTeacherAnswer, rangeAnswer } from '../teacher-attendance/answers';
import { MARKED, teacherMarkBody, teacherRangeQuery } from '../teacher-attendance/schemas';
import {
  assignClassesToTeacherAnswer,
  assignSubjectsToTeacherAnswer,
  createTeacherAnswer,
  deactivateTeacherAnswer,
  getTeacherAnswer,
  listTeachersAnswer,
  replaceTeacherTimetableAnswer,
  teacherStatsAnswer,
  updateTeacherAnswer,
} from './answers';
import { assignClassesToTeacher, assignSubjectsToTeacher } from './assignments';
import {
  classIdsBody,
  schoolIdParam,
  subjectIdsBody,
  teacherCreateBody,
  teacherListQuery,
  teacherTimetableBody,
  teacherUpdateBody,
} from './schemas';
import { createTeacher, deactivateTeacher, getTeacher, listTeachers, updateTeacher } from './service';
import { teacherStats } from './stats';
import { replaceTeacherTimetable } from './timetable';

const admin = requireAuth('school_admin');
/** A teacher may read their own record and attendance (the services answer 403 for anyone else's). */
const adminOrSelf = requireAuth('school_admin', 'teacher');

/**
 * `/api/teachers`: the teacher portal's own sign-in (`/login`, open) and the school's teachers, so no middleware
 * here applies to every path. Fixed paths come before `/:id`.
 */
export const teachersRoutes = new Hono<HonoEnv>()
  .post(
    '/login',
    contract({
      summary: 'Sign in (teacher)',
      responses: { 200: teacherSignInAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) => c.json(await teacherSignIn(c.get('deps'), c.req.valid('json'), clientAddress(c))),
  )
  .get(
    '/',
    contract({ summary: 'List teachers', responses: { 200: listTeachersAnswer } }),
    admin,
    validate('query', teacherListQuery),
    async (c) => {
      const { teachers, total } = await listTeachers(tenant(c), c.req.valid('query'));
      return ok(c, teachers, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Create teacher', responses: { 201: createTeacherAnswer }, refuses: ['EMAIL_TAKEN'] }),
    admin,
    validate('json', teacherCreateBody),
    async (c) => {
      const teacher = await createTeacher(tenant(c), c.req.valid('json'));
      return ok(c, { teacher }, { message: 'Teacher added successfully!' }, 201);
    },
  )
  .get('/stats', contract({ summary: 'Teacher stats', responses: { 200: teacherStatsAnswer } }), admin, async (c) =>
    ok(c, await teacherStats(tenant(c))),
  )
  .get(
    '/:id',
    contract({ summary: 'Get teacher', responses: { 200: getTeacherAnswer } }),
    adminOrSelf,
    validate('param', idParam),
    async (c) => ok(c, await getTeacher(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({ summary: 'Update teacher', responses: { 200: updateTeacherAnswer }, refuses: ['EMAIL_TAKEN'] }),
    admin,
    validate('param', idParam),
    validate('json', teacherUpdateBody),
    async (c) =>
      ok(c, await updateTeacher(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Teacher updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Deactivate teacher', responses: { 200: deactivateTeacherAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deactivateTeacher(tenant(c), c.req.valid('param').id), {
        message: 'Teacher deactivated successfully. Their records are kept; reactivate them by editing.',
      }),
  )
  .put(
    '/:id/assign-subjects',
    contract({
      summary: 'Assign subjects to teacher',
      responses: { 200: assignSubjectsToTeacherAnswer },
      refuses: ['TIMETABLE_CLASH', 'TEACHER_INACTIVE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', subjectIdsBody),
    async (c) => {
      const { teacher, schedulesMoved } = await assignSubjectsToTeacher(
        tenant(c),
        c.req.valid('param').id,
        c.req.valid('json').subjectIds,
      );
      const message =
        schedulesMoved > 0
          ? `Subjects assigned to teacher successfully. ${schedulesMoved} timetable slot(s) moved to this teacher.`
          : 'Subjects assigned to teacher successfully.';
      return ok(c, teacher, { message });
    },
  )
  .put(
    '/:id/assign-classes',
    contract({
      summary: 'Assign classes to teacher',
      responses: { 200: assignClassesToTeacherAnswer },
      refuses: ['TEACHER_INACTIVE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', classIdsBody),
    async (c) => {
      const { teacher } = await assignClassesToTeacher(
        tenant(c),
        c.req.valid('param').id,
        c.req.valid('json').classIds,
      );
      return ok(c, teacher, { message: 'Classes assigned to teacher successfully' });
    },
  )
  .put(
    '/:id/schedule',
    contract({
      summary: 'Replace teacher timetable',
      responses: { 200: replaceTeacherTimetableAnswer },
      refuses: ['NOT_TAUGHT', 'TIMETABLE_CLASH', 'TEACHER_INACTIVE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', teacherTimetableBody),
    async (c) => {
      const { schedules, removed } = await replaceTeacherTimetable(
        tenant(c),
        c.req.valid('param').id,
        c.req.valid('json').schedule,
      );
      return ok(c, schedules, {
        message: `Teacher schedule updated successfully. ${schedules.length} slot(s) saved, ${removed} replaced.`,
        total: schedules.length,
      });
    },
  )
  .get(
    '/:id/attendance',
    contract({ summary: 'A teacher’s attendance', responses: { 200: rangeAnswer } }),
    adminOrSelf,
    validate('param', idParam),
    validate('query', teacherRangeQuery),
    async (c) => {
      const { total, ...data } = await teacherAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, data, { total });
    },
  )
  .post(
    '/:id/attendance',
    contract({ summary: 'Mark a teacher', responses: { 200: markTeacherAnswer }, refuses: ['FUTURE_DATE'] }),
    admin,
    validate('param', idParam),
    validate('json', teacherMarkBody),
    async (c) =>
      ok(c, await markTeacher(tenant(c), { ...c.req.valid('json'), teacherId: c.req.valid('param').id }), {
        message: MARKED,
      }),
  )
  .route('/:id/documents', ownerDocumentRoutes('teacher'));

/** `/api/schools/:schoolId/teachers`: the same list, for the caller's own school only (another id: 404). */
export const schoolTeachersRoutes = new Hono<HonoEnv>().get(
  '/:schoolId/teachers',
  contract({ summary: "A school's teachers (the caller's school only)", responses: { 200: listTeachersAnswer } }),
  admin,
  validate('param', schoolIdParam),
  validate('query', teacherListQuery),
  async (c) => {
    const ctx = tenant(c);
    if (c.req.valid('param').schoolId !== ctx.schoolId) throw notFound('School');
    const { teachers, total } = await listTeachers(ctx, c.req.valid('query'));
    return ok(c, teachers, { total });
  },
);

/** `/api/auth/create-teacher`: the spec's other path for adding a teacher, mounted under `/api/auth`. */
export const teacherCreationRoutes = new Hono<HonoEnv>().post(
  '/create-teacher',
  contract({
    summary: 'Create teacher (spec path)',
    responses: { 201: createTeacherAnswer },
    refuses: ['EMAIL_TAKEN'],
  }),
  admin,
  validate('json', teacherCreateBody),
  async (c) => {
    const teacher = await createTeacher(tenant(c), c.req.valid('json'));
    return ok(c, { teacher }, { message: 'Teacher added successfully!' }, 201);
  },
);
