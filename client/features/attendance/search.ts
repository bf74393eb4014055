/** Where a register opens: its class, subject and date (the teacher dashboard's 'Take attendance' links). */
export interface RegisterSearch {
  classId?: string;
  subjectId?: string;
  /** YYYY-MM-DD */
  date?: string;
}

export const ATTENDANCE_TABS = ['students', 'employees', 'reports'] as const;
export type AttendanceTab = (typeof ATTENDANCE_TABS)[number];

/** /attendance keeps its tab, class and date in the address, so the register can send the reader back. */
export interface AttendanceSearch {
  tab?: AttendanceTab;
  classId?: string;
  date?: string;
  /** The registers card's filter; absent means the registers not yet taken. */
  registers?: 'taken' | 'all';
}

const idOf = (value: unknown) => (typeof value === 'string' && /^[\w-]{1,64}$/.test(value) ? value : undefined);
const dateOf = (value: unknown) =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value))
    ? value
    : undefined;

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

export function validateRegisterSearch(search: Record<string, unknown>): RegisterSearch {
  return compact({ classId: idOf(search.classId), subjectId: idOf(search.subjectId), date: dateOf(search.date) });
}

export function validateAttendanceSearch(search: Record<string, unknown>): AttendanceSearch {
  const tab = ATTENDANCE_TABS.find((t) => t === search.tab && t !== 'students');
  const registers = search.registers === 'taken' || search.registers === 'all' ? search.registers : undefined;
  return compact({ tab, classId: idOf(search.classId), date: dateOf(search.date), registers });
}
