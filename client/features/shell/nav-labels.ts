/** The menu's screens and their labels, without the icons, so a route's page title costs the entry nothing. */
export const navLabels = {
  '/dashboard': 'Dashboard',
  '/classes': 'Classroom Management',
  '/attendance': 'Attendance Management',
  '/important-dates': 'Important Dates',
  '/students': 'Student Records',
  '/student-progress': 'Student Performance Reports',
  '/student-app-tasks': 'Assignments & Homework',
  '/employees': 'Employee Management',
  '/fees': 'Fees',
  '/reports': 'Reports',
  '/settings': 'Settings',
} as const;

export type NavPath = keyof typeof navLabels;

/** The page title a screen of the menu carries, in the tab and its heading alike: the menu's own label. */
export function pageTitle(to: NavPath): string {
  return `${navLabels[to]} · School Portal`;
}
