/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { useCurrency } from './components/pickers';
export { StudentFeesCard } from './components/student-fees-card';
