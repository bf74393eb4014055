/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export {
  CLASH_MEANWHILE,
  clashGuard,
  clashOf,
  type Described,
  describe,
  describeRequested,
  NOT_TAUGHT,
  selectSchedules,
} from './slots';
export { replaceClassTimetable, writeWeek } from './timetable';
