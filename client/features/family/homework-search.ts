import type { WorkStatus } from './homework-api';

/** The homework page's address: its tab and the homework opened. Apart from the screen, so the route stays light. */
export type HomeworkTab = WorkStatus | 'tasks';
export interface HomeworkSearch {
  tab?: HomeworkTab;
  /** The homework opened. */
  open?: string;
}

/** A child's homework by where it stands: the page's first tabs, in order. */
export const WORK_STATUSES = ['pending', 'submitted', 'returned', 'overdue'] as const satisfies readonly WorkStatus[];
/** The page's tabs: the homework's, then the child's own tasks. */
const HOMEWORK_TABS: readonly HomeworkTab[] = [...WORK_STATUSES, 'tasks'];

export function validateHomeworkSearch(search: Record<string, unknown>): HomeworkSearch {
  const tab = HOMEWORK_TABS.find((each) => each === search.tab);
  const open = typeof search.open === 'string' && /^[\w-]{1,64}$/.test(search.open) ? search.open : undefined;
  return { ...(tab && tab !== 'pending' ? { tab } : {}), ...(open ? { open } : {}) };
}
