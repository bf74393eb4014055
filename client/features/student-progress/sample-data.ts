import { t } from '@lingui/core/macro';
import { currentLanguage } from '~/lib/i18n';

/** Fixed sample figures for the preview; nothing here comes from the server. Texts are read at render. */

export type ProgressStatus = 'improving' | 'stable' | 'declining';
export type ActivityType = 'academic' | 'sports' | 'arts' | 'leadership' | 'community';
export type GoalCategory = 'academic' | 'personal' | 'career' | 'skills';
export type GoalPriority = 'low' | 'medium' | 'high';

export const statusLabel = (status: ProgressStatus) =>
  ({ improving: t`Improving`, stable: t`Stable`, declining: t`Declining` })[status];
export const activityTypeLabel = (type: ActivityType) =>
  ({
    academic: t`Academic`,
    sports: t`Sports`,
    arts: t`Arts`,
    leadership: t`Leadership`,
    community: t`Community Service`,
  })[type];
export const goalCategories = (): { value: GoalCategory; label: string }[] => [
  { value: 'academic', label: t`Academic` },
  { value: 'personal', label: t`Personal` },
  { value: 'career', label: t`Career` },
  { value: 'skills', label: t`Skills` },
];
export const goalPriorities = (): { value: GoalPriority; label: string }[] => [
  { value: 'low', label: t`Low` },
  { value: 'medium', label: t`Medium` },
  { value: 'high', label: t`High` },
];

export const SUMMARY = { students: 250, averageGpa: 3.8, activities: 45, goalsAchieved: 78 };

export const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
export const gpa = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(value);
export const percent = (value: number) =>
  new Intl.NumberFormat(currentLanguage(), { style: 'percent' }).format(value / 100);
export const className = (grade: number) => {
  const n = count(grade);
  return t`Class ${n}`;
};
const section = (grade: number, letter: string) => `${count(grade)} - ${letter}`;
// The sample school is Indian: its English dates are written day first, as it would print them.
const day = (month: number, date: number) =>
  new Intl.DateTimeFormat(currentLanguage() === 'en' ? 'en-IN' : currentLanguage(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(Date.UTC(2025, month - 1, date));
const monthName = (month: number, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(currentLanguage(), { month: width, timeZone: 'UTC' }).format(Date.UTC(2025, month - 1, 1));

export const classProgress = (): {
  className: string;
  gpa: number;
  attendance: number;
  status: ProgressStatus;
}[] => [
  { className: className(6), gpa: 3.7, attendance: 95, status: 'improving' },
  { className: className(7), gpa: 3.8, attendance: 93, status: 'stable' },
  { className: className(8), gpa: 3.6, attendance: 91, status: 'declining' },
  { className: className(9), gpa: 3.9, attendance: 94, status: 'improving' },
  { className: className(10), gpa: 4.0, attendance: 96, status: 'stable' },
];

// People's names stay as they are written, whatever the language.
const PEOPLE = {
  aarav: 'Aarav Sharma', // i18n-ignore
  diya: 'Diya Patel', // i18n-ignore
  kabir: 'Kabir Nair', // i18n-ignore
  ananya: 'Ananya Iyer', // i18n-ignore
  vihaan: 'Vihaan Gupta', // i18n-ignore
  meera: 'Meera Joshi', // i18n-ignore
};

export const studentProgress = (): {
  name: string;
  className: string;
  previous: number;
  current: number;
  status: ProgressStatus;
}[] => [
  { name: PEOPLE.aarav, className: section(10, 'A'), previous: 3.6, current: 3.9, status: 'improving' },
  { name: PEOPLE.diya, className: section(9, 'B'), previous: 3.8, current: 3.8, status: 'stable' },
  { name: PEOPLE.kabir, className: section(8, 'A'), previous: 3.5, current: 3.2, status: 'declining' },
  { name: PEOPLE.ananya, className: section(7, 'A'), previous: 3.4, current: 3.7, status: 'improving' },
  { name: PEOPLE.vihaan, className: section(6, 'B'), previous: 3.9, current: 3.9, status: 'stable' },
  { name: PEOPLE.meera, className: section(10, 'B'), previous: 3.7, current: 4.0, status: 'improving' },
];

export const activities = (): { title: string; type: ActivityType; participants: number; date: string }[] => [
  { title: t`Inter-school science quiz`, type: 'academic', participants: 24, date: day(11, 12) },
  { title: t`District football league`, type: 'sports', participants: 18, date: day(11, 9) },
  { title: t`Annual art exhibition`, type: 'arts', participants: 36, date: day(11, 4) },
  { title: t`Student council elections`, type: 'leadership', participants: 12, date: day(10, 28) },
  { title: t`Tree plantation drive`, type: 'community', participants: 52, date: day(10, 21) },
];

export const goals = (): {
  title: string;
  student: string;
  category: GoalCategory;
  priority: GoalPriority;
  progress: number;
}[] => [
  {
    title: t`Score 90% in Mathematics`,
    student: PEOPLE.kabir,
    category: 'academic',
    priority: 'high',
    progress: 65,
  },
  {
    title: t`Read 12 books this year`,
    student: PEOPLE.ananya,
    category: 'personal',
    priority: 'medium',
    progress: 75,
  },
  {
    title: t`Shadow a doctor for a week`,
    student: PEOPLE.meera,
    category: 'career',
    priority: 'low',
    progress: 40,
  },
  {
    title: t`Finish the Python course`,
    student: PEOPLE.aarav,
    category: 'skills',
    priority: 'medium',
    progress: 90,
  },
];

export const progressReports = (): { title: string; period: string; scope: string }[] => {
  const from = monthName(4, 'short');
  const to = monthName(9, 'short');
  const nine = count(9);
  const ten = count(10);
  return [
    { title: t`Term 1 progress report`, period: t`${from} – ${to}`, scope: t`All classes` },
    { title: t`Monthly activity summary`, period: monthName(10, 'long'), scope: t`All classes` },
    { title: t`Goal completion review`, period: t`Term 1`, scope: t`Classes ${nine} and ${ten}` },
  ];
};
