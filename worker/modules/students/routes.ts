import { Hono } from 'hono';
import { AnswerCache, type KeptAnswer } from '../../lib/answer-cache';
import { requireAuth } from '../../lib/auth';
import { clientAddress } from '../../lib/client-address';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { csvResponse } from '../../lib/csv';
import { heldListTag, listTag } from '../../lib/list-tag';
import { pdfResponse } from '../../lib/pdf';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { markForStudent, studentAttendanceOf } from '../attendance';
import { markAttendanceAnswer, studentAttendanceAnswer } from '../attendance/answers';
import { MARKED, studentMarkBody, studentQuery } from '../attendance/schemas';
import { parentSignIn, parentSignInAnswer, signInBody, studentSignIn, studentSignInAnswer } from '../auth';
import { ownerDocumentRoutes } from '../documents';
import {
  assignStudentToClassAnswer,
  attendanceOverviewAnswer,
  deleteStudentAnswer,
  enrolStudentAnswer,
  importStudentsAnswer,
  importStudentsAnswerCreated,
  importTemplateAnswer,
  issueTemporaryPasswordsAnswer,
  issueTransferCertificateAnswer,
  listStudentsAnswer,
  listTransferCertificatesAnswer,
  readStudentAnswer,
  removeStudentFromClassAnswer,
  studentStatsAnswer,
  studentsCsvAnswer,
  transferCertificatePdfAnswer,
  updateStudentAnswer,
} from './answers';
import { attendanceOverview, yearAttendanceOverview } from './attendance-overview';
import { enrolStudent } from './enrol';
import { studentsCsv, templateCsv } from './export';
import { dryRunImport, importStudents, readCsvBody } from './import';
import { listScope, listStudents } from './list';
import { issueTemporaryPasswords } from './passwords';
import {
  assignClassBody,
  attendanceOverviewQuery,
  enrolBody,
  importQuery,
  studentExportQuery,
  studentListQuery,
  studentStatsQuery,
  studentUpdateBody,
  tcParam,
  temporaryPasswordsBody,
  transferCertificateBody,
} from './schemas';
import {
  assignStudentToClass,
  deleteStudent,
  readStudent,
  removeStudentFromClass,
  studentStats,
  updateStudent,
} from './service';
import { issueTransferCertificate, listTransferCertificates, transferCertificatePdf } from './transfer';
import { listYearStudents, yearStudentStats } from './year-list';

const admin = requireAuth('school_admin');
const JSON_TYPE = { 'Content-Type': 'application/json' };
/** Roster answers kept in this isolate (a school's classroom screens ask for the same list): 4 MB. */
const keptLists = new AnswerCache(4_000_000);
const encoder = new TextEncoder();
/** Attendance: teachers for the classes and subjects they teach (see the attendance module). */
const staff = requireAuth('school_admin', 'teacher');

/**
 * `/api/students`: the family sign-ins (`/login`, `/parents/login`, open) and student records, for administrators
 * only (teachers read their classes' rosters through the attendance and classes calls; students and parents their
 * own through /api/family). No middleware here applies to every path. Fixed paths come before `/:id`.
 */
export const studentsRoutes = new Hono<HonoEnv>()
  .post(
    '/login',
    contract({
      summary: 'Sign in (student)',
      responses: { 200: studentSignInAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) => c.json(await studentSignIn(c.get('deps'), c.req.valid('json'), clientAddress(c))),
  )
  .post(
    '/parents/login',
    contract({
      summary: 'Sign in (parent)',
      responses: { 200: parentSignInAnswer },
      refuses: ['INVALID_CREDENTIALS', 'TEMPORARY_PASSWORD_EXPIRED', 'RATE_LIMITED'],
    }),
    validate('json', signInBody),
    async (c) => c.json(await parentSignIn(c.get('deps'), c.req.valid('json'), clientAddress(c))),
  )
  .get(
    '/',
    contract({
      summary: 'List students',
      description:
        'Roster rows by default, `view=cards` for the table and cards. Answers carry a weak `ETag`; sent back in ' +
        '`If-None-Match`, it answers 304 with no body while nothing the list shows has changed in the school.',
      responses: { 200: listStudentsAnswer },
    }),
    admin,
    validate('query', studentListQuery),
    async (c) => {
      const ctx = tenant(c);
      const query = c.req.valid('query');
      const year = query.academicYear;
      if (year && year !== (await ctx.school()).academicYear) {
        const { students, total } = await listYearStudents(ctx, { ...query, academicYear: year });
        return ok(c, students, { total });
      }
      const scope = listScope(ctx, query);
      const secret = ctx.config.jwtSecret;
      c.header('Cache-Control', 'private, no-cache');
      // The newest list held: the caller's (its tag) or the isolate's; versions only grow.
      const tagged = await heldListTag(secret, c.req.header('if-none-match'), scope);
      const kept = keptLists.get(scope);
      const byTag = tagged !== null && !(kept && kept.version > tagged.version);
      const list = await listStudents(ctx, query, byTag ? tagged : (kept ?? null));
      if (list.unchanged) {
        // Nobody has changed the list since: 304 to a caller who holds it, else the kept answer; logged all the same.
        if (byTag) {
          c.header('ETag', tagged.tag);
          return c.body(null, 304);
        }
        const answer = kept as KeptAnswer;
        c.header('ETag', await listTag(secret, scope, answer.version, answer.count));
        return c.body(answer.body, 200, JSON_TYPE);
      }
      const { json, students, count, total, version } = list;
      c.header('ETag', await listTag(secret, scope, version, count));
      if (json === null) return ok(c, students, { total });
      // Roster rows come as the JSON SQLite wrote: put in the answer as they are, and kept for the next ask.
      const body = encoder.encode(`{"success":true,"data":${json},"total":${total}}`) as Uint8Array<ArrayBuffer>;
      keptLists.set(scope, { version, count, body });
      return c.body(body, 200, JSON_TYPE);
    },
  )
  .post(
    '/',
    contract({
      summary: 'Enrol student',
      responses: { 201: enrolStudentAnswer },
      refuses: [
        'ALREADY_EXISTS',
        'EMAIL_TAKEN',
        'ROLL_NUMBER_TAKEN',
        'ADMISSION_NUMBER_TAKEN',
        'CLASS_FULL',
        'PAST_YEAR',
      ],
    }),
    admin,
    validate('json', enrolBody),
    async (c) =>
      created(c, await enrolStudent(tenant(c), c.req.valid('json')), { message: 'Student enrolled successfully!' }),
  )
  .get(
    '/stats',
    contract({ summary: 'Student stats', responses: { 200: studentStatsAnswer } }),
    admin,
    validate('query', studentStatsQuery),
    async (c) => {
      const ctx = tenant(c);
      const year = c.req.valid('query').academicYear;
      if (year && year !== (await ctx.school()).academicYear) return ok(c, await yearStudentStats(ctx, year));
      return ok(c, await studentStats(ctx));
    },
  )
  .get(
    '/attendance-overview',
    contract({ summary: 'Attendance overview', responses: { 200: attendanceOverviewAnswer } }),
    admin,
    validate('query', attendanceOverviewQuery),
    async (c) => {
      const ctx = tenant(c);
      const { academicYear, ...query } = c.req.valid('query');
      if (academicYear && academicYear !== (await ctx.school()).academicYear)
        return ok(c, await yearAttendanceOverview(ctx, academicYear, query));
      return ok(c, await attendanceOverview(ctx, query));
    },
  )
  .get(
    '/export',
    contract({ summary: 'Students csv', responses: { 200: studentsCsvAnswer } }),
    admin,
    validate('query', studentExportQuery),
    async (c) => {
      const { csv, filename } = await studentsCsv(tenant(c), c.req.valid('query'));
      return csvResponse(filename, csv);
    },
  )
  .get(
    '/import/template',
    contract({ summary: 'Student import template (CSV)', responses: { 200: importTemplateAnswer } }),
    admin,
    () => csvResponse('student-import-template.csv', templateCsv()),
  )
  .post(
    '/import',
    contract({
      summary: 'Import students from CSV (dryRun=true checks only)',
      responses: { 200: importStudentsAnswer, 201: importStudentsAnswerCreated },
      upload: {
        file: 'A CSV file laid out as the import template',
        types: ['text/csv'],
        raw: ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'application/octet-stream'],
      },
      refuses: ['FILE_UNREADABLE', 'CLASS_FULL', 'RATE_LIMITED', 'PAST_YEAR'],
    }),
    admin,
    validate('query', importQuery),
    async (c) => {
      const ctx = tenant(c);
      const text = await readCsvBody(c.req.raw);
      if (c.req.valid('query').dryRun) return ok(c, await dryRunImport(ctx, text));
      const result = await importStudents(ctx, text);
      // The answer holds each new account's temporary password: no cache may keep it.
      c.header('Cache-Control', 'private, no-store');
      return created(c, result, { message: `${result.imported} student(s) imported successfully` });
    },
  )
  .get(
    '/:id',
    contract({ summary: 'Read student', responses: { 200: readStudentAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await readStudent(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/:id',
    contract({
      summary: 'Update student',
      responses: { 200: updateStudentAnswer },
      refuses: ['EMAIL_TAKEN', 'ROLL_NUMBER_TAKEN', 'ADMISSION_NUMBER_TAKEN', 'CLASS_FULL', 'PAST_YEAR'],
    }),
    admin,
    validate('param', idParam),
    validate('json', studentUpdateBody),
    async (c) =>
      ok(c, await updateStudent(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Student updated successfully!',
      }),
  )
  .delete(
    '/:id',
    contract({ summary: 'Delete student', responses: { 200: deleteStudentAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await deleteStudent(tenant(c), c.req.valid('param').id), { message: 'Student deleted successfully!' }),
  )
  .route('/:id/documents', ownerDocumentRoutes('student'))
  .post(
    '/:id/transfer-certificate',
    contract({ summary: 'Issue transfer certificate', responses: { 201: issueTransferCertificateAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', transferCertificateBody),
    async (c) =>
      created(c, await issueTransferCertificate(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Transfer certificate issued successfully',
      }),
  )
  .post(
    '/:id/temporary-passwords',
    contract({ summary: 'Issue temporary passwords', responses: { 200: issueTemporaryPasswordsAnswer } }),
    admin,
    validate('param', idParam),
    validate('json', temporaryPasswordsBody),
    async (c) => {
      const result = await issueTemporaryPasswords(tenant(c), c.req.valid('param').id, c.req.valid('json'));
      // The answer holds the new passwords: no cache may keep it.
      c.header('Cache-Control', 'private, no-store');
      return ok(c, result, { message: 'Temporary passwords issued' });
    },
  )
  .get(
    '/:id/transfer-certificates',
    contract({ summary: 'List transfer certificates', responses: { 200: listTransferCertificatesAnswer } }),
    admin,
    validate('param', idParam),
    async (c) => {
      const list = await listTransferCertificates(tenant(c), c.req.valid('param').id);
      return ok(c, list, { total: list.length });
    },
  )
  .get(
    '/:id/transfer-certificates/:tcId/download',
    contract({ summary: 'Transfer certificate pdf', responses: { 200: transferCertificatePdfAnswer } }),
    admin,
    validate('param', tcParam),
    async (c) => {
      const { id, tcId } = c.req.valid('param');
      const { bytes, filename } = await transferCertificatePdf(tenant(c), id, tcId);
      return pdfResponse(filename, bytes);
    },
  )
  .put(
    '/:id/assign-class',
    contract({
      summary: 'Assign student to class',
      responses: { 200: assignStudentToClassAnswer },
      refuses: ['CLASS_FULL', 'PAST_YEAR'],
    }),
    admin,
    validate('param', idParam),
    validate('json', assignClassBody),
    async (c) =>
      ok(c, await assignStudentToClass(tenant(c), c.req.valid('param').id, c.req.valid('json').classId), {
        message: 'Student assigned to class successfully',
      }),
  )
  .put(
    '/:id/remove-class',
    contract({ summary: 'Remove student from class', responses: { 200: removeStudentFromClassAnswer } }),
    admin,
    validate('param', idParam),
    async (c) =>
      ok(c, await removeStudentFromClass(tenant(c), c.req.valid('param').id), {
        message: 'Student removed from class successfully',
      }),
  )
  .get(
    '/:id/attendance',
    contract({ summary: 'A student’s attendance (under students)', responses: { 200: studentAttendanceAnswer } }),
    staff,
    validate('param', idParam),
    validate('query', studentQuery),
    async (c) => {
      const { total, ...data } = await studentAttendanceOf(tenant(c), c.req.valid('param').id, c.req.valid('query'));
      return ok(c, data, { total });
    },
  )
  .post(
    '/:id/attendance',
    contract({
      summary: 'Mark a student',
      responses: { 200: markAttendanceAnswer },
      refuses: ['FUTURE_DATE', 'SUBJECT_NOT_IN_CLASS', 'NOT_IN_CLASS'],
    }),
    staff,
    validate('param', idParam),
    validate('json', studentMarkBody),
    async (c) =>
      ok(c, await markForStudent(tenant(c), c.req.valid('param').id, c.req.valid('json')), { message: MARKED }),
  );
