/** Fixed sample figures for the preview; nothing here comes from the server. */

export type AssignmentStatus = 'Active' | 'Completed' | 'Overdue';
export type SubmissionStatus = 'Submitted' | 'Pending' | 'Overdue';
export type TaskStatus = 'Pending' | 'In Progress' | 'Completed';
export const TASK_PRIORITIES = ['Low', 'Medium', 'High'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];

export const SUMMARY = { assignments: 45, pending: 12, completed: 33, overdue: 5 };

export const ASSIGNMENTS: {
  title: string;
  subject: string;
  className: string;
  due: string;
  submitted: number;
  total: number;
  status: AssignmentStatus;
}[] = [
  {
    title: 'Fractions worksheet',
    subject: 'Mathematics',
    className: '6 - A',
    due: '28 Nov',
    submitted: 14,
    total: 20,
    status: 'Active',
  },
  {
    title: 'Essay: My favourite festival',
    subject: 'English',
    className: '7 - B',
    due: '26 Nov',
    submitted: 20,
    total: 20,
    status: 'Completed',
  },
  {
    title: 'Photosynthesis diagram',
    subject: 'Science',
    className: '8 - A',
    due: '22 Nov',
    submitted: 15,
    total: 19,
    status: 'Overdue',
  },
  {
    title: 'Map work: rivers of India',
    subject: 'Geography',
    className: '9 - A',
    due: '2 Dec',
    submitted: 6,
    total: 20,
    status: 'Active',
  },
  {
    title: 'Quadratic equations set',
    subject: 'Mathematics',
    className: '10 - B',
    due: '25 Nov',
    submitted: 20,
    total: 20,
    status: 'Completed',
  },
];

export const TASKS: { title: string; owner: string; due: string; priority: TaskPriority; status: TaskStatus }[] = [
  {
    title: 'Review science project drafts',
    owner: 'Sneha Kulkarni',
    due: '27 Nov',
    priority: 'High',
    status: 'In Progress',
  },
  {
    title: 'Publish holiday homework list',
    owner: 'Rahul Verma',
    due: '30 Nov',
    priority: 'Medium',
    status: 'Pending',
  },
  {
    title: 'Grade unit test answer sheets',
    owner: 'Fatima Sheikh',
    due: '24 Nov',
    priority: 'High',
    status: 'Completed',
  },
  {
    title: 'Update reading list for Class 7',
    owner: 'Anil Deshmukh',
    due: '5 Dec',
    priority: 'Low',
    status: 'Pending',
  },
];

export const SUBMISSIONS: { student: string; assignment: string; submittedOn: string; status: SubmissionStatus }[] = [
  { student: 'Aarav Sharma', assignment: 'Quadratic equations set', submittedOn: '24 Nov', status: 'Submitted' },
  { student: 'Diya Patel', assignment: 'Map work: rivers of India', submittedOn: '—', status: 'Pending' },
  { student: 'Kabir Nair', assignment: 'Photosynthesis diagram', submittedOn: '—', status: 'Overdue' },
  { student: 'Ananya Iyer', assignment: 'Essay: My favourite festival', submittedOn: '25 Nov', status: 'Submitted' },
  { student: 'Vihaan Gupta', assignment: 'Fractions worksheet', submittedOn: '—', status: 'Pending' },
];

export const SUBJECT_COMPLETION: { subject: string; rate: number }[] = [
  { subject: 'Mathematics', rate: 86 },
  { subject: 'English', rate: 92 },
  { subject: 'Science', rate: 74 },
  { subject: 'Geography', rate: 68 },
  { subject: 'Hindi', rate: 81 },
];
