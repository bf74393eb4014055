/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { type MarksSource, useMarkChoices } from './choices';
export { MarksPickers } from './components/marks-pickers';
