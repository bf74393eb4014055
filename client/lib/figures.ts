import type { z } from 'zod';
import type { dashboardSummaryAnswer } from '../../worker/modules/dashboard/answers';
import type { feeFigures } from '../../worker/modules/fees/answers';
import type { Data } from './answers';

/**
 * The figures that more than one screen shows, and the words that say what each counts, so the dashboard,
 * the attendance screen and the fees screen word them alike (README, "What the figures count").
 */

/** The fee figures over every fee of each active student's class (`feeFigures` on the server). */
export type FeeFigures = Pick<
  z.output<typeof feeFigures>,
  'billed' | 'collected' | 'outstanding' | 'unpaidFees' | 'studentsOwing' | 'studentsBilled'
>;

/** One day's active students by attendance (`dayFigures` on the server): present + absent + excused + notMarked. */
export type DayFigures = Data<typeof dashboardSummaryAnswer>['attendanceTrend'][number];

const n = (value: number) => value.toLocaleString();
const plural = (value: number, one: string, many: string) => `${n(value)} ${value === 1 ? one : many}`;

export const captions = {
  activeStudents: (day: Pick<DayFigures, 'marked' | 'notMarked'>) =>
    `${n(day.marked)} marked today, ${n(day.notMarked)} not marked yet`,
  present: (day: Pick<DayFigures, 'late'>) => `Attended at least one period (${n(day.late)} late)`,
  absent: (day: Pick<DayFigures, 'excused'>) =>
    `Absent from every marked period; ${plural(day.excused, 'student', 'students')} excused`,
  rate: 'Present of students present or absent',
  collected: (money: (value: number) => string, fees: FeeFigures) =>
    `Paid of ${money(fees.billed)} billed; ${money(fees.outstanding)} owed by ${plural(fees.studentsOwing, 'student', 'students')}`,
  billed: (fees: FeeFigures) =>
    `This year's fees owed by ${plural(fees.studentsBilled, 'active student', 'active students')}`,
  collectedOfBilled: 'Paid towards those fees',
  outstanding: (fees: FeeFigures) => `${plural(fees.unpaidFees, 'fee', 'fees')} (instalments) with a balance left`,
  studentsOwing: 'Active students with a balance left',
};
