export const STUDENT_TABS = ['overview', 'manage', 'enrollment', 'profiles', 'academic', 'attendance'] as const;
export type StudentsTab = (typeof STUDENT_TABS)[number];

/** What /students keeps in its address: the open tab, the list's filters and whether the enrolment form is open. */
export interface StudentsSearch {
  tab?: StudentsTab;
  /** The search text (name, roll number or email). */
  q?: string;
  classId?: string;
  status?: 'active' | 'inactive';
  /** `?enrol=1` opens the enrolment form (the dashboard's "Add New Student"). */
  enrol?: true;
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' || typeof value === 'number' ? String(value).slice(0, max) : '';

/** The /students route's search, from whatever the address holds; anything unknown is left out. */
export function validateStudentsSearch(search: Record<string, unknown>): StudentsSearch {
  const out: StudentsSearch = {};
  const tab = STUDENT_TABS.find((value) => value === search.tab);
  if (tab) out.tab = tab;
  const q = text(search.q, 100);
  if (q.trim()) out.q = q;
  const classId = text(search.classId, 64);
  if (classId) out.classId = classId;
  if (search.status === 'active' || search.status === 'inactive') out.status = search.status;
  if (search.enrol === true || search.enrol === 1 || search.enrol === '1' || search.enrol === 'true') out.enrol = true;
  return out;
}
