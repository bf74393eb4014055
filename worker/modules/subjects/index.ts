/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export { assignSubjectsToClass } from './allocation';
export { subjectsOfClass } from './queries';
