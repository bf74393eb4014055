import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { csvResponse } from '../../lib/csv';
import { pdfResponse } from '../../lib/pdf';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import {
  assignmentsAnswer,
  categoryAnswer,
  deleteCategoryAnswer,
  deleteStructureAnswer,
  duesCsvAnswer,
  listCategoriesAnswer,
  listCollectionsAnswer,
  listDuesAnswer,
  listReceiptsAnswer,
  listStructuresAnswer,
  paymentAnswer,
  receiptAnswer,
  receiptPdfAnswer,
  structureAnswer,
  studentFeesAnswer,
} from './answers';
import { duesCsv, receiptPdf } from './documents';
import {
  assignmentBody,
  categoryBody,
  categoryUpdateBody,
  collectionBody,
  collectionQuery,
  dueQuery,
  receiptBody,
  receiptQuery,
  structureBody,
  structureQuery,
  structureUpdateBody,
} from './schemas';
import {
  createCategory,
  createStructure,
  deleteCategory,
  deleteStructure,
  getCategory,
  getReceipt,
  getStructure,
  listAssignments,
  listCategories,
  listCollections,
  listDues,
  listReceipts,
  listStructures,
  recordPayment,
  updateAssignments,
  updateCategory,
  updateStructure,
} from './service';
import { studentFees } from './student-fees';

/** `/api/fees`: categories, structures, payments with numbered receipts, and dues. Administrators only. */
export const feesRoutes = new Hono<HonoEnv>()
  .use('*', requireAuth('school_admin'))
  .get(
    '/categories',
    contract({ summary: 'List fee categories', responses: { 200: listCategoriesAnswer } }),
    async (c) => ok(c, await listCategories(tenant(c))),
  )
  .post(
    '/categories',
    contract({ summary: 'Create fee category', responses: { 201: categoryAnswer }, refuses: ['ALREADY_EXISTS'] }),
    validate('json', categoryBody),
    async (c) =>
      created(c, await createCategory(tenant(c), c.req.valid('json')), {
        message: 'Fee category created successfully',
      }),
  )
  .get(
    '/categories/:id',
    contract({ summary: 'Get fee category', responses: { 200: categoryAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await getCategory(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/categories/:id',
    contract({ summary: 'Update fee category', responses: { 200: categoryAnswer }, refuses: ['ALREADY_EXISTS'] }),
    validate('param', idParam),
    validate('json', categoryUpdateBody),
    async (c) =>
      ok(c, await updateCategory(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Fee category updated successfully',
      }),
  )
  .delete(
    '/categories/:id',
    contract({ summary: 'Delete fee category', responses: { 200: deleteCategoryAnswer }, refuses: ['IN_USE'] }),
    validate('param', idParam),
    async (c) => {
      await deleteCategory(tenant(c), c.req.valid('param').id);
      return c.json({ success: true, message: 'Fee category deleted successfully' });
    },
  )
  .get(
    '/structures',
    contract({ summary: 'List fee structures', responses: { 200: listStructuresAnswer } }),
    validate('query', structureQuery),
    async (c) => {
      const { structures, total } = await listStructures(tenant(c), c.req.valid('query'));
      return ok(c, structures, { total });
    },
  )
  .post(
    '/structures',
    contract({ summary: 'Create fee structure', responses: { 201: structureAnswer } }),
    validate('json', structureBody),
    async (c) =>
      created(c, await createStructure(tenant(c), c.req.valid('json')), {
        message: 'Fee structure created successfully',
      }),
  )
  .get(
    '/structures/:id',
    contract({ summary: 'Get fee structure', responses: { 200: structureAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await getStructure(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/structures/:id',
    contract({
      summary: 'Update fee structure',
      responses: { 200: structureAnswer },
      refuses: ['FEE_PAID', 'INSTALMENT_PAID', 'AMOUNT_BELOW_PAID'],
    }),
    validate('param', idParam),
    validate('json', structureUpdateBody),
    async (c) =>
      ok(c, await updateStructure(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Fee structure updated successfully',
      }),
  )
  .delete(
    '/structures/:id',
    contract({ summary: 'Delete fee structure', responses: { 200: deleteStructureAnswer }, refuses: ['FEE_PAID'] }),
    validate('param', idParam),
    async (c) => {
      await deleteStructure(tenant(c), c.req.valid('param').id);
      return c.json({ success: true, message: 'Fee structure deleted successfully' });
    },
  )
  .get(
    '/structures/:id/assignments',
    contract({ summary: 'Students assigned to a fee', responses: { 200: assignmentsAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await listAssignments(tenant(c), c.req.valid('param').id)),
  )
  .put(
    '/structures/:id/assignments',
    contract({
      summary: 'Assign and unassign students',
      responses: { 200: assignmentsAnswer },
      refuses: ['FEE_NOT_IN_CLASS', 'FEE_PAID'],
    }),
    validate('param', idParam),
    validate('json', assignmentBody),
    async (c) =>
      ok(c, await updateAssignments(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
        message: 'Fee assignments updated successfully',
      }),
  )
  .get(
    '/students/:id',
    contract({ summary: 'A student’s fees', responses: { 200: studentFeesAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await studentFees(tenant(c), c.req.valid('param').id)),
  )
  .get(
    '/collections',
    contract({ summary: 'List payments', responses: { 200: listCollectionsAnswer } }),
    validate('query', collectionQuery),
    async (c) => {
      const { collections, total, collected } = await listCollections(tenant(c), c.req.valid('query'));
      return c.json({ success: true, data: collections, total, collected });
    },
  )
  .post(
    '/collections',
    contract({
      summary: 'Record payment of one fee',
      responses: { 201: paymentAnswer },
      refuses: ['FEE_OVERPAID', 'FEE_NOT_OWED', 'FEE_NOT_IN_CLASS'],
    }),
    validate('json', collectionBody),
    async (c) => {
      const { structureId, instalment, amount, ...payment } = c.req.valid('json');
      const receipt = await recordPayment(tenant(c), { ...payment, items: [{ structureId, instalment, amount }] });
      return created(c, receipt, { message: 'Payment recorded successfully' });
    },
  )
  .get(
    '/receipts',
    contract({ summary: 'List receipts', responses: { 200: listReceiptsAnswer } }),
    validate('query', receiptQuery),
    async (c) => {
      const { receipts, total } = await listReceipts(tenant(c), c.req.valid('query'));
      return ok(c, receipts, { total });
    },
  )
  .post(
    '/receipts',
    contract({
      summary: 'Record payment',
      responses: { 201: paymentAnswer },
      refuses: ['FEE_OVERPAID', 'FEE_NOT_OWED', 'FEE_NOT_IN_CLASS'],
    }),
    validate('json', receiptBody),
    async (c) =>
      created(c, await recordPayment(tenant(c), c.req.valid('json')), { message: 'Payment recorded successfully' }),
  )
  .get(
    '/receipts/:id',
    contract({ summary: 'Get receipt', responses: { 200: receiptAnswer } }),
    validate('param', idParam),
    async (c) => ok(c, await getReceipt(tenant(c), c.req.valid('param').id, 'read')),
  )
  .get(
    '/receipts/:id/download',
    contract({ summary: 'Receipt PDF', responses: { 200: receiptPdfAnswer } }),
    validate('param', idParam),
    async (c) => {
      const { bytes, filename } = await receiptPdf(tenant(c), c.req.valid('param').id);
      return pdfResponse(filename, bytes);
    },
  )
  .get(
    '/due',
    contract({ summary: 'List fees due', responses: { 200: listDuesAnswer } }),
    validate('query', dueQuery),
    async (c) => {
      const { dues, total, summary } = await listDues(tenant(c), c.req.valid('query'));
      return c.json({ success: true, data: dues, total, summary });
    },
  )
  .get(
    '/due/export',
    contract({ summary: 'Fees due CSV', responses: { 200: duesCsvAnswer } }),
    validate('query', dueQuery),
    async (c) => csvResponse('fees-due.csv', await duesCsv(tenant(c), c.req.valid('query'))),
  );
