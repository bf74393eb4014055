/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { receiptPdf } from './documents';
export {
  arrearsFigures,
  feeFigures,
  feeFiguresOut,
  owedLabel,
  owedRows,
  yearFeeFigures,
  yearStructures,
} from './owed';
