import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  CalendarCheck,
  CalendarDays,
  ClipboardList,
  GraduationCap,
  LayoutDashboard,
  School,
  Settings,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';

export interface NavLinkItem {
  to:
    | '/dashboard'
    | '/classes'
    | '/attendance'
    | '/important-dates'
    | '/students'
    | '/student-progress'
    | '/student-app-tasks'
    | '/employees'
    | '/fees'
    | '/reports'
    | '/settings';
  label: string;
  icon: LucideIcon;
  /** A screen of sample data only, not yet the school's own: the menu marks it "Preview". */
  preview?: boolean;
}

export interface NavGroup {
  id: string;
  label: string;
  items: NavLinkItem[];
}

export const dashboardLink: NavLinkItem = { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard };
/** Shown on its own below the groups. */
export const settingsLink: NavLinkItem = { to: '/settings', label: 'Settings', icon: Settings };

/** The side menu's groups, in the spec's order; all open by default. */
export const navGroups: NavGroup[] = [
  {
    id: 'campus',
    label: 'Campus Management',
    items: [
      { to: '/classes', label: 'Classroom Management', icon: School },
      { to: '/attendance', label: 'Attendance Management', icon: CalendarCheck },
      { to: '/important-dates', label: 'Important Dates', icon: CalendarDays },
    ],
  },
  {
    id: 'students',
    label: 'Student Management',
    items: [
      { to: '/students', label: 'Student Records', icon: GraduationCap },
      { to: '/student-progress', label: 'Student Performance Reports', icon: TrendingUp, preview: true },
      { to: '/student-app-tasks', label: 'Assignments & Homework', icon: ClipboardList, preview: true },
    ],
  },
  {
    id: 'hr',
    label: 'HR and Administration',
    items: [
      { to: '/employees', label: 'Employee Management', icon: Users },
      { to: '/fees', label: 'Fees', icon: Wallet },
    ],
  },
  {
    id: 'analytics',
    label: 'Analytics and Reporting',
    items: [{ to: '/reports', label: 'Reports', icon: BarChart3, preview: true }],
  },
];

/** The page title a screen of the menu carries, in the tab and its heading alike: the menu's own label. */
export function pageTitle(to: NavLinkItem['to']): string {
  const item = [dashboardLink, settingsLink, ...navGroups.flatMap((group) => group.items)].find((i) => i.to === to);
  return `${item?.label ?? 'School Portal'} · School Portal`;
}
