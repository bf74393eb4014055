/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { ownerDocumentRoutes } from './routes';
export { ALLOWED_TYPES, attachmentHeader, checkUpload, jsonUploadBody, readUpload, type Upload } from './schemas';
export { deleteOwnerDocuments, ownerDocumentKeys, removeStoredFiles } from './service';
