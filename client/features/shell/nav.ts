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
      { to: '/student-progress', label: 'Student Performance Reports', icon: TrendingUp },
      { to: '/student-app-tasks', label: 'Assignments & Homework', icon: ClipboardList },
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
    items: [{ to: '/reports', label: 'Reports', icon: BarChart3 }],
  },
];
