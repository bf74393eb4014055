/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */

export { callerTeachesSubject, mayManage } from './access';
export { assessmentWrites, guarded as gradebookWrite, type NewAssessment } from './assessments';
export { publishedResults } from './publish';
export { reportCardData } from './report-card-data';
export { reportCardFile } from './report-cards';
export {
  assembleResults,
  type ClassResults,
  markSums,
  type ResultRows,
  resultStatements,
  round1,
  termPick,
} from './results';
export { isForeignKeyViolation, marksUpsert } from './sheet';
export { bandsOf } from './terms';
