/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { DocumentsPanel } from './components/documents-panel';
