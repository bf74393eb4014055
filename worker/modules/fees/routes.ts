import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { csvResponse } from '../../lib/csv';
import { pdfResponse } from '../../lib/pdf';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
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
  .get('/categories', async (c) => ok(c, await listCategories(tenant(c))))
  .post('/categories', validate('json', categoryBody), async (c) =>
    created(c, await createCategory(tenant(c), c.req.valid('json')), { message: 'Fee category created successfully' }),
  )
  .get('/categories/:id', validate('param', idParam), async (c) =>
    ok(c, await getCategory(tenant(c), c.req.valid('param').id)),
  )
  .put('/categories/:id', validate('param', idParam), validate('json', categoryUpdateBody), async (c) =>
    ok(c, await updateCategory(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Fee category updated successfully',
    }),
  )
  .delete('/categories/:id', validate('param', idParam), async (c) => {
    await deleteCategory(tenant(c), c.req.valid('param').id);
    return c.json({ success: true, message: 'Fee category deleted successfully' });
  })
  .get('/structures', validate('query', structureQuery), async (c) => {
    const { structures, total } = await listStructures(tenant(c), c.req.valid('query'));
    return ok(c, structures, { total });
  })
  .post('/structures', validate('json', structureBody), async (c) =>
    created(c, await createStructure(tenant(c), c.req.valid('json')), {
      message: 'Fee structure created successfully',
    }),
  )
  .get('/structures/:id', validate('param', idParam), async (c) =>
    ok(c, await getStructure(tenant(c), c.req.valid('param').id)),
  )
  .put('/structures/:id', validate('param', idParam), validate('json', structureUpdateBody), async (c) =>
    ok(c, await updateStructure(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Fee structure updated successfully',
    }),
  )
  .delete('/structures/:id', validate('param', idParam), async (c) => {
    await deleteStructure(tenant(c), c.req.valid('param').id);
    return c.json({ success: true, message: 'Fee structure deleted successfully' });
  })
  .get('/structures/:id/assignments', validate('param', idParam), async (c) =>
    ok(c, await listAssignments(tenant(c), c.req.valid('param').id)),
  )
  .put('/structures/:id/assignments', validate('param', idParam), validate('json', assignmentBody), async (c) =>
    ok(c, await updateAssignments(tenant(c), c.req.valid('param').id, c.req.valid('json')), {
      message: 'Fee assignments updated successfully',
    }),
  )
  .get('/students/:id', validate('param', idParam), async (c) =>
    ok(c, await studentFees(tenant(c), c.req.valid('param').id)),
  )
  .get('/collections', validate('query', collectionQuery), async (c) => {
    const { collections, total, collected } = await listCollections(tenant(c), c.req.valid('query'));
    return c.json({ success: true, data: collections, total, collected });
  })
  .post('/collections', validate('json', collectionBody), async (c) => {
    const { structureId, instalment, amount, ...payment } = c.req.valid('json');
    const receipt = await recordPayment(tenant(c), { ...payment, items: [{ structureId, instalment, amount }] });
    return created(c, receipt, { message: 'Payment recorded successfully' });
  })
  .get('/receipts', validate('query', receiptQuery), async (c) => {
    const { receipts, total } = await listReceipts(tenant(c), c.req.valid('query'));
    return ok(c, receipts, { total });
  })
  .post('/receipts', validate('json', receiptBody), async (c) =>
    created(c, await recordPayment(tenant(c), c.req.valid('json')), { message: 'Payment recorded successfully' }),
  )
  .get('/receipts/:id', validate('param', idParam), async (c) =>
    ok(c, await getReceipt(tenant(c), c.req.valid('param').id, 'read')),
  )
  .get('/receipts/:id/download', validate('param', idParam), async (c) => {
    const { bytes, filename } = await receiptPdf(tenant(c), c.req.valid('param').id);
    return pdfResponse(filename, bytes);
  })
  .get('/due', validate('query', dueQuery), async (c) => {
    const { dues, total, summary } = await listDues(tenant(c), c.req.valid('query'));
    return c.json({ success: true, data: dues, total, summary });
  })
  .get('/due/export', validate('query', dueQuery), async (c) =>
    csvResponse('fees-due.csv', await duesCsv(tenant(c), c.req.valid('query'))),
  );
