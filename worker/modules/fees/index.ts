/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { receiptPdf } from './documents';
export { feeFigures, feeFiguresOut, owedRows } from './owed';
