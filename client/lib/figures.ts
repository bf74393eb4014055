import { plural, t } from '@lingui/core/macro';
import type { z } from 'zod';
import type { dashboardSummaryAnswer } from '../../worker/modules/dashboard/answers';
import type { feeFigures } from '../../worker/modules/fees/answers';
import type { Data } from './answers';
import { currentLanguage } from './i18n';

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

const n = (value: number) => value.toLocaleString(currentLanguage());

// Getters and functions, so each caption is worded when shown, in the language chosen then.
export const captions = {
  activeStudents: (day: Pick<DayFigures, 'marked' | 'notMarked'>) =>
    t`${n(day.marked)} marked today, ${n(day.notMarked)} not marked yet`,
  present: (day: Pick<DayFigures, 'late'>) => t`Attended at least one period (${n(day.late)} late)`,
  absent: (day: Pick<DayFigures, 'excused'>) =>
    plural(day.excused, {
      one: 'Absent from every marked period; # student excused',
      other: 'Absent from every marked period; # students excused',
    }),
  get rate() {
    return t`Present of students present or absent`;
  },
  collected: (money: (value: number) => string, fees: FeeFigures) => {
    const billed = money(fees.billed);
    const owed = money(fees.outstanding);
    return plural(fees.studentsOwing, {
      one: `Paid of ${billed} billed; ${owed} owed by # student`,
      other: `Paid of ${billed} billed; ${owed} owed by # students`,
    });
  },
  /** Past years' instalments still owed, which the fee figures include: "incl. ₹1,900.00 arrears from 2026-2027". */
  arrears: (money: (value: number) => string, arrears: { academicYear: string; outstanding: number }[]) => {
    if (!arrears.length) return null;
    const amount = money(arrears.reduce((sum, a) => sum + a.outstanding, 0));
    const years = arrears.map((a) => a.academicYear).join(', ');
    return t`incl. ${amount} arrears from ${years}`;
  },
  /** `year`: a past year looked at (null: the current year). */
  billed: (fees: FeeFigures, year: string | null = null) =>
    year
      ? plural(fees.studentsBilled, {
          one: `The fees of ${year}, billed to # student`,
          other: `The fees of ${year}, billed to # students`,
        })
      : plural(fees.studentsBilled, {
          one: "This year's fees owed by # active student",
          other: "This year's fees owed by # active students",
        }),
  get collectedOfBilled() {
    return t`Paid towards those fees`;
  },
  outstanding: (fees: FeeFigures) =>
    plural(fees.unpaidFees, {
      one: '# fee (instalments) with a balance left',
      other: '# fees (instalments) with a balance left',
    }),
  get studentsOwing() {
    return t`Active students with a balance left`;
  },
};
