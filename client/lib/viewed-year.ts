import { STORAGE_KEYS, storage } from './storage';

// Plain storage, no React: the API client reads it, and the sign-in pages load the API client.

/**
 * The school year an administrator looks at, when it is not the current one (null: the current year). It is kept on
 * the device with the school it belongs to, so a reload or another tab keeps it and another school never inherits it.
 */
interface Viewed {
  schoolId: string;
  year: string;
}

const listeners = new Set<() => void>();
let viewed: Viewed | null = read();

function read(): Viewed | null {
  try {
    const value = JSON.parse(storage.get(STORAGE_KEYS.viewedYear) ?? 'null') as Viewed | null;
    return value && typeof value.year === 'string' && typeof value.schoolId === 'string' ? value : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== STORAGE_KEYS.viewedYear && event.key !== null) return;
    viewed = read();
    emit();
  });
}

/** Looks at `year` of the school (null: back to the current year). */
export function viewYear(schoolId: string, year: string | null) {
  viewed = year ? { schoolId, year } : null;
  if (viewed) storage.set(STORAGE_KEYS.viewedYear, JSON.stringify(viewed));
  else storage.remove(STORAGE_KEYS.viewedYear);
  emit();
}

/** The year looked at for this school, or null for its current year. */
export function viewedYear(schoolId: string | null | undefined): string | null {
  return schoolId && viewed?.schoolId === schoolId ? viewed.year : null;
}

/** Calls `listener` whenever the looked-at year changes, here or in another tab; answers how to stop. */
export function subscribeViewedYear(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * The list calls that follow the chosen year: each is sent with `academicYear` while another year is looked at,
 * unless the screen names a year itself (`academicYear=all`). The current year sends nothing, as before.
 */
export const YEAR_SCOPED_CALLS: ReadonlySet<string> = new Set([
  'GET /classes',
  'GET /classes/stats',
  'GET /students',
  'GET /students/export',
  'GET /students/stats',
  'GET /dashboard/summary',
  'GET /schedules',
  'GET /fees/structures',
  'GET /fees/due',
  'GET /fees/collections',
  'GET /fees/receipts',
  'GET /homework',
  'GET /homework/summary',
  'GET /students/attendance-overview',
]);

/** What the school portal's client adds to a call's query for the looked-at year. */
export function yearQueryOf(call: string, schoolId: string | null | undefined): { academicYear: string } | undefined {
  const year = viewedYear(schoolId);
  return year && YEAR_SCOPED_CALLS.has(call) ? { academicYear: year } : undefined;
}

/** The signed-in office user's school as this device keeps it (the session module keeps it there). */
export function storedSchoolId(): string | null {
  try {
    const user = JSON.parse(storage.get(STORAGE_KEYS.schoolUser) ?? 'null') as { schoolId?: unknown } | null;
    return typeof user?.schoolId === 'string' ? user.schoolId : null;
  } catch {
    return null;
  }
}
