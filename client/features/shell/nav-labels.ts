import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { i18n } from '~/lib/i18n';

/** The menu's screens and their labels, without the icons, so a route's page title costs the entry nothing. */
export const navLabels = {
  '/dashboard': msg`Dashboard`,
  '/classes': msg`Classroom Management`,
  '/attendance': msg`Attendance Management`,
  '/marks': msg`Marks`,
  '/important-dates': msg`Important Dates`,
  '/messages': msg`Messages`,
  '/students': msg`Student Records`,
  '/student-progress': msg`Student Performance Reports`,
  '/student-app-tasks': msg`Assignments & Homework`,
  '/employees': msg`Employee Management`,
  '/fees': msg`Fees`,
  '/reports': msg`Reports`,
  '/settings': msg`Settings`,
} satisfies Record<string, MessageDescriptor>;

export type NavPath = keyof typeof navLabels;

/** The page title a screen of the menu carries, in the tab and its heading alike: the menu's own label. */
export function pageTitle(to: NavPath): string {
  const label = i18n._(navLabels[to]);
  return t`${label} · School Portal`;
}
