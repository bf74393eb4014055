/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { StudentFeesCard } from './components/student-fees-card';
