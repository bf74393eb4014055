export const CLASSROOM_TABS = ['overview', 'classes', 'students', 'teachers', 'schedule', 'subjects'] as const;
export type ClassroomTab = (typeof CLASSROOM_TABS)[number];

export interface ClassesSearch {
  tab?: ClassroomTab;
}

/** The /classes route's search: the open tab (an unknown one opens the overview). */
export function validateClassesSearch(search: Record<string, unknown>): ClassesSearch {
  if (search.tab === undefined) return {};
  return { tab: CLASSROOM_TABS.find((value) => value === search.tab) ?? 'overview' };
}
