import { Hono } from 'hono';
import { requireAuth } from '../../lib/auth';
import type { HonoEnv } from '../../lib/context';
import { contract } from '../../lib/contract';
import { created, ok } from '../../lib/respond';
import { tenant } from '../../lib/tenancy';
import { idParam, validate } from '../../lib/validate';
import { deleteDocumentAnswer, listDocumentsAnswer, uploadDocumentAnswer } from './answers';
import { ALLOWED_TYPES, attachmentHeader, docParam, jsonUploadBody, type OwnerType, readUpload } from './schemas';
import { deleteDocument, downloadDocument, listDocuments, uploadDocument } from './service';

const admin = requireAuth('school_admin');

/**
 * The documents of one kind of owner, mounted under the owner's path: `.route('/:id/documents',
 * ownerDocumentRoutes('student'))` gives list, upload, download and delete. Administrators only.
 */
export function ownerDocumentRoutes(type: OwnerType) {
  return new Hono<HonoEnv>()
    .get(
      '/',
      contract({ summary: 'List documents', responses: { 200: listDocumentsAnswer } }),
      admin,
      validate('param', idParam),
      async (c) => {
        const list = await listDocuments(tenant(c), { type, id: c.req.valid('param').id });
        return ok(c, list, { total: list.length });
      },
    )
    .post(
      '/',
      contract({
        summary: 'Upload a document (multipart/form-data, field "file")',
        responses: { 201: uploadDocumentAnswer },
        upload: { file: 'A PDF, PNG or JPEG file', types: [...ALLOWED_TYPES], json: jsonUploadBody },
        refuses: ['FILE_UNREADABLE'],
      }),
      admin,
      validate('param', idParam),
      async (c) => {
        const owner = { type, id: c.req.valid('param').id };
        const upload = await readUpload(c.req.raw);
        return created(c, await uploadDocument(tenant(c), owner, upload), {
          message: 'Document uploaded successfully',
        });
      },
    )
    .get(
      '/:docId/download',
      contract({ summary: 'Download a document', responses: { 200: { file: 'any' } } }),
      admin,
      validate('param', docParam),
      async (c) => {
        const { id, docId } = c.req.valid('param');
        const file = await downloadDocument(tenant(c), { type, id }, docId);
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
      '/:docId',
      contract({ summary: 'Delete a document', responses: { 200: deleteDocumentAnswer } }),
      admin,
      validate('param', docParam),
      async (c) => {
        const { id, docId } = c.req.valid('param');
        return ok(c, await deleteDocument(tenant(c), { type, id }, docId), {
          message: 'Document deleted successfully',
        });
      },
    );
}
