import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  CalendarCheck,
  CalendarDays,
  ClipboardList,
  GraduationCap,
  LayoutDashboard,
  Mail,
  NotebookPen,
  School,
  Settings,
  TrendingUp,
  Users,
  Wallet,
} from 'lucide-react';
import { type NavPath, navLabels } from './nav-labels';

export interface NavLinkItem {
  to: NavPath;
  /** Worded where it is shown (`i18n._`), in the language chosen then. */
  label: MessageDescriptor;
  icon: LucideIcon;
  /** A screen of sample data only, not yet the school's own: the menu marks it "Preview". */
  preview?: boolean;
}

export interface NavGroup {
  id: string;
  label: MessageDescriptor;
  items: NavLinkItem[];
}

export const dashboardLink: NavLinkItem = { to: '/dashboard', label: navLabels['/dashboard'], icon: LayoutDashboard };
/** Shown on its own below the groups. */
export const settingsLink: NavLinkItem = { to: '/settings', label: navLabels['/settings'], icon: Settings };

/** The side menu's groups, in the spec's order; all open by default. */
export const navGroups: NavGroup[] = [
  {
    id: 'campus',
    label: msg`Campus Management`,
    items: [
      { to: '/classes', label: navLabels['/classes'], icon: School },
      { to: '/attendance', label: navLabels['/attendance'], icon: CalendarCheck },
      { to: '/marks', label: navLabels['/marks'], icon: NotebookPen },
      { to: '/important-dates', label: navLabels['/important-dates'], icon: CalendarDays },
      { to: '/messages', label: navLabels['/messages'], icon: Mail },
    ],
  },
  {
    id: 'students',
    label: msg`Student Management`,
    items: [
      { to: '/students', label: navLabels['/students'], icon: GraduationCap },
      { to: '/student-progress', label: navLabels['/student-progress'], icon: TrendingUp },
      { to: '/student-app-tasks', label: navLabels['/student-app-tasks'], icon: ClipboardList },
    ],
  },
  {
    id: 'hr',
    label: msg`HR and Administration`,
    items: [
      { to: '/employees', label: navLabels['/employees'], icon: Users },
      { to: '/fees', label: navLabels['/fees'], icon: Wallet },
    ],
  },
  {
    id: 'analytics',
    label: msg`Analytics and Reporting`,
    items: [{ to: '/reports', label: navLabels['/reports'], icon: BarChart3 }],
  },
];
