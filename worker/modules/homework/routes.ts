import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { ALLOWED_TYPES, attachmentHeader, jsonUploadBody, readUpload } from '../documents';
import {
  deleteHomeworkAnswer,
  deleteTaskAnswer,
  gradebookAnswer,
  homeworkAnswer,
  homeworkFileAnswer,
  listHomeworkAnswer,
  listTasksAnswer,
  reviewAnswer,
  rosterAnswer,
  studentHomeworkAnswer,
  submissionAnswer,
  submitAnswer,
  summaryAnswer,
  taskAnswer,
  updateHomeworkAnswer,
} from './answers';
import {
  createHomework,
  deleteHomework,
  getHomework,
  listHomework,
  studentHomework,
  updateHomework,
} from './assignments';
import { downloadHomeworkFile, removeHomeworkFile, uploadHomeworkFile, uploadSubmissionFile } from './files';
import {
  homeworkBody,
  homeworkFileParam,
  homeworkQuery,
  homeworkStudentParam,
  homeworkUpdateBody,
  reviewBody,
  studentHomeworkQuery,
  submissionBody,
  summaryQuery,
  taskBody,
  tasksQuery,
  taskUpdateBody,
} from './schemas';
import { getSubmission, reviewWork, sendToGradebook, submissionRoster, submitWork } from './submissions';
import { homeworkSummary } from './summary';
import { createTask, deleteTask, listTasks, updateTask } from './tasks';

const staff = requireAuth('school_admin', 'teacher');
const student = requireAuth('student');
const everyone = requireAuth('school_admin', 'teacher', 'student', 'parent');
const staffOrStudent = requireAuth('school_admin', 'teacher', 'student');
const upload = (what: string) => ({
  file: what,
  types: [...ALLOWED_TYPES],
  json: jsonUploadBody,
});

/**
 * `/api/homework`: homework set by teachers for a class's subject, the students' hand-ins, their review and marks,
 * and the students' own tasks. A teacher manages the homework of the subjects they teach, the office all of it; a
 * student sees their class's homework and their own work, a parent their children's; another school's ids answer 404.
 */
export const homeworkRoutes = new Hono<HonoEnv>()
  .get(
    '/tasks',
    contract({ summary: 'Students’ tasks', responses: { 200: listTasksAnswer } }),
    everyone,
    validate('query', tasksQuery),
    async (c) => {
      const { rows, total } = await listTasks(tenant(c), c.req.valid('query'));
      return ok(c, rows, { total });
    },
  )
  .post(
    '/tasks',
    contract({ summary: 'Add a task of one’s own (students)', responses: { 201: taskAnswer } }),
    student,
    validate('json', taskBody),
    async (c) => created(c, await createTask(tenant(c), c.req.valid('json')), { message: 'Task added successfully' }),
  )
  .put(
    '/tasks/:id',
    contract({ summary: 'Change one’s task', responses: { 200: taskAnswer } }),
    student,
    validate('param', idParam),
    validate('json', taskUpdateBody),
    async (c) =>
      ok(c, await updateTask(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Task updated successfully',
      }),
  )
  .delete(
    '/tasks/:id',
    contract({ summary: 'Delete one’s task', responses: { 200: deleteTaskAnswer } }),
    student,
    validate('param', idParam),
    async (c) => ok(c, await deleteTask(tenant(c), c.req.valid('param').id), { message: 'Task deleted successfully' }),
  )
  .get(
    '/summary',
    contract({
      summary: 'Homework figures: by status, hand-in rates by class and subject, students overdue',
      responses: { 200: summaryAnswer },
    }),
    staff,
    validate('query', summaryQuery),
    async (c) => ok(c, await homeworkSummary(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/students/:id',
    contract({ summary: 'A student’s homework with their hand-ins', responses: { 200: studentHomeworkAnswer } }),
    everyone,
    validate('param', idParam),
    validate('query', studentHomeworkQuery),
    async (c) => {
      const {
        student: who,
        rows,
        total,
      } = await studentHomework(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, { student: who, homework: rows }, { total });
    },
  )
  .get(
    '/',
    contract({ summary: 'Homework of the school, or of a teacher’s subjects', responses: { 200: listHomeworkAnswer } }),
    staff,
    validate('query', homeworkQuery),
    async (c) => {
      const { rows, total } = await listHomework(tenant(c), c.req.valid('query'));
      return ok(c, rows, { total });
    },
  )
  .post(
    '/',
    contract({
      summary: 'Set homework',
      responses: { 201: homeworkAnswer },
      refuses: ['SUBJECT_NOT_IN_CLASS', 'PAST_YEAR'],
    }),
    staff,
    validate('json', homeworkBody),
    async (c) =>
      created(c, await createHomework(tenant(c), c.req.valid('json')), { message: 'Homework set successfully' }),
  )
  .get(
    '/:id',
    contract({ summary: 'One homework with its attachments', responses: { 200: homeworkAnswer } }),
    everyone,
    validate('param', idParam),
    async (c) => ok(c, await getHomework(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({
      summary: 'Change homework',
      responses: { 200: updateHomeworkAnswer },
      refuses: ['SCORE_ABOVE_MAXIMUM', 'PAST_YEAR'],
    }),
    staff,
    validate('param', idParam),
    validate('json', homeworkUpdateBody),
    async (c) =>
      ok(c, await updateHomework(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Homework updated successfully',
      }),
  )
  .delete(
    '/:id',
    contract({
      summary: 'Delete homework with its hand-ins',
      responses: { 200: deleteHomeworkAnswer },
      refuses: ['PAST_YEAR'],
    }),
    staff,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteHomework(tenant(c), c.req.valid('param').id), { message: 'Homework deleted successfully' }),
  )
  .post(
    '/:id/files',
    contract({
      summary: 'Attach a file to homework (multipart/form-data, field "file")',
      responses: { 201: homeworkFileAnswer },
      upload: upload('A PDF, PNG or JPEG file'),
      refuses: ['FILE_UNREADABLE'],
    }),
    staff,
    validate('param', idParam),
    async (c) => {
      const file = await readUpload(c.req.raw);
      return created(c, await uploadHomeworkFile(tenant(c), c.req.valid('param').id, file), {
        message: 'File attached successfully',
      });
    },
  )
  .get(
    '/:id/files/:fileId',
    contract({ summary: 'Download a file of homework or of a hand-in', responses: { 200: { file: 'any' } } }),
    everyone,
    validate('param', homeworkFileParam),
    async (c) => {
      const { id, fileId } = c.req.valid('param');
      const file = await downloadHomeworkFile(tenant(c), id, fileId);
      return new Response(file.bytes, {
        headers: {
          'Content-Type': file.contentType,
          'Content-Disposition': attachmentHeader(file.name),
          'Content-Length': String(file.bytes.byteLength),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    },
  )
  .delete(
    '/:id/files/:fileId',
    contract({
      summary: 'Remove an attachment (staff) or a file of one’s own hand-in (students, until it is returned)',
      responses: { 200: homeworkFileAnswer },
    }),
    staffOrStudent,
    validate('param', homeworkFileParam),
    async (c) => {
      const { id, fileId } = c.req.valid('param');
      return ok(c, await removeHomeworkFile(tenant(c), id, fileId), { message: 'File removed successfully' });
    },
  )
  .get(
    '/:id/submissions',
    contract({ summary: 'The class’s hand-ins, and who has not handed in', responses: { 200: rosterAnswer } }),
    staff,
    validate('param', idParam),
    async (c) => ok(c, await submissionRoster(tenant(c), c.req.valid('param').id)),
  )
  .get(
    '/:id/submissions/:studentId',
    contract({ summary: 'One student’s hand-in', responses: { 200: submissionAnswer } }),
    everyone,
    validate('param', homeworkStudentParam),
    async (c) => {
      const { id, studentId } = c.req.valid('param');
      return ok(c, await getSubmission(tenant(c), id, studentId));
    },
  )
  .put(
    '/:id/submissions/:studentId/review',
    contract({
      summary: 'Mark, give feedback on and return a hand-in',
      responses: { 200: reviewAnswer },
      refuses: ['SCORE_ABOVE_MAXIMUM', 'PAST_YEAR'],
    }),
    staff,
    validate('param', homeworkStudentParam),
    validate('json', reviewBody),
    async (c) => {
      const { id, studentId } = c.req.valid('param');
      const result = await reviewWork(tenant(c), id, studentId, c.req.valid('json'));
      return ok(c, result, { message: result.returnedAt ? 'Work returned successfully' : 'Review saved successfully' });
    },
  )
  .put(
    '/:id/submission',
    contract({ summary: 'Hand in one’s work (students)', responses: { 200: submitAnswer } }),
    student,
    validate('param', idParam),
    validate('json', submissionBody),
    async (c) =>
      ok(c, await submitWork(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Work handed in successfully',
      }),
  )
  .post(
    '/:id/submission/files',
    contract({
      summary: 'Add a file to one’s hand-in (students; multipart/form-data, field "file")',
      responses: { 201: homeworkFileAnswer },
      upload: upload('A PDF, PNG or JPEG file'),
      refuses: ['FILE_UNREADABLE'],
    }),
    student,
    validate('param', idParam),
    async (c) => {
      const file = await readUpload(c.req.raw);
      return created(c, await uploadSubmissionFile(tenant(c), c.req.valid('param').id, file), {
        message: 'File attached successfully',
      });
    },
  )
  .post(
    '/:id/gradebook',
    contract({
      summary: 'Send the returned work’s marks to the gradebook',
      responses: { 200: gradebookAnswer },
      refuses: ['SCORE_ABOVE_MAXIMUM', 'PAST_YEAR', 'SUBJECT_NOT_IN_CLASS'],
    }),
    staff,
    validate('param', idParam),
    async (c) =>
      ok(c, await sendToGradebook(tenant(c), c.req.valid('param').id), {
        message: 'Marks sent to the gradebook successfully',
      }),
  );
