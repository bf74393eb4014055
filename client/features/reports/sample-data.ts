import { t } from '@lingui/core/macro';
import { currentLanguage } from '~/lib/i18n';

/** Fixed sample figures for the preview; nothing here comes from the server. Texts are read at render. */

export const SUMMARY = { reports: 24, students: 450, attendance: 92, feesCollected: 1_245_000 };
export const SAMPLE_CURRENCY = 'INR';

/** June to November, as the chosen language names its months. */
export const months = () => {
  const format = new Intl.DateTimeFormat(currentLanguage(), { month: 'short', timeZone: 'UTC' });
  return [5, 6, 7, 8, 9, 10].map((month) => format.format(Date.UTC(2025, month, 1)));
};
export const ATTENDANCE_BY_MONTH = [93.1, 91.8, 92.6, 90.4, 92.9, 93.5];
export const FEES_BY_MONTH = [310_000, 142_000, 168_000, 205_000, 176_000, 244_000];
export const STUDENTS_BY_GRADE: [number, number][] = [
  [6, 96],
  [7, 92],
  [8, 88],
  [9, 90],
  [10, 84],
];

// The sample school is Indian: its English figures are written the Indian way (lakhs), as it would print them.
const sampleLocale = () => (currentLanguage() === 'en' ? 'en-IN' : currentLanguage());
const rupees = (amount: number) =>
  new Intl.NumberFormat(sampleLocale(), {
    style: 'currency',
    currency: SAMPLE_CURRENCY,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amount);
const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(value / 100);
const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
// A true minus sign, as a printed report writes a fall.
const change = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { signDisplay: 'always', minimumFractionDigits: 1 })
    .format(value)
    .replace('-', '−');
export const className = (grade: number) => {
  const n = count(grade);
  return t`Class ${n}`;
};
const section = (grade: number, letter: string) => `${count(grade)} - ${letter}`;
const term1 = () => t`Term 1`;

// People's names stay as they are written, whatever the language.
const PEOPLE = {
  aarav: 'Aarav Sharma', // i18n-ignore
  diya: 'Diya Patel', // i18n-ignore
  kabir: 'Kabir Nair', // i18n-ignore
  ananya: 'Ananya Iyer', // i18n-ignore
  vihaan: 'Vihaan Gupta', // i18n-ignore
  meera: 'Meera Joshi', // i18n-ignore
  rohit: 'Rohit Sharma', // i18n-ignore
  neha: 'Neha Sharma', // i18n-ignore
  kiran: 'Kiran Patel', // i18n-ignore
  pooja: 'Pooja Patel', // i18n-ignore
  suresh: 'Suresh Nair', // i18n-ignore
  lakshmi: 'Lakshmi Nair', // i18n-ignore
  sneha: 'Sneha Kulkarni', // i18n-ignore
  rahul: 'Rahul Verma', // i18n-ignore
  anil: 'Anil Deshmukh', // i18n-ignore
};

export interface SampleReport {
  id: string;
  label: string;
  title: string;
  /** The sample table's caption. */
  caption: string;
  description: string;
  columns: string[];
  /** The last column is numeric when `numericLast` is set. */
  rows: string[][];
  numericLast?: boolean;
}

export const reports = (): SampleReport[] => [
  {
    id: 'report-card',
    label: t`Students Report Card`,
    title: t`Student report cards`,
    caption: t`Sample rows of the student report cards report`,
    description: t`Marks and grades per subject for each student, per term.`,
    columns: [t`Student`, t`Class`, t`Term`, t({ message: 'Grade', context: 'a mark such as A or B+' }), t`Percentage`],
    rows: [
      [PEOPLE.aarav, section(10, 'A'), term1(), 'A1', percent(94.2)],
      [PEOPLE.diya, section(9, 'B'), term1(), 'A2', percent(88.6)],
      [PEOPLE.kabir, section(8, 'A'), term1(), 'B1', percent(79.4)],
    ],
    numericLast: true,
  },
  {
    id: 'students-info',
    label: t`Students Info Report`,
    title: t`Student information`,
    caption: t`Sample rows of the student information report`,
    description: t`Admission details, contact information and class of every student.`,
    columns: [t`Student`, t`Admission no.`, t`Class`, t`Phone`],
    rows: [
      [PEOPLE.ananya, 'ADM2024051', section(7, 'A'), '+91 98220 10001'],
      [PEOPLE.vihaan, 'ADM2024032', section(6, 'B'), '+91 98220 10002'],
      [PEOPLE.meera, 'ADM2024188', section(10, 'B'), '+91 98220 10003'],
    ],
  },
  {
    id: 'parents-info',
    label: t`Parents Info Report`,
    title: t`Parent information`,
    caption: t`Sample rows of the parent information report`,
    description: t`Parents and guardians of each student with their contact details.`,
    columns: [t`Student`, t`Father`, t`Mother`, t`Phone`],
    rows: [
      [PEOPLE.aarav, PEOPLE.rohit, PEOPLE.neha, '+91 98220 20001'],
      [PEOPLE.diya, PEOPLE.kiran, PEOPLE.pooja, '+91 98220 20002'],
      [PEOPLE.kabir, PEOPLE.suresh, PEOPLE.lakshmi, '+91 98220 20003'],
    ],
  },
  {
    id: 'student-attendance',
    label: t`Students Monthly Attendance Report`,
    title: t`Monthly student attendance`,
    caption: t`Sample rows of the monthly student attendance report`,
    description: t`Days present, absent and late per student for a month.`,
    columns: [t`Student`, t`Present`, t`Absent`, t`Late`, t`Rate`],
    rows: [
      [PEOPLE.aarav, count(22), count(1), count(0), percent(95.7)],
      [PEOPLE.diya, count(21), count(2), count(1), percent(91.3)],
      [PEOPLE.kabir, count(19), count(4), count(2), percent(82.6)],
    ],
    numericLast: true,
  },
  {
    id: 'staff-attendance',
    label: t`Staff Monthly Attendance Report`,
    title: t`Monthly staff attendance`,
    caption: t`Sample rows of the monthly staff attendance report`,
    description: t`Attendance of teachers and staff for a month.`,
    columns: [t`Employee`, t`Role`, t`Present`, t`Leave`, t`Rate`],
    rows: [
      [PEOPLE.sneha, t`Teacher`, count(24), count(1), percent(96)],
      [PEOPLE.rahul, t`Teacher`, count(25), count(0), percent(100)],
      [PEOPLE.anil, t`Accountant`, count(23), count(2), percent(92)],
    ],
    numericLast: true,
  },
  {
    id: 'fee-collection',
    label: t`Fee Collection Report`,
    title: t`Fee collection`,
    caption: t`Sample rows of the fee collection report`,
    description: t`Fees collected per class and category over a period.`,
    columns: [t`Class`, t`Category`, t`Payments`, t`Collected`],
    rows: [
      [className(6), t`Tuition Fee`, count(38), rupees(456_000)],
      [className(8), t`Transport Fee`, count(21), rupees(37_800)],
      [className(10), t`Exam Fee`, count(40), rupees(60_000)],
    ],
    numericLast: true,
  },
  {
    id: 'progress',
    label: t`Student Progress Report`,
    title: t`Student progress`,
    caption: t`Sample rows of the student progress report`,
    description: t`How each student’s results changed from one term to the next.`,
    columns: [t`Student`, t`Last term`, t`This term`, t`Change`],
    rows: [
      [PEOPLE.ananya, percent(78), percent(84.5), change(6.5)],
      [PEOPLE.kabir, percent(82.1), percent(79.4), change(-2.7)],
      [PEOPLE.meera, percent(88), percent(93.2), change(5.2)],
    ],
    numericLast: true,
  },
  {
    id: 'accounts',
    label: t`Accounts Report`,
    title: t`Accounts`,
    caption: t`Sample rows of the accounts report`,
    description: t`Income and expenses of the school by head of account.`,
    columns: [t`Head`, t`Type`, t`Amount`],
    rows: [
      [t`Fees`, t`Income`, rupees(1_245_000)],
      [t`Salaries`, t`Expense`, rupees(810_000)],
      [t`Maintenance`, t`Expense`, rupees(96_500)],
    ],
    numericLast: true,
  },
];

export const reportTypes = () => [
  { value: 'student', label: t`Student` },
  { value: 'attendance', label: t`Attendance` },
  { value: 'financial', label: t`Financial` },
  { value: 'performance', label: t`Performance` },
];
export const dateRanges = () => [
  { value: '7-days', label: t`Last 7 days` },
  { value: '30-days', label: t`Last 30 days` },
  { value: '3-months', label: t`Last 3 months` },
  { value: 'custom', label: t`Custom Range` },
];
// i18n-ignore: file formats' own names.
export const FORMATS = ['PDF', 'Excel', 'CSV'].map((value) => ({ value, label: value }));
