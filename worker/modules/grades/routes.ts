import { Hono } from 'hono';
import { requireAuth, requireAuthInBatch } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { pdfResponse } from '../../lib/pdf';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  assessmentAnswer,
  classResultsAnswer,
  deleteAssessmentAnswer,
  deleteTermAnswer,
  listAssessmentsAnswer,
  listPublicationsAnswer,
  listTermsAnswer,
  markSheetAnswer,
  publicationAnswer,
  reportCardsPdfAnswer,
  saveMarksAnswer,
  scaleAnswer,
  termAnswer,
} from './answers';
import { createAssessment, deleteAssessment, getAssessment, listAssessments, updateAssessment } from './assessments';
import { listPublications, setPublication } from './publish';
import { reportCards } from './report-cards';
import { classResults } from './results';
import {
  assessmentBody,
  assessmentsQuery,
  assessmentUpdateBody,
  deleteAssessmentQuery,
  MARKS_SAVED,
  marksBody,
  publicationBody,
  publicationsQuery,
  reportCardsQuery,
  resultsQuery,
  scaleBody,
  termBody,
  termUpdateBody,
} from './schemas';
import { markSheet, saveMarks } from './sheet';
import { createTerm, deleteTerm, gradingScale, listTerms, setGradingScale, updateTerm } from './terms';

const admin = requireAuth('school_admin');
/**
 * Teachers read terms and the scale, and add, change and mark the assessments of the subjects they teach; deleting
 * one (with its marks) is the office's.
 */
const staff = requireAuth('school_admin', 'teacher');
/** Saving marks: the account's check rides in the sheet's read batch. */
const staffMarking = requireAuthInBatch('school_admin', 'teacher');

/** `/api/grades`: terms, the grading scale, assessments and their marks. */
export const gradesRoutes = new Hono<HonoEnv>()
  .get('/terms', contract({ summary: 'List terms', responses: { 200: listTermsAnswer } }), staff, async (c) => {
    const rows = await listTerms(tenant(c));
    return ok(c, rows, { total: rows.length });
  })
  .post(
    '/terms',
    contract({ summary: 'Add a term', responses: { 201: termAnswer }, refuses: ['TERM_OVERLAP'] }),
    admin,
    validate('json', termBody),
    async (c) => created(c, await createTerm(tenant(c), c.req.valid('json')), { message: 'Term added successfully' }),
  )
  .put(
    '/terms/:id',
    contract({ summary: 'Change a term', responses: { 200: termAnswer }, refuses: ['TERM_OVERLAP'] }),
    admin,
    validate('param', idParam),
    validate('json', termUpdateBody),
    async (c) =>
      ok(c, await updateTerm(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Term updated successfully',
      }),
  )
  .delete(
    '/terms/:id',
    contract({ summary: 'Delete a term', responses: { 200: deleteTermAnswer }, refuses: ['IN_USE'] }),
    admin,
    validate('param', idParam),
    async (c) => ok(c, await deleteTerm(tenant(c), c.req.valid('param').id), { message: 'Term deleted successfully' }),
  )
  .get('/scale', contract({ summary: 'The grading scale', responses: { 200: scaleAnswer } }), staff, async (c) =>
    ok(c, await gradingScale(tenant(c))),
  )
  .put(
    '/scale',
    contract({ summary: 'Set the grading scale', responses: { 200: scaleAnswer } }),
    admin,
    validate('json', scaleBody),
    async (c) =>
      ok(c, await setGradingScale(tenant(c), c.req.valid('json')), { message: 'Grading scale saved successfully' }),
  )
  .get(
    '/assessments',
    contract({ summary: 'A class’s assessments', responses: { 200: listAssessmentsAnswer } }),
    staff,
    validate('query', assessmentsQuery),
    async (c) => {
      const rows = await listAssessments(tenant(c), c.req.valid('query'));
      return ok(c, rows, { total: rows.length });
    },
  )
  .post(
    '/assessments',
    contract({
      summary: 'Add an assessment',
      responses: { 201: assessmentAnswer },
      refuses: ['SUBJECT_NOT_IN_CLASS', 'DATE_OUTSIDE_TERM', 'PAST_YEAR'],
    }),
    staff,
    validate('json', assessmentBody),
    async (c) =>
      created(c, await createAssessment(tenant(c), c.req.valid('json')), {
        message: 'Assessment added successfully',
      }),
  )
  .get(
    '/assessments/:id',
    contract({ summary: 'One assessment', responses: { 200: assessmentAnswer } }),
    staff,
    validate('param', idParam),
    async (c) => ok(c, await getAssessment(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/assessments/:id',
    contract({
      summary: 'Change an assessment',
      responses: { 200: assessmentAnswer },
      refuses: ['DATE_OUTSIDE_TERM', 'SCORE_ABOVE_MAXIMUM', 'PAST_YEAR'],
    }),
    staff,
    validate('param', idParam),
    validate('json', assessmentUpdateBody),
    async (c) =>
      ok(c, await updateAssessment(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Assessment updated successfully',
      }),
  )
  .delete(
    '/assessments/:id',
    contract({
      summary: 'Delete an assessment and its marks',
      responses: { 200: deleteAssessmentAnswer },
      refuses: ['REPORT_CARDS_PUBLISHED', 'PAST_YEAR'],
    }),
    staff,
    validate('param', idParam),
    validate('query', deleteAssessmentQuery),
    async (c) =>
      ok(c, await deleteAssessment(tenant(c), c.req.valid('param').id, c.req.valid('query')), {
        message: 'Assessment deleted successfully',
      }),
  )
  .get(
    '/assessments/:id/marks',
    contract({ summary: 'An assessment’s mark sheet', responses: { 200: markSheetAnswer } }),
    staff,
    validate('param', idParam),
    async (c) => ok(c, await markSheet(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/assessments/:id/marks',
    contract({
      summary: 'Save an assessment’s marks',
      responses: { 200: saveMarksAnswer },
      refuses: ['NOT_IN_CLASS', 'SCORE_ABOVE_MAXIMUM', 'PAST_YEAR'],
    }),
    staffMarking,
    validate('param', idParam),
    validate('json', marksBody),
    async (c) =>
      ok(c, await saveMarks(tenant(c), c.req.valid('param').id, c.req.valid('json')), { message: MARKS_SAVED }),
  )
  .get(
    '/results',
    contract({ summary: 'A class’s term results', responses: { 200: classResultsAnswer } }),
    staff,
    validate('query', resultsQuery),
    async (c) => ok(c, await classResults(tenant(c), c.req.valid('query'))),
  )
  .get(
    '/report-cards',
    contract({
      summary: 'A term’s report cards of a class or a student (PDF)',
      responses: { 200: reportCardsPdfAnswer },
    }),
    staff,
    validate('query', reportCardsQuery),
    async (c) => {
      const { bytes, filename } = await reportCards(tenant(c), c.req.valid('query'));
      return pdfResponse(filename, bytes);
    },
  )
  .get(
    '/publications',
    contract({ summary: 'A class’s published report cards', responses: { 200: listPublicationsAnswer } }),
    staff,
    validate('query', publicationsQuery),
    async (c) => ok(c, await listPublications(tenant(c), c.req.valid('query').classId)),
  )
  .put(
    '/publications',
    contract({ summary: 'Publish or withdraw a term’s report cards', responses: { 200: publicationAnswer } }),
    admin,
    validate('json', publicationBody),
    async (c) => {
      const result = await setPublication(tenant(c), c.req.valid('json'));
      const message = result.published ? 'Report cards published successfully' : 'Report cards withdrawn successfully';
      return ok(c, result, { message });
    },
  );
