import { z } from 'zod';
import { list, ref, success } from '../../lib/answer-shapes';
import { ALLOWED_TYPES } from './schemas';

// The answers of the document calls, the same under every owner (students, teachers).
export const storedDocument = z.strictObject({
  _id: z.string(),
  name: z.string(),
  contentType: z.enum(ALLOWED_TYPES),
  size: z.number().int(),
  ownerType: z.enum(['student', 'teacher']),
  ownerId: z.string(),
  uploadedBy: ref.nullable(),
  createdAt: z.string(),
});

export const listDocumentsAnswer = list(storedDocument);
export const uploadDocumentAnswer = success(storedDocument);
export const deleteDocumentAnswer = success(z.strictObject({ _id: z.string() }));
