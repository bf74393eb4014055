import { type Context, Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import { readableClass } from '../../lib/class-access';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { replaceClassTimetable } from '../schedules';
import { assignSubjectsToClass, subjectsOfClass } from '../subjects';
import {
  assignClassTeacherAnswer,
  assignSubjectsToClassAnswer,
  attendanceReportAnswer,
  classStatsAnswer,
  classTeacherAnswer,
  createClassAnswer,
  deleteClassAnswer,
  getClassAnswer,
  listClassesAnswer,
  performanceReportAnswer,
  readableClassAnswer,
  replaceClassTimetableAnswer,
  updateClassAnswer,
} from './answers';
import { attendanceReport, performanceReport } from './reports';
import {
  classCreateBody,
  classListQuery,
  classStatsQuery,
  classUpdateBody,
  performanceQuery,
  reportQuery,
  subjectIdsBody,
  teacherIdBody,
  timetableBody,
} from './schemas';
import {
  assignClassTeacher,
  classStats,
  classTeacher,
  createClass,
  deleteClass,
  getClass,
  listClasses,
  updateClass,
} from './service';

const admin = requireAuth('school_admin');
/** Teachers may read the classes they teach (403 for the school's other classes). */
const adminOrTeacher = requireAuth('school_admin', 'teacher');

/** The one answer of both paths that assign a class's subjects. */
async function assignSubjects(c: Context<HonoEnv>, classId: string, subjectIds: string[]) {
  const { subjects } = await assignSubjectsToClass(tenant(c), classId, subjectIds);
  return ok(c, subjects, { message: 'Subjects assigned to class successfully', total: subjects.length });
}

/** `/api/classes`: classes, their subjects, class teacher, weekly timetable, statistics and reports. */
export const classesRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List classes', responses: { 200: listClassesAnswer } }),
    admin,
    validate('query', classListQuery),
    async (c) => {
      const { classes, total } = await listClasses(tenant(c), c.req.valid('query'));
      return ok(c, classes, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Create class', responses: { 201: createClassAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('json', classCreateBody),
    async (c) =>
      created(c, await createClass(tenant(c), c.req.valid('json')), { message: 'Class created successfully' }),
  )
  .get(
    '/stats',
    contract({ summary: 'Class stats', responses: { 200: classStatsAnswer } }),
    admin,
    validate('query', classStatsQuery),
    async (c) => ok(c, await classStats(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/:id',
    contract({ summary: 'Get class', responses: { 200: getClassAnswer } }),
    adminOrTeacher,
    validate('param', idParam),
    async (c) => ok(c, await getClass(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({
      summary: 'Update class',
      responses: { 200: updateClassAnswer },
      refuses: ['ALREADY_EXISTS', 'CAPACITY_BELOW_STUDENTS'],
    }),
    admin,
    validate('param', idParam),
    validate('json', classUpdateBody),
    async (c) =>
      ok(c, await updateClass(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Class updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete class', responses: { 200: deleteClassAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    async (c) => {
      const { message, data } = await deleteClass(tenant(c), c.req.valid('param').id);
      return ok(c, data, { message });
    },
  )
  .get(
    '/:id/subjects',
    contract({ summary: 'Readable class', responses: { 200: readableClassAnswer } }),
    adminOrTeacher,
    validate('param', idParam),
    async (c) => {
      const ctx = tenant(c);
      const classId = await readableClass(ctx, c.req.valid('param').id);
      const subjects = await subjectsOfClass(ctx, classId);
      return ok(c, subjects, { total: subjects.length });
    },
  )
  .post(
    '/:id/subjects',
    contract({
      summary: 'Assign subjects to class',
      responses: { 200: assignSubjectsToClassAnswer },
      refuses: ['ALREADY_EXISTS', 'IN_USE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', subjectIdsBody),
    async (c) => assignSubjects(c, c.req.valid('param').id, c.req.valid('json').subjectIds),
  )
  .put(
    '/:id/assign-subjects',
    contract({
      summary: 'Assign subjects to class (spec path)',
      responses: { 200: assignSubjectsToClassAnswer },
      refuses: ['ALREADY_EXISTS', 'IN_USE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', subjectIdsBody),
    async (c) => assignSubjects(c, c.req.valid('param').id, c.req.valid('json').subjectIds),
  )
  .get(
    '/:id/teacher',
    contract({ summary: 'Class teacher', responses: { 200: classTeacherAnswer } }),
    adminOrTeacher,
    validate('param', idParam),
    async (c) => ok(c, await classTeacher(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id/teacher',
    contract({ summary: 'Assign class teacher', responses: { 200: assignClassTeacherAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', teacherIdBody),
    async (c) =>
      ok(c, await assignClassTeacher(tenant(c), c.req.valid('param').id, c.req.valid('json').teacherId), {
        message: 'Class teacher assigned successfully',
      }),
  )
  .put(
    '/:id/assign-teacher',
    contract({ summary: 'Assign class teacher (spec path)', responses: { 200: assignClassTeacherAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', teacherIdBody),
    async (c) =>
      ok(c, await assignClassTeacher(tenant(c), c.req.valid('param').id, c.req.valid('json').teacherId), {
        message: 'Class teacher assigned successfully',
      }),
  )
  .put(
    '/:id/schedule',
    contract({
      summary: 'Replace class timetable',
      responses: { 200: replaceClassTimetableAnswer },
      refuses: ['NOT_TAUGHT', 'TIMETABLE_CLASH'],
    }),
    admin,
    validate('param', idParam),
    validate('json', timetableBody),
    async (c) => {
      const { schedules, removed } = await replaceClassTimetable(
        tenant(c),
        c.req.valid('param').id,
        c.req.valid('json').schedule,
      );
      return ok(c, schedules, {
        message: `Class schedule updated successfully. ${schedules.length} slot(s) saved, ${removed} replaced.`,
        total: schedules.length,
      });
    },
  )
  .get(
    '/:id/reports/attendance',
    contract({ summary: 'Attendance report', responses: { 200: attendanceReportAnswer } }),
    admin,
    validate('param', idParam),
    validate('query', reportQuery),
    async (c) => ok(c, await attendanceReport(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  )
  .get(
    '/:id/reports/performance',
    contract({ summary: 'Performance report', responses: { 200: performanceReportAnswer } }),
    admin,
    validate('param', idParam),
    validate('query', performanceQuery),
    async (c) => ok(c, await performanceReport(tenant(c), c.req.valid('param').id, c.req.valid('query'))),
  );
