/** What other features may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export type { ParentData, StudentData } from './session';
export { storeFamilySession } from './stored-session';
