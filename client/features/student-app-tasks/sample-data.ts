import { t } from '@lingui/core/macro';
import { currentLanguage } from '~/lib/i18n';

/** Fixed sample figures for the preview; nothing here comes from the server. Texts are read at render. */

export type AssignmentStatus = 'active' | 'completed' | 'overdue';
export type SubmissionStatus = 'submitted' | 'pending' | 'overdue';
export type TaskStatus = 'pending' | 'in-progress' | 'completed';
export type TaskPriority = 'low' | 'medium' | 'high';

export const assignmentStatusLabel = (status: AssignmentStatus) =>
  ({ active: t`Active`, completed: t`Completed`, overdue: t`Overdue` })[status];
export const submissionStatusLabel = (status: SubmissionStatus) =>
  ({ submitted: t`Submitted`, pending: t`Pending`, overdue: t`Overdue` })[status];
export const taskStatusLabel = (status: TaskStatus) =>
  ({ pending: t`Pending`, 'in-progress': t`In Progress`, completed: t`Completed` })[status];
export const taskPriorities = (): { value: TaskPriority; label: string }[] => [
  { value: 'low', label: t`Low` },
  { value: 'medium', label: t`Medium` },
  { value: 'high', label: t`High` },
];
export const priorityLabel = (priority: TaskPriority) =>
  taskPriorities().find((option) => option.value === priority)?.label ?? priority;

export const SUMMARY = { assignments: 45, pending: 12, completed: 33, overdue: 5 };

export const count = (value: number) => new Intl.NumberFormat(currentLanguage()).format(value);
const section = (grade: number, letter: string) => `${count(grade)} - ${letter}`;
// The sample school is Indian: its English dates are written day first, as it would print them.
const day = (month: number, date: number) =>
  new Intl.DateTimeFormat(currentLanguage() === 'en' ? 'en-IN' : currentLanguage(), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(Date.UTC(2025, month - 1, date));

// People's names stay as they are written, whatever the language.
const PEOPLE = {
  aarav: 'Aarav Sharma', // i18n-ignore
  diya: 'Diya Patel', // i18n-ignore
  kabir: 'Kabir Nair', // i18n-ignore
  ananya: 'Ananya Iyer', // i18n-ignore
  vihaan: 'Vihaan Gupta', // i18n-ignore
  sneha: 'Sneha Kulkarni', // i18n-ignore
  rahul: 'Rahul Verma', // i18n-ignore
  fatima: 'Fatima Sheikh', // i18n-ignore
  anil: 'Anil Deshmukh', // i18n-ignore
};

const subjects = () => ({
  mathematics: t`Mathematics`,
  english: t`English`,
  science: t`Science`,
  geography: t`Geography`,
  hindi: t`Hindi`,
});

const titles = () => ({
  fractions: t`Fractions worksheet`,
  essay: t`Essay: My favourite festival`,
  photosynthesis: t`Photosynthesis diagram`,
  rivers: t`Map work: rivers of India`,
  quadratics: t`Quadratic equations set`,
});

export interface SampleAssignment {
  title: string;
  subject: string;
  className: string;
  due: string;
  submitted: number;
  total: number;
  status: AssignmentStatus;
}

export const assignments = (): SampleAssignment[] => {
  const title = titles();
  const subject = subjects();
  return [
    {
      title: title.fractions,
      subject: subject.mathematics,
      className: section(6, 'A'),
      due: day(11, 28),
      submitted: 14,
      total: 20,
      status: 'active',
    },
    {
      title: title.essay,
      subject: subject.english,
      className: section(7, 'B'),
      due: day(11, 26),
      submitted: 20,
      total: 20,
      status: 'completed',
    },
    {
      title: title.photosynthesis,
      subject: subject.science,
      className: section(8, 'A'),
      due: day(11, 22),
      submitted: 15,
      total: 19,
      status: 'overdue',
    },
    {
      title: title.rivers,
      subject: subject.geography,
      className: section(9, 'A'),
      due: day(12, 2),
      submitted: 6,
      total: 20,
      status: 'active',
    },
    {
      title: title.quadratics,
      subject: subject.mathematics,
      className: section(10, 'B'),
      due: day(11, 25),
      submitted: 20,
      total: 20,
      status: 'completed',
    },
  ];
};

export const tasks = (): {
  title: string;
  owner: string;
  due: string;
  priority: TaskPriority;
  status: TaskStatus;
}[] => {
  const seven = count(7);
  return [
    {
      title: t`Review science project drafts`,
      owner: PEOPLE.sneha,
      due: day(11, 27),
      priority: 'high',
      status: 'in-progress',
    },
    {
      title: t`Publish holiday homework list`,
      owner: PEOPLE.rahul,
      due: day(11, 30),
      priority: 'medium',
      status: 'pending',
    },
    {
      title: t`Grade unit test answer sheets`,
      owner: PEOPLE.fatima,
      due: day(11, 24),
      priority: 'high',
      status: 'completed',
    },
    {
      title: t`Update reading list for Class ${seven}`,
      owner: PEOPLE.anil,
      due: day(12, 5),
      priority: 'low',
      status: 'pending',
    },
  ];
};

export const submissions = (): {
  student: string;
  assignment: string;
  submittedOn: string;
  status: SubmissionStatus;
}[] => {
  const title = titles();
  return [
    { student: PEOPLE.aarav, assignment: title.quadratics, submittedOn: day(11, 24), status: 'submitted' },
    { student: PEOPLE.diya, assignment: title.rivers, submittedOn: '—', status: 'pending' },
    { student: PEOPLE.kabir, assignment: title.photosynthesis, submittedOn: '—', status: 'overdue' },
    { student: PEOPLE.ananya, assignment: title.essay, submittedOn: day(11, 25), status: 'submitted' },
    { student: PEOPLE.vihaan, assignment: title.fractions, submittedOn: '—', status: 'pending' },
  ];
};

export const subjectCompletion = (): { subject: string; rate: number }[] => {
  const subject = subjects();
  return [
    { subject: subject.mathematics, rate: 86 },
    { subject: subject.english, rate: 92 },
    { subject: subject.science, rate: 74 },
    { subject: subject.geography, rate: 68 },
    { subject: subject.hindi, rate: 81 },
  ];
};
