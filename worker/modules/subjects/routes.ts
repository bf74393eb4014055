import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { addCoTeacher, subjectTeachersOf } from './allocation';
import {
  addCoTeacherAnswer,
  changeSubjectAnswer,
  changeSubjectAnswer4,
  createCategoryAnswer,
  createSubjectAnswer,
  deleteCategoryAnswer,
  deleteSubjectAnswer,
  getCategoryAnswer,
  getSubjectAnswer,
  listCategoriesAnswer,
  listSubjectsAnswer,
  subjectStatsAnswer,
  subjectsOfCategoryAnswer,
  subjectTeachersOfAnswer,
  unassignedSubjectsAnswer,
  updateCategoryAnswer,
} from './answers';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from './categories';
import { getSubject, listSubjects, subjectStats, subjectsOfCategory, unassignedSubjects } from './queries';
import {
  categoryCreateBody,
  categoryParam,
  categoryUpdateBody,
  classIdBody,
  subjectCreateBody,
  subjectListQuery,
  subjectPagingQuery,
  subjectUpdateBody,
  teacherIdBody,
} from './schemas';
import { changeSubject, createSubject, deleteSubject } from './service';

const admin = requireAuth('school_admin');

/** `/api/subjects`: subjects, categories and teachers of subjects. Fixed paths come before `/:id`. */
export const subjectsRoutes = new Hono<HonoEnv>()
  .get(
    '/',
    contract({ summary: 'List subjects', responses: { 200: listSubjectsAnswer } }),
    admin,
    validate('query', subjectListQuery),
    async (c) => {
      const { subjects, total } = await listSubjects(tenant(c), c.req.valid('query'));
      return ok(c, subjects, { total });
    },
  )
  .post(
    '/',
    contract({ summary: 'Create subject', responses: { 201: createSubjectAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('json', subjectCreateBody),
    async (c) =>
      created(c, await createSubject(tenant(c), c.req.valid('json')), { message: 'Subject created successfully' }),
  )
  .get(
    '/categories',
    contract({ summary: 'List categories', responses: { 200: listCategoriesAnswer } }),
    admin,
    async (c) => {
      const categories = await listCategories(tenant(c));
      return ok(c, categories, { total: categories.length });
    },
  )
  .post(
    '/categories',
    contract({ summary: 'Create category', responses: { 201: createCategoryAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('json', categoryCreateBody),
    async (c) =>
      created(c, await createCategory(tenant(c), c.req.valid('json')), { message: 'Category created successfully' }),
  )
  .get(
    '/categories/:id',
    contract({ summary: 'Get category', responses: { 200: getCategoryAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await getCategory(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/categories/:id',
    contract({ summary: 'Update category', responses: { 200: updateCategoryAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('param', idParam),
    validate('json', categoryUpdateBody),
    async (c) =>
      ok(c, await updateCategory(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Category updated successfully',
      }),
  )
  .delete(
    '/categories/:id',
    contract({ summary: 'Delete category', responses: { 200: deleteCategoryAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteCategory(tenant(c), c.req.valid('param').id), { message: 'Category deleted successfully' }),
  )
  .get(
    '/category/:category',
    contract({ summary: 'Subjects of category', responses: { 200: subjectsOfCategoryAnswer } }),
    admin,
    validate('param', categoryParam),
    validate('query', subjectPagingQuery),
    async (c) => {
      const { subjects, total, category } = await subjectsOfCategory(
        tenant(c),
        c.req.valid('param').category,
        c.req.valid('query'),
      );
      return c.json({ success: true as const, data: subjects, total, category });
    },
  )
  .get(
    '/unassigned',
    contract({ summary: 'Unassigned subjects', responses: { 200: unassignedSubjectsAnswer } }),
    admin,
    validate('query', subjectPagingQuery),
    async (c) => {
      const { subjects, total } = await unassignedSubjects(tenant(c), c.req.valid('query'));
      return ok(c, subjects, { total });
    },
  )
  .get('/stats', contract({ summary: 'Subject stats', responses: { 200: subjectStatsAnswer } }), admin, async (c) =>
    ok(c, await subjectStats(tenant(c))),
  )
  .get(
    '/:id',
    contract({ summary: 'Get subject', responses: { 200: getSubjectAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await getSubject(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({
      summary: 'Update subject',
      responses: { 200: changeSubjectAnswer },
      refuses: ['ALREADY_EXISTS', 'TIMETABLE_CLASH', 'IN_USE'],
    }),
    admin,
    validate('param', idParam),
    validate('json', subjectUpdateBody),
    async (c) => {
      const { subject } = await changeSubject(tenant(c), c.req.valid('param').id, c.req.valid('json'));
      return ok(c, subject, { message: 'Subject updated successfully' });
    },
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete subject', responses: { 200: deleteSubjectAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteSubject(tenant(c), c.req.valid('param').id), { message: 'Subject removed successfully' }),
  )
  .get(
    '/:id/teachers',
    contract({ summary: 'Subject teachers of', responses: { 200: subjectTeachersOfAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => {
      const teachers = await subjectTeachersOf(tenant(c), c.req.valid('param').id);
      return ok(c, teachers, { total: teachers.length });
    },
  )
  .post(
    '/:id/teachers',
    contract({ summary: 'Add co teacher', responses: { 201: addCoTeacherAnswer }, refuses: ['ALREADY_EXISTS'] }),
    admin,
    validate('param', idParam),
    validate('json', teacherIdBody),
    async (c) => {
      const teachers = await addCoTeacher(tenant(c), c.req.valid('param').id, c.req.valid('json').teacherId);
      return created(c, teachers, { message: 'Teacher added to subject successfully' });
    },
  )
  .put(
    '/:id/assign-teacher',
    contract({
      summary: 'Assign the main teacher',
      responses: { 200: changeSubjectAnswer },
      refuses: ['TIMETABLE_CLASH'],
    }),
    admin,
    validate('param', idParam),
    validate('json', teacherIdBody),
    async (c) => {
      const { subject } = await changeSubject(tenant(c), c.req.valid('param').id, {
        teacherId: c.req.valid('json').teacherId,
      });
      return ok(c, subject, { message: 'Subject assigned to teacher successfully' });
    },
  )
  .put(
    '/:id/assign-class',
    contract({
      summary: 'Move subject to a class',
      responses: { 200: changeSubjectAnswer },
      refuses: ['ALREADY_EXISTS', 'IN_USE', 'TIMETABLE_CLASH'],
    }),
    admin,
    validate('param', idParam),
    validate('json', classIdBody),
    async (c) => {
      const { subject } = await changeSubject(tenant(c), c.req.valid('param').id, {
        classId: c.req.valid('json').classId,
      });
      return ok(c, subject, { message: 'Subject assigned to class successfully' });
    },
  )
  .put(
    '/:id/remove-class',
    contract({
      summary: 'Remove subject from its class',
      responses: { 200: changeSubjectAnswer4 },
      refuses: ['IN_USE'],
    }),
    admin,
    validate('param', idParam),
    async (c) => {
      const { subject } = await changeSubject(tenant(c), c.req.valid('param').id, { classId: null });
      return ok(c, subject, { message: 'Subject removed from class successfully' });
    },
  );
