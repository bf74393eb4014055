import type { WorkStatus } from './homework-api';

/** The homework page's address: its tab and the homework opened. Apart from the screen, so the route stays light. */
export type HomeworkTab = WorkStatus | 'tasks';
export interface HomeworkSearch {
  tab?: HomeworkTab;
  /** The homework opened. */
  open?: string;
}

const TABS = ['pending', 'submitted', 'returned', 'overdue', 'tasks'] as const satisfies readonly HomeworkTab[];

export function validateHomeworkSearch(search: Record<string, unknown>): HomeworkSearch {
  const tab = TABS.find((each) => each === search.tab);
  const open = typeof search.open === 'string' && /^[\w-]{1,64}$/.test(search.open) ? search.open : undefined;
  return { ...(tab && tab !== 'pending' ? { tab } : {}), ...(open ? { open } : {}) };
}
