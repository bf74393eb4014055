/** Fixed sample figures for the preview; nothing here comes from the server. */

export type ProgressStatus = 'Improving' | 'Stable' | 'Declining';
export const ACTIVITY_TYPES = ['Academic', 'Sports', 'Arts', 'Leadership', 'Community Service'] as const;
export const GOAL_CATEGORIES = ['Academic', 'Personal', 'Career', 'Skills'] as const;
export const GOAL_PRIORITIES = ['Low', 'Medium', 'High'] as const;

export const SUMMARY = { students: 250, averageGpa: 3.8, activities: 45, goalsAchieved: 78 };

export const CLASS_PROGRESS: { className: string; gpa: number; attendance: number; status: ProgressStatus }[] = [
  { className: 'Class 6', gpa: 3.7, attendance: 95, status: 'Improving' },
  { className: 'Class 7', gpa: 3.8, attendance: 93, status: 'Stable' },
  { className: 'Class 8', gpa: 3.6, attendance: 91, status: 'Declining' },
  { className: 'Class 9', gpa: 3.9, attendance: 94, status: 'Improving' },
  { className: 'Class 10', gpa: 4.0, attendance: 96, status: 'Stable' },
];

export const STUDENT_PROGRESS: {
  name: string;
  className: string;
  previous: number;
  current: number;
  status: ProgressStatus;
}[] = [
  { name: 'Aarav Sharma', className: '10 - A', previous: 3.6, current: 3.9, status: 'Improving' },
  { name: 'Diya Patel', className: '9 - B', previous: 3.8, current: 3.8, status: 'Stable' },
  { name: 'Kabir Nair', className: '8 - A', previous: 3.5, current: 3.2, status: 'Declining' },
  { name: 'Ananya Iyer', className: '7 - A', previous: 3.4, current: 3.7, status: 'Improving' },
  { name: 'Vihaan Gupta', className: '6 - B', previous: 3.9, current: 3.9, status: 'Stable' },
  { name: 'Meera Joshi', className: '10 - B', previous: 3.7, current: 4.0, status: 'Improving' },
];

export const ACTIVITIES: {
  title: string;
  type: (typeof ACTIVITY_TYPES)[number];
  participants: number;
  date: string;
}[] = [
  { title: 'Inter-school science quiz', type: 'Academic', participants: 24, date: '12 Nov' },
  { title: 'District football league', type: 'Sports', participants: 18, date: '9 Nov' },
  { title: 'Annual art exhibition', type: 'Arts', participants: 36, date: '4 Nov' },
  { title: 'Student council elections', type: 'Leadership', participants: 12, date: '28 Oct' },
  { title: 'Tree plantation drive', type: 'Community Service', participants: 52, date: '21 Oct' },
];

export const GOALS: {
  title: string;
  student: string;
  category: (typeof GOAL_CATEGORIES)[number];
  priority: (typeof GOAL_PRIORITIES)[number];
  progress: number;
}[] = [
  { title: 'Score 90% in Mathematics', student: 'Kabir Nair', category: 'Academic', priority: 'High', progress: 65 },
  { title: 'Read 12 books this year', student: 'Ananya Iyer', category: 'Personal', priority: 'Medium', progress: 75 },
  { title: 'Shadow a doctor for a week', student: 'Meera Joshi', category: 'Career', priority: 'Low', progress: 40 },
  { title: 'Finish the Python course', student: 'Aarav Sharma', category: 'Skills', priority: 'Medium', progress: 90 },
];

export const REPORTS: { title: string; period: string; scope: string }[] = [
  { title: 'Term 1 progress report', period: 'Apr – Sep', scope: 'All classes' },
  { title: 'Monthly activity summary', period: 'October', scope: 'All classes' },
  { title: 'Goal completion review', period: 'Term 1', scope: 'Classes 9 and 10' },
];
