import { useSyncExternalStore } from 'react';
import { subscribeViewedYear, viewedYear } from './viewed-year';

/** The year the office screens show for the school, or null while it is the current one. */
export function useViewedYear(schoolId: string | null | undefined): string | null {
  return useSyncExternalStore(
    subscribeViewedYear,
    () => viewedYear(schoolId),
    () => null,
  );
}
