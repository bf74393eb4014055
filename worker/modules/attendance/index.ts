/** What other modules may use of this one; the rest is its own (`scripts/check-layers.ts`). */
export {
  dayFigures,
  lastSchoolDays,
  studentsByDay,
  yearAttendance,
  yearAttendanceOut,
  yearClasses,
} from './day-figures';
export { type MarkRow, markRowInserts } from './marks';
export { studentAttendanceOf } from './queries';
export { classWithAccess, readable, readableClassSql, rollOrder, studentMarksWhere } from './records';
export { markForStudent } from './service';
export { registerOfSlot, weekDates, weekRegisters } from './week-registers';
