export const EMPLOYEE_TABS = ['overview', 'add-teachers', 'teacher-mgmt', 'profiles', 'attendance', 'staff'] as const;
export type EmployeesTab = (typeof EMPLOYEE_TABS)[number];

export interface EmployeesSearch {
  tab?: EmployeesTab;
}

/** The /employees route's search: the open tab. */
export function validateEmployeesSearch(search: Record<string, unknown>): EmployeesSearch {
  const tab = EMPLOYEE_TABS.find((value) => value === search.tab);
  return tab ? { tab } : {};
}
