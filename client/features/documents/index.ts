/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { ALLOWED_UPLOADS, formatSize, uploadProblem } from './api';
export { DocumentsPanel } from './components/documents-panel';
